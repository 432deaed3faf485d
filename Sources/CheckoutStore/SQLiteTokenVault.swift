import CheckoutCore
import GRDB

/// The vault behind `--data PATH`: tokens, and the platform key, in a SQLite
/// database at PATH that outlives the process and that several checkoutd
/// processes can share.
///
/// The database runs in WAL mode with `synchronous = FULL`, so a token `save`
/// returned is on disk; processes wait for each other's transactions for up to
/// ten seconds. Nothing secret is in it in clear text: card numbers and CVCs are
/// never given to the vault, fingerprints are keyed, and the platform key is
/// sealed with the store key, which lives in the key file `PATH.key` (mode 0600).
public final class SQLiteTokenVault: TokenVault {
    /// The database path the store was opened with.
    public let path: String
    public let fingerprintKey: CardFingerprintKey
    let storeKey: StoreKey
    let pool: DatabasePool

    /// Opens the store at `path`, creating the database and its key file when
    /// neither exists. Fails, naming `path` and the problem, when the file is not
    /// a checkoutd database or its key file is missing or belongs to another one.
    public init(path: String) throws(StoreError) {
        let pool = try StoreDatabase.open(path: path)
        let keyFile = StoreKeyFile(databasePath: path)
        do {
            let key: StoreKey
            if try StoreKeyCheck.isRecorded(in: pool) {
                guard let existing = try keyFile.load() else {
                    throw StoreError.Problem.keyFileMissing(keyPath: keyFile.path)
                }
                key = existing
            } else {
                key = try keyFile.loadOrCreate()
            }
            try StoreKeyCheck.verify(key, in: pool, keyPath: keyFile.path)
            self.storeKey = key
        } catch {
            try? pool.close()
            if let problem = error as? StoreError.Problem { throw StoreError(path: path, problem: problem) }
            throw StoreError(path: path, problem: StoreDatabase.problem(opening: path, error))
        }
        self.path = path
        self.pool = pool
        self.fingerprintKey = storeKey.cardFingerprintKey
    }

    public func save(_ token: StoredToken) throws(VaultError) -> StoredToken {
        try access("save a token") { pool in
            // One IMMEDIATE transaction (GRDB's kind for a writer): a process racing
            // on the same card waits for it, then finds this row and returns it.
            try pool.write { db in
                try db.execute(sql: TokenRow.insertUnlessSameCard, arguments: TokenRow.arguments(token))
                let stored = try Row.fetchOne(db, sql: """
                    SELECT \(TokenRow.columns) FROM token WHERE customer_id = ? AND fingerprint = ? AND expiry_date = ?
                    """, arguments: [token.customerId, token.fingerprint, token.expiryDate]).map(TokenRow.token)
                guard let stored else { throw MissingAfterSave() }
                return stored
            }
        }
    }

    public func token(id: String, customerId: String) throws(VaultError) -> StoredToken? {
        try access("read a token") { pool in
            try pool.read { db in
                try Row.fetchOne(db, sql: "SELECT \(TokenRow.columns) FROM token WHERE id = ? AND customer_id = ?",
                                 arguments: [id, customerId]).map(TokenRow.token)
            }
        }
    }

    public func tokens(customerId: String) throws(VaultError) -> [StoredToken] {
        try access("list tokens") { pool in
            try pool.read { db in
                try Row.fetchAll(db, sql: "SELECT \(TokenRow.columns) FROM token WHERE customer_id = ? ORDER BY sequence",
                                 arguments: [customerId]).map(TokenRow.token)
            }
        }
    }

    public func delete(id: String, customerId: String) throws(VaultError) -> Bool {
        try access("delete a token") { pool in
            try pool.write { db in
                try db.execute(sql: "DELETE FROM token WHERE id = ? AND customer_id = ?", arguments: [id, customerId])
                return db.changesCount > 0
            }
        }
    }

    /// Closes the database; every later call fails. Also done when the vault is released.
    public func close() throws(VaultError) {
        try access("close the store") { pool in try pool.close() }
    }

    /// Runs `body` on the pool, turning any failure into a `VaultError` that names
    /// the store and the operation, and SQLite's reason — never a statement's arguments.
    func access<Value>(_ operation: String, _ body: (DatabasePool) throws -> Value) throws(VaultError) -> Value {
        do {
            return try body(pool)
        } catch let error as DatabaseError {
            throw VaultError("the token store \(path): cannot \(operation) (\(StoreDatabase.reason(error)))")
        } catch let error as StoreFailure {
            throw VaultError("the token store \(path): cannot \(operation) (\(error))")
        } catch {
            // Other errors (GRDB's decoding errors) may quote a row: name the type only.
            throw VaultError("the token store \(path): cannot \(operation) (\(type(of: error)))")
        }
    }

    private struct MissingAfterSave: StoreFailure {
        var description: String { "the token is not in the store after saving it" }
    }
}

/// A failure of the store's own, whose description holds no stored data.
protocol StoreFailure: Error, CustomStringConvertible {}
