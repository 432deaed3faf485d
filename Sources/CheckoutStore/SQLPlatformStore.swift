import CheckoutCore
import Foundation
import GRDB
import Synchronization

/// The platform's state in a SQL database (`--data`): sessions, challenges,
/// tokens (with their shoppers' addresses), access sessions, payments and the sealed platform key, in SQLite or PostgreSQL through the same
/// statements. Nothing is kept in the process: every call asks the database, so
/// any number of checkoutd processes on one store act as one platform. A session
/// close and a challenge are consumed by one conditional `DELETE … RETURNING`,
/// so exactly once across processes; expired rows are swept as new ones come.
///
/// Nothing secret is in clear: card numbers and CVCs never reach the store,
/// fingerprints are keyed, and the platform key is sealed with the store key,
/// which lives in a key file outside the database (mode 0600).
public final class SQLPlatformStore: SessionStore, ChallengeStore, TokenVault, AccessSessionStore, PaymentStore,
    PlatformKeyStore {
    public let kind: PlatformStore.Kind
    /// The path, or the URI with its password masked: what messages show.
    public let location: String
    public let schemaVersion: Int
    public let timeToLive: Int64
    public let fingerprintKey: CardFingerprintKey
    let database: any SQLDatabase
    let storeKey: StoreKey

    /// How long a challenge can be answered.
    public static let challengeTimeToLive = ChallengeTable.defaultTimeToLive

    init(kind: PlatformStore.Kind, location: String, schemaVersion: Int, database: any SQLDatabase, storeKey: StoreKey,
         sessionTimeToLive: Int64) {
        self.kind = kind
        self.location = location
        self.schemaVersion = schemaVersion
        self.database = database
        self.storeKey = storeKey
        self.timeToLive = sessionTimeToLive
        self.fingerprintKey = storeKey.cardFingerprintKey
    }

    /// The store as the platform's, for the service.
    public var platform: PlatformStore {
        PlatformStore(kind: kind, schemaVersion: schemaVersion, sessions: self, challenges: ChallengesView(store: self),
                      tokens: self, accessSessions: self, payments: self)
    }

    // MARK: Sessions

    public func insert(_ session: Session, now: Timestamp) throws(StoreUnavailable) {
        let record = try encode(SessionRecord(session))
        try access("keep a session") {
            try database.write { connection in
                try connection.execute("DELETE FROM session WHERE forget_at <= $1", [.integer(now.secondsSinceEpoch)])
                try connection.execute("""
                    INSERT INTO session (client_session_id, record, expires_at, forget_at) VALUES ($1, $2, $3, $4)
                    ON CONFLICT (client_session_id) DO UPDATE
                    SET record = excluded.record, expires_at = excluded.expires_at, forget_at = excluded.forget_at
                    """, [.text(session.clientSessionId), .text(record), .integer(session.expiresAt.secondsSinceEpoch),
                          .integer(session.expiresAt.adding(seconds: timeToLive).secondsSinceEpoch)])
            }
        }
    }

    public func session(id: String, now: Timestamp) throws(StoreUnavailable) -> Result<Session, SessionTable.LookupError> {
        let row = try access("read a session") {
            try database.read { connection in
                try connection.query("SELECT record, expires_at, forget_at FROM session WHERE client_session_id = $1",
                                     [.text(id)]).first
            }
        }
        return try lookup(row, now: now)
    }

    public func update(id: String, now: Timestamp, _ change: (inout Session) -> Void)
        throws(StoreUnavailable) -> Result<Session, SessionTable.LookupError> {
        try access("change a session") {
            try database.write { connection in
                let row = try connection.query("""
                    SELECT record, expires_at, forget_at FROM session WHERE client_session_id = $1\(database.dialect.lockingRead)
                    """, [.text(id)]).first
                let found = try lookup(row, now: now)
                guard case .success(var session) = found else { return found }
                let (createdAt, expiresAt) = (session.createdAt, session.expiresAt)
                change(&session)
                session.clientSessionId = id
                session.createdAt = createdAt
                session.expiresAt = expiresAt
                try connection.execute("UPDATE session SET record = $2 WHERE client_session_id = $1",
                                       [.text(id), .text(try encode(SessionRecord(session)))])
                return .success(session)
            }
        }
    }

    public func close(id: String, now: Timestamp) throws(StoreUnavailable) -> Result<Session, SessionTable.LookupError> {
        try access("close a session") {
            try database.write { connection in
                let closed = try connection.query("""
                    DELETE FROM session WHERE client_session_id = $1 AND expires_at > $2 RETURNING record, expires_at, forget_at
                    """, [.text(id), .integer(now.secondsSinceEpoch)]).first
                if closed != nil { return try lookup(closed, now: now) }
                let row = try connection.query(
                    "SELECT record, expires_at, forget_at FROM session WHERE client_session_id = $1", [.text(id)]).first
                return try lookup(row, now: now)
            }
        }
    }

    /// A session row as a lookup at `now` answers it: live, expired (until it is
    /// forgotten), or not found.
    private func lookup(_ row: [SQLValue]?, now: Timestamp) throws(StoreUnavailable) -> Result<Session, SessionTable.LookupError> {
        guard let row, row.count == 3, let record = row[0].text, let expiresAt = row[1].integer,
              let forgetAt = row[2].integer, forgetAt > now.secondsSinceEpoch else { return .failure(.notFound) }
        if expiresAt <= now.secondsSinceEpoch { return .failure(.expired(at: Timestamp(secondsSinceEpoch: expiresAt))) }
        return .success(try lastRead.session(of: record) { text throws(StoreUnavailable) in
            try decode(SessionRecord.self, from: text).restored
        })
    }

    /// The last session record read and what it decoded to: a lookup whose row
    /// holds the very same text (a host asking about its session again) skips
    /// decoding it. The row is read from the store every time, so nothing
    /// another process changed is ever missed.
    private let lastRead = LastDecodedSession()

    // MARK: Challenges

    /// The challenge operations, under the names `ChallengeStore` gives them.
    private struct ChallengesView: ChallengeStore {
        let store: SQLPlatformStore
        var timeToLive: Int64 { SQLPlatformStore.challengeTimeToLive }
        func keep(_ pending: PendingChallenge, now: Timestamp) throws(StoreUnavailable) { try store.keep(pending, now: now) }
        func take(id: String, now: Timestamp) throws(StoreUnavailable) -> PendingChallenge? { try store.take(id: id, now: now) }
    }

    public func keep(_ pending: PendingChallenge, now: Timestamp) throws(StoreUnavailable) {
        let record = try encode(pending)
        try access("keep a challenge") {
            try database.write { connection in
                try connection.execute("DELETE FROM challenge WHERE expires_at <= $1", [.integer(now.secondsSinceEpoch)])
                try connection.execute("INSERT INTO challenge (challenge_id, record, expires_at) VALUES ($1, $2, $3)",
                                       [.text(pending.challengeId), .text(record),
                                        .integer(pending.expiresAt.secondsSinceEpoch)])
            }
        }
    }

    public func take(id: String, now: Timestamp) throws(StoreUnavailable) -> PendingChallenge? {
        let row = try access("take a challenge") {
            try database.write { connection in
                try connection.query("DELETE FROM challenge WHERE challenge_id = $1 RETURNING record, expires_at",
                                     [.text(id)]).first
            }
        }
        guard let row, let record = row.first?.text, let expiresAt = row.last?.integer,
              expiresAt > now.secondsSinceEpoch else { return nil }
        return try decode(PendingChallenge.self, from: record)
    }

    // MARK: Tokens

    public func save(_ token: StoredToken) throws(StoreUnavailable) -> StoredToken {
        try access("save a token") {
            // One transaction: a process racing on the same card waits for it, then
            // finds this row and returns it.
            try database.write { connection in
                try connection.execute(TokenRow.insertUnlessSameCard, TokenRow.values(token))
                guard let row = try connection.query("""
                    SELECT \(TokenRow.columns) FROM token WHERE customer_id = $1 AND fingerprint = $2 AND expiry_date = $3
                    """, [.text(token.customerId), .text(token.fingerprint), .text(token.expiryDate)]).first
                else { throw MissingAfterSave() }
                return try TokenRow.token(row)
            }
        }
    }

    public func update(id: String, customerId: String, _ change: TokenChange) throws(StoreUnavailable) -> TokenUpdateOutcome {
        try access("update a token") {
            // One transaction holding the row (PostgreSQL: FOR UPDATE; SQLite: the
            // write lock), so two updates of one token do not lose either's change.
            try database.write { connection in
                guard let row = try connection.query("""
                    SELECT \(TokenRow.columns) FROM token WHERE id = $1 AND customer_id = $2\(database.dialect.lockingRead)
                    """, [.text(id), .text(customerId)]).first
                else { return .notFound }
                let changed = change.applied(to: try TokenRow.token(row))
                func sameCard() throws -> String? {
                    try connection.query("""
                        SELECT id FROM token WHERE customer_id = $1 AND fingerprint = $2 AND expiry_date = $3 AND id <> $4
                        """, [.text(customerId), .text(changed.fingerprint), .text(changed.expiryDate), .text(id)]).first?.first?.text
                }
                if let other = try sameCard() { return .sameCardExists(tokenId: other) }
                // PostgreSQL: another process may insert that card with the new expiry
                // after the look-up; the unique index then refuses this update when it
                // commits, and the savepoint lets the look-up run again and say so.
                try connection.execute("SAVEPOINT token_update")
                do {
                    try connection.execute("""
                        UPDATE token SET expiry_date = $3, billing_details = $4, shipping_details = $5
                        WHERE id = $1 AND customer_id = $2
                        """, [.text(id), .text(customerId), .text(changed.expiryDate),
                              SQLValue(try TokenRow.json(changed.billingDetails)),
                              SQLValue(try TokenRow.json(changed.shippingDetails))])
                    try connection.execute("RELEASE SAVEPOINT token_update")
                } catch {
                    try connection.execute("ROLLBACK TO SAVEPOINT token_update")
                    if let other = try sameCard() { return .sameCardExists(tokenId: other) }
                    throw error
                }
                return .updated(changed)
            }
        }
    }

    public func token(id: String, customerId: String) throws(StoreUnavailable) -> StoredToken? {
        try access("read a token") {
            try database.read { connection in
                try connection.query("SELECT \(TokenRow.columns) FROM token WHERE id = $1 AND customer_id = $2",
                                     [.text(id), .text(customerId)]).first.map(TokenRow.token)
            }
        }
    }

    public func tokens(customerId: String) throws(StoreUnavailable) -> [StoredToken] {
        try access("list tokens") {
            try database.read { connection in
                try connection.query("SELECT \(TokenRow.columns) FROM token WHERE customer_id = $1 ORDER BY sequence",
                                     [.text(customerId)]).map(TokenRow.token)
            }
        }
    }

    public func delete(id: String, customerId: String) throws(StoreUnavailable) -> Bool {
        try access("delete a token") {
            try database.write { connection in
                !(try connection.query("DELETE FROM token WHERE id = $1 AND customer_id = $2 RETURNING id",
                                       [.text(id), .text(customerId)]).isEmpty)
            }
        }
    }

    // MARK: Access sessions

    public func keep(_ session: AccessSession, now: Timestamp) throws(StoreUnavailable) {
        let record = try encode(session)
        try access("keep an access session") {
            try database.write { connection in
                try connection.execute("DELETE FROM access_session WHERE expires_at <= $1", [.integer(now.secondsSinceEpoch)])
                try connection.execute("""
                    INSERT INTO access_session (id, kind, client_session_id, record, expires_at) VALUES ($1, $2, $3, $4, $5)
                    """, [.text(session.id), .text(session.kind.rawValue), .text(session.clientSessionId), .text(record),
                          .integer(session.expiresAt.secondsSinceEpoch)])
            }
        }
    }

    public func session(id: String, kind: AccessSession.Kind, clientSessionId: String, now: Timestamp)
        throws(StoreUnavailable) -> AccessSession? {
        let record = try access("read an access session") {
            try database.read { connection in
                try connection.query("""
                    SELECT record FROM access_session WHERE id = $1 AND kind = $2 AND client_session_id = $3 AND expires_at > $4
                    """, [.text(id), .text(kind.rawValue), .text(clientSessionId), .integer(now.secondsSinceEpoch)])
                    .first?.first?.text
            }
        }
        return try record.map { text throws(StoreUnavailable) in try decode(AccessSession.self, from: text) }
    }

    public func take(id: String, kind: AccessSession.Kind, clientSessionId: String, now: Timestamp)
        throws(StoreUnavailable) -> AccessSession? {
        let record = try access("take an access session") {
            try database.write { connection in
                try connection.query("""
                    DELETE FROM access_session WHERE id = $1 AND kind = $2 AND client_session_id = $3 AND expires_at > $4
                    RETURNING record
                    """, [.text(id), .text(kind.rawValue), .text(clientSessionId), .integer(now.secondsSinceEpoch)])
                    .first?.first?.text
            }
        }
        return try record.map { text throws(StoreUnavailable) in try decode(AccessSession.self, from: text) }
    }

    // MARK: Payments

    /// One transaction: the payment row (or the existing one for its idempotency
    /// key), then the nonce's claim; a nonce claimed before rolls the payment back.
    public func insert(_ record: PaymentRecord, nonce: PaymentNonce?, now: Timestamp)
        throws(StoreUnavailable) -> PaymentInsertion {
        let text = try encode(record)
        let outcome = try access("keep a payment") { () throws -> (existing: String?, replayed: Bool) in
            do {
                return try database.write { connection in
                    let inserted = try connection.query("""
                        INSERT INTO payment (id, client_session_id, idempotency_key, status, record, created_at)
                        VALUES ($1, $2, $3, $4, $5, $6)
                        ON CONFLICT (client_session_id, idempotency_key) DO NOTHING RETURNING id
                        """, [.text(record.payment.id), .text(record.clientSessionId), SQLValue(record.idempotencyKey),
                              .text(record.payment.status.rawValue), .text(text),
                              .integer(record.payment.createdAt.secondsSinceEpoch)])
                    if inserted.isEmpty {
                        let existing = try connection.query("""
                            SELECT record FROM payment WHERE client_session_id = $1 AND idempotency_key = $2
                            """, [.text(record.clientSessionId), SQLValue(record.idempotencyKey)]).first?.first?.text
                        return (existing, false)
                    }
                    guard let nonce else { return (nil, false) }
                    try connection.execute("DELETE FROM payment_nonce WHERE expires_at <= $1", [.integer(now.secondsSinceEpoch)])
                    let claimed = try connection.query("""
                        INSERT INTO payment_nonce (nonce, expires_at) VALUES ($1, $2) ON CONFLICT (nonce) DO NOTHING RETURNING nonce
                        """, [.text(nonce.nonce), .integer(nonce.until.secondsSinceEpoch)])
                    if claimed.isEmpty { throw ReplayedNonce() }
                    return (nil, false)
                }
            } catch is ReplayedNonce {
                return (nil, true)
            }
        }
        if outcome.replayed { return .replayed }
        guard let existing = outcome.existing else { return .kept(record) }
        return .existing(try decode(PaymentRecord.self, from: existing))
    }

    /// Rolls a payment back whose nonce was claimed before.
    private struct ReplayedNonce: Error {}

    public func record(id: String) throws(StoreUnavailable) -> PaymentRecord? {
        let text = try access("read a payment") {
            try database.read { try $0.query("SELECT record FROM payment WHERE id = $1", [.text(id)]).first?.first?.text }
        }
        return try text.map { text throws(StoreUnavailable) in try decode(PaymentRecord.self, from: text) }
    }

    public func record(clientSessionId: String, idempotencyKey: String) throws(StoreUnavailable) -> PaymentRecord? {
        let text = try access("read a payment") {
            try database.read { connection in
                try connection.query("SELECT record FROM payment WHERE client_session_id = $1 AND idempotency_key = $2",
                                     [.text(clientSessionId), .text(idempotencyKey)]).first?.first?.text
            }
        }
        return try text.map { text throws(StoreUnavailable) in try decode(PaymentRecord.self, from: text) }
    }

    public func replace(_ record: PaymentRecord, ifStatus expected: PaymentStatus) throws(StoreUnavailable) -> Bool {
        let text = try encode(record)
        return try access("change a payment") {
            try database.write { connection in
                !(try connection.query("""
                    UPDATE payment SET record = $2, status = $3 WHERE id = $1 AND status = $4 RETURNING id
                    """, [.text(record.payment.id), .text(text), .text(record.payment.status.rawValue),
                          .text(expected.rawValue)]).isEmpty)
            }
        }
    }

    // MARK: Platform key

    /// The platform key kept in the store, sealed with the store key. A store that
    /// has none gets one from `generate`; when several processes do this at once,
    /// the first key stored wins and every process returns it.
    public func platformKey(generatingWith generate: () throws(PlatformKeyError) -> PlatformKey) throws(StoreError) -> PlatformKey {
        if let sealed = try keyAccess({ try database.read { try $0.scalar("SELECT sealed_pem FROM platform_key")?.blob } }) {
            return try openPlatformKey(sealed)
        }
        let fresh: PlatformKey
        do {
            fresh = try generate()
        } catch {
            throw StoreError(path: location, problem: .platformKeyNotGenerated(error))
        }
        let sealed = storeKey.seal(Array(fresh.pkcs8PEMRepresentation.utf8), as: .platformKey)
        let kept = try keyAccess {
            try database.write { connection in
                try connection.execute("""
                    INSERT INTO platform_key (singleton, sealed_pem) VALUES (1, $1) ON CONFLICT (singleton) DO NOTHING
                    """, [.blob(sealed)])
                return try connection.scalar("SELECT sealed_pem FROM platform_key")?.blob
            }
        }
        if kept == sealed { return fresh }
        guard let kept else { throw StoreError(path: location, problem: .storedPlatformKeyUnusable) }
        return try openPlatformKey(kept)
    }

    private func openPlatformKey(_ sealed: [UInt8]) throws(StoreError) -> PlatformKey {
        guard let pem = storeKey.open(sealed, as: .platformKey).flatMap({ String(validating: $0, as: UTF8.self) }),
              let key = try? PlatformKey(pemRepresentation: pem)
        else { throw StoreError(path: location, problem: .storedPlatformKeyUnusable) }
        return key
    }

    private func keyAccess<Value>(_ body: () throws -> Value) throws(StoreError) -> Value {
        do {
            return try body()
        } catch {
            throw StoreError(path: location, problem: .database(reason: Self.reason(error)))
        }
    }

    /// Closes the store; every later call fails.
    public func close() throws(StoreUnavailable) {
        try access("close the store") { try database.close() }
    }

    // MARK: Failures and records

    /// Runs `body`, turning any failure into `StoreUnavailable` naming the store,
    /// the operation and the database's reason — never a statement's values.
    func access<Value>(_ operation: String, _ body: () throws -> Value) throws(StoreUnavailable) -> Value {
        do {
            return try body()
        } catch let error as StoreUnavailable {
            throw error
        } catch {
            throw StoreUnavailable("the store \(location): cannot \(operation) (\(Self.reason(error)))")
        }
    }

    static func reason(_ error: any Error) -> String {
        switch error {
        case let error as DatabaseError: StoreDatabase.reason(error)
        case let error as PostgresFailure: error.message
        case let error as StoreFailure: error.description
        // Other errors (decoding errors) may quote a row: name the type only.
        default: "\(type(of: error))"
        }
    }

    private func encode(_ value: some Encodable) throws(StoreUnavailable) -> String {
        do {
            return String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        } catch {
            throw StoreUnavailable("the store \(location): cannot encode a record (\(type(of: error)))")
        }
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from text: String) throws(StoreUnavailable) -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch {
            throw StoreUnavailable("the store \(location): a stored \(type) cannot be read (\(Swift.type(of: error)))")
        }
    }

    private struct MissingAfterSave: StoreFailure {
        var description: String { "the token is not in the store after saving it" }
    }
}

/// A failure of the store's own, whose description holds no stored data.
protocol StoreFailure: Error, CustomStringConvertible {}

/// One session record's text and the session it decodes to, under a lock.
final class LastDecodedSession: Sendable {
    private let last = Mutex<(text: String, session: Session)?>(nil)

    func session(of text: String, decoding: (String) throws(StoreUnavailable) -> Session) throws(StoreUnavailable) -> Session {
        if let last = last.withLock({ $0 }), last.text == text { return last.session }
        let session = try decoding(text)
        last.withLock { $0 = (text, session) }
        return session
    }
}
