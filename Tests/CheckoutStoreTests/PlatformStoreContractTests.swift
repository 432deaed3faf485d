@testable import CheckoutStore
import CheckoutCore
import Dispatch
import Foundation
import Synchronization
import Testing

/// The stores the contract runs against: memory, SQLite, and PostgreSQL when
/// `CHECKOUTD_TEST_POSTGRES` names a server (`scripts/with-postgres` sets it;
/// `./scripts/test` always runs under it).
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case memory, sqlite, postgresql

    var testDescription: String { rawValue }

    static var postgresURI: String? { ProcessInfo.processInfo.environment["CHECKOUTD_TEST_POSTGRES"] }

    /// Every kind this run can reach.
    static var available: [StoreKind] { postgresURI == nil ? [.memory, .sqlite] : allCases }

    /// The kinds that live outside the process and so can be opened twice.
    static var shared: [StoreKind] { available.filter { $0 != .memory } }
}

/// One test's store: a fresh file, or a fresh PostgreSQL database, removed with it.
final class StoreUnderTest: @unchecked Sendable {
    // @unchecked Sendable: every member is set once in init and only read after.
    let kind: StoreKind
    let directory: TemporaryDirectory
    let location: StoreLocation?
    let keyPath: String?
    private let memory: PlatformStore?
    private let databaseName: String?

    static let sessionTimeToLive: Int64 = 60

    init(_ kind: StoreKind) throws {
        self.kind = kind
        directory = try TemporaryDirectory()
        switch kind {
        case .memory:
            location = nil
            keyPath = nil
            databaseName = nil
            memory = .memory(sessionTimeToLive: Self.sessionTimeToLive)
        case .sqlite:
            location = .sqlite(path: directory.database)
            keyPath = nil
            databaseName = nil
            memory = nil
        case .postgresql:
            let name = "contract_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
            try Self.administer("CREATE DATABASE \(name)")
            databaseName = name
            location = .postgresql(uri: Self.uri(database: name))
            keyPath = directory.path + "/store.key"
            memory = nil
        }
    }

    deinit {
        if let databaseName { try? Self.administer("DROP DATABASE IF EXISTS \(databaseName) WITH (FORCE)") }
    }

    /// The URI of database `name` on the test server.
    static func uri(database name: String) -> String {
        StoreKind.postgresURI!.replacingOccurrences(of: "///checkoutd?", with: "///\(name)?")
    }

    /// Runs a statement outside any transaction on the test server's `checkoutd` database.
    static func administer(_ sql: String) throws {
        let connection = try PostgresConnection(conninfo: StoreKind.postgresURI!)
        try connection.execute(sql)
    }

    /// The SQL store itself (a new one each call, as a second process would open it).
    func openSQL(migratingUpTo version: Int? = nil) throws -> SQLPlatformStore {
        try SQLPlatformStore.open(location!, storeKeyPath: keyPath, sessionTimeToLive: Self.sessionTimeToLive,
                                  migratingUpTo: version)
    }

    /// The platform as a process sees it.
    func open() throws -> PlatformStore {
        if let memory { return memory }
        return try openSQL().platform
    }
}

let contractStart = Timestamp(secondsSinceEpoch: 1_795_255_200)

func contractSession(_ id: String, amount: Int64 = 2999, at start: Timestamp = contractStart) -> Session {
    Session(clientSessionId: id, customerId: "cus_\(id)", appIdentifier: "app", createdAt: start,
            expiresAt: start.adding(seconds: StoreUnderTest.sessionTimeToLive),
            context: PaymentContext(amountOfMoney: AmountOfMoney(amount: amount, currencyCode: "EUR"), countryCode: "NL"),
            taxAmount: 100)
}

let contractShipping = Address(name: "Wile E. Coyote", address: "Damrak 1", city: "Amsterdam", zip: "1012 LG",
                               country: "NL", phone: "+31 20 555 0100")

/// Writes `token` into `store` as a checkoutd of schema version 1 or 2 did: the
/// columns of version 1, none for addresses.
func insertAsAnOlderCheckoutd(_ token: StoredToken, into store: SQLPlatformStore) throws {
    try store.database.write { connection in
        try connection.execute("""
            INSERT INTO token (id, customer_id, payment_product_id, brand, bin, last4_digits, alias, expiry_date,
                               cardholder_name, issuing_country, card_type, fingerprint, created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
            """, [.text(token.id), .text(token.customerId), SQLValue(token.paymentProductId), .text(token.brand),
                  .text(token.bin), .text(token.last4Digits), .text(token.alias), .text(token.expiryDate),
                  SQLValue(token.cardholderName), SQLValue(token.issuingCountry), SQLValue(token.cardType?.rawValue),
                  .text(token.fingerprint), .integer(token.createdAt.secondsSinceEpoch)])
    }
}

@Suite("Platform store contract")
struct PlatformStoreContractTests {
    @Test(arguments: StoreKind.available)
    func aSessionIsKeptReplacedChangedAndClosedOnce(_ kind: StoreKind) throws {
        let underTest = try StoreUnderTest(kind)
        defer { withExtendedLifetime(underTest) {} }
        let store = try underTest.open().sessions
        try store.insert(contractSession("s1"), now: contractStart)
        #expect(try store.session(id: "s1", now: contractStart).get() == contractSession("s1"))
        try store.insert(contractSession("s1", amount: 5000), now: contractStart)
        #expect(try store.session(id: "s1", now: contractStart).get().context.amountOfMoney.amount == 5000)
        let changed = try store.update(id: "s1", now: contractStart) { session in
            session.appIdentifier = "changed"
            session.clientSessionId = "not kept"
            session.expiresAt = contractStart.adding(seconds: 1_000_000)
        }.get()
        #expect(changed.appIdentifier == "changed")
        #expect(changed.clientSessionId == "s1" && changed.expiresAt == contractStart.adding(seconds: 60), "id and life stay")
        #expect(try store.session(id: "s1", now: contractStart).get() == changed)
        #expect(try store.close(id: "s1", now: contractStart).get().appIdentifier == "changed")
        #expect(try store.close(id: "s1", now: contractStart) == .failure(.notFound))
        #expect(try store.session(id: "s1", now: contractStart) == .failure(.notFound))
        #expect(try store.update(id: "nope", now: contractStart) { _ in } == .failure(.notFound))
    }

    @Test(arguments: StoreKind.available)
    func theOriginalAmountsSurviveTheStore(_ kind: StoreKind) throws {
        let underTest = try StoreUnderTest(kind)
        defer { withExtendedLifetime(underTest) {} }
        let store = try underTest.open().sessions
        try store.insert(contractSession("s1"), now: contractStart)
        let rates = RatesTable(base: "USD", asOf: contractStart, source: "test", currencies: [
            Currency(code: "USD", name: "US Dollar", minorUnits: 2, rate: DecimalNumber("1")!),
            Currency(code: "EUR", name: "Euro", minorUnits: 2, rate: DecimalNumber("0.9")!),
        ])
        _ = try store.update(id: "s1", now: contractStart) { try? $0.changeCurrency(to: "USD", rates: rates) }.get()
        let back = try store.update(id: "s1", now: contractStart) { try? $0.changeCurrency(to: "EUR", rates: rates) }.get()
        #expect(back.context.amountOfMoney == AmountOfMoney(amount: 2999, currencyCode: "EUR"))
        #expect(back.taxAmount == 100)
    }

    @Test(arguments: StoreKind.available)
    func anExpiredSessionIsExpiredForOneMoreLifeThenForgotten(_ kind: StoreKind) throws {
        let underTest = try StoreUnderTest(kind)
        defer { withExtendedLifetime(underTest) {} }
        let store = try underTest.open().sessions
        try store.insert(contractSession("s1"), now: contractStart)
        let expiry = contractStart.adding(seconds: 60)
        #expect(try store.session(id: "s1", now: expiry) == .failure(.expired(at: expiry)))
        #expect(try store.close(id: "s1", now: expiry) == .failure(.expired(at: expiry)))
        #expect(try store.update(id: "s1", now: expiry) { _ in } == .failure(.expired(at: expiry)))
        // A later write sweeps it once its marker's life is over too.
        try store.insert(contractSession("s2", at: expiry.adding(seconds: 60)), now: expiry.adding(seconds: 60))
        #expect(try store.session(id: "s1", now: expiry.adding(seconds: 60)) == .failure(.notFound))
    }

    @Test(arguments: StoreKind.available)
    func aChallengeIsTakenOnceAndNotAfterItExpires(_ kind: StoreKind) throws {
        let underTest = try StoreUnderTest(kind)
        defer { withExtendedLifetime(underTest) {} }
        let store = try underTest.open().challenges
        var generator = SystemRandomNumberGenerator()
        let decision = ThreeDSDecision(flow: .challenge(.standard), brandCode: "visa", threeDSVersion: "2.2.0")
        let started = try store.start(decision, now: contractStart, using: &generator)
        let id = try #require(started.challenge?.challengeId)
        let result = try store.complete(id: id, with: .code("1234"), now: contractStart, using: &generator)
        #expect(result?.status == .authenticationSucceeded)
        #expect(result?.dsTransId == started.dsTransId)
        #expect(try store.complete(id: id, with: .code("1234"), now: contractStart, using: &generator) == nil)
        let late = try #require(try store.start(decision, now: contractStart, using: &generator).challenge?.challengeId)
        #expect(try store.take(id: late, now: contractStart.adding(seconds: store.timeToLive)) == nil)
        let frictionless = ThreeDSDecision(flow: .frictionless(.succeeded), brandCode: "visa", threeDSVersion: "2.2.0")
        #expect(try store.start(frictionless, now: contractStart, using: &generator).challenge == nil)
    }

    @Test(arguments: StoreKind.available)
    func theSameCardIsOneTokenPerCustomer(_ kind: StoreKind) throws {
        let underTest = try StoreUnderTest(kind)
        defer { withExtendedLifetime(underTest) {} }
        let tokens = try underTest.open().tokens
        let first = try tokens.save(makeToken("t1", in: tokens))
        #expect(try tokens.save(makeToken("t2", in: tokens)) == first)
        _ = try tokens.save(makeToken("t3", expiry: "1131", in: tokens))
        _ = try tokens.save(makeToken("t4", customer: "customer-2", in: tokens))
        #expect(try tokens.tokens(customerId: "customer-1").map(\.id) == ["t1", "t3"])
        #expect(try tokens.token(id: "t1", customerId: "customer-2") == nil)
        #expect(try tokens.delete(id: "t1", customerId: "customer-1"))
        #expect(try !tokens.delete(id: "t1", customerId: "customer-1"))
        #expect(try tokens.tokens(customerId: "customer-1").map(\.id) == ["t3"])
    }

    /// Two processes on one store are one platform: what one writes the other
    /// reads, and a close or a challenge raced from both succeeds once.
    @Test(arguments: StoreKind.shared)
    func twoOpeningsOfOneStoreActAsOnePlatform(_ kind: StoreKind) throws {
        let underTest = try StoreUnderTest(kind)
        defer { withExtendedLifetime(underTest) {} }
        let (first, second) = (try underTest.open(), try underTest.open())
        try first.sessions.insert(contractSession("s1"), now: contractStart)
        _ = try second.sessions.update(id: "s1", now: contractStart) { $0.appIdentifier = "second" }.get()
        #expect(try first.sessions.session(id: "s1", now: contractStart).get().appIdentifier == "second")
        var generator = SystemRandomNumberGenerator()
        let decision = ThreeDSDecision(flow: .challenge(.standard), brandCode: "visa", threeDSVersion: "2.2.0")
        let ids = try (0..<8).map { _ in try #require(try first.challenges.start(decision, now: contractStart, using: &generator).challenge?.challengeId) }
        let wins = Atomic<Int>(0)
        let closes = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let platform = index.isMultiple(of: 2) ? first : second
            if (try? platform.challenges.take(id: ids[index % 8], now: contractStart)) ?? nil != nil {
                wins.add(1, ordering: .relaxed)
            }
            if case .success? = try? platform.sessions.close(id: "s1", now: contractStart) { closes.add(1, ordering: .relaxed) }
        }
        #expect(wins.load(ordering: .relaxed) == 8, "each challenge taken exactly once")
        #expect(closes.load(ordering: .relaxed) == 1, "the session closed exactly once")
        let token = try first.tokens.save(makeToken("t1", in: first.tokens))
        #expect(try second.tokens.save(makeToken("t2", in: second.tokens)) == token)
        guard case .updated(let updated) = try second.tokens.update(
            id: "t1", customerId: "customer-1", TokenChange(shippingDetails: .replace(contractShipping))) else {
            Issue.record("the token was not updated")
            return
        }
        #expect(try first.tokens.tokens(customerId: "customer-1") == [updated])
    }

    /// The addresses a token keeps for a returning shopper (API.md 9.6) read back
    /// exactly; the same card again takes the addresses it gives and keeps the others.
    @Test(arguments: StoreKind.available)
    func aTokensAddressesRoundTrip(_ kind: StoreKind) throws {
        let underTest = try StoreUnderTest(kind)
        defer { withExtendedLifetime(underTest) {} }
        let tokens = try underTest.open().tokens
        let billing = Address(name: "王小明", address: "1 Queen's Road \"Central\"", city: "Hong Kong", country: "hk",
                              phone: "", email: "wang@example.hk")
        var token = makeToken("t1", in: tokens)
        token.billingDetails = billing
        token.shippingDetails = contractShipping
        #expect(try tokens.save(token) == token)
        #expect(try tokens.token(id: "t1", customerId: "customer-1") == token)
        #expect(try underTest.open().tokens.tokens(customerId: "customer-1") == [token])
        var again = makeToken("t2", in: tokens)
        again.shippingDetails = Address(name: "Road Runner", address: "1 Desert Road", city: "Phoenix", zip: "85001",
                                        country: "US", state: "AZ")
        let kept = try tokens.save(again)
        #expect(kept.id == "t1" && kept.billingDetails == billing && kept.shippingDetails == again.shippingDetails)
        #expect(try tokens.tokens(customerId: "customer-1") == [kept])
        #expect(try tokens.save(makeToken("t3", in: tokens)) == kept, "one left out keeps the stored one")
        let bare = try tokens.save(makeToken("t4", expiry: "1131", in: tokens))
        #expect(bare.billingDetails == nil && bare.shippingDetails == nil)
    }

    /// `tokens.update`: scoped to the customer, atomic, and never two tokens for one card and expiry.
    @Test(arguments: StoreKind.available)
    func aTokenIsUpdatedOnlyForItsCustomerAndNeverOntoAnotherTokensExpiry(_ kind: StoreKind) throws {
        let underTest = try StoreUnderTest(kind)
        defer { withExtendedLifetime(underTest) {} }
        let tokens = try underTest.open().tokens
        var first = makeToken("t1", in: tokens)
        first.billingDetails = Address(name: "Wile E. Coyote", zip: "1011 AB", country: "NL")
        first = try tokens.save(first)
        let renewed = try tokens.save(makeToken("t2", expiry: "1131", in: tokens))
        let change = TokenChange(expiryDate: "0332")
        #expect(try tokens.update(id: "t1", customerId: "customer-2", change) == .notFound)
        #expect(try tokens.update(id: "t9", customerId: "customer-1", change) == .notFound)
        #expect(try tokens.update(id: "t1", customerId: "customer-1", TokenChange(expiryDate: renewed.expiryDate))
                == .sameCardExists(tokenId: "t2"))
        #expect(try tokens.token(id: "t1", customerId: "customer-1") == first, "nothing changed")

        var expected = first
        expected.expiryDate = "0332"
        expected.billingDetails = nil
        expected.shippingDetails = contractShipping
        let outcome = try tokens.update(id: "t1", customerId: "customer-1", TokenChange(
            billingDetails: .remove, shippingDetails: .replace(contractShipping), expiryDate: "0332"))
        #expect(outcome == .updated(expected))
        #expect(try underTest.open().tokens.tokens(customerId: "customer-1") == [expected, renewed], "order kept")
        #expect(try tokens.update(id: "t1", customerId: "customer-1", TokenChange()) == .updated(expected))
        // The renewed expiry is the token's now: the card with it is this token, the old expiry a new one.
        #expect(try tokens.save(makeToken("t3", expiry: "0332", in: tokens)).id == "t1")
        #expect(try tokens.save(makeToken("t4", in: tokens)).id == "t4")
        #expect(try tokens.update(id: "t1", customerId: "customer-2", TokenChange(billingDetails: .remove)) == .notFound)
    }

    /// An update racing another process that stores the same card with the new
    /// expiry, committed after the update looked for it: the unique index refuses
    /// the update, which then finds that token and changes nothing.
    @Test func aPostgreSQLUpdateRacingTheSameCardWithItsNewExpiryFindsIt() throws {
        guard StoreKind.postgresURI != nil else { return }
        let underTest = try StoreUnderTest(.postgresql)
        defer { withExtendedLifetime(underTest) {} }
        let (first, second) = (try underTest.openSQL(), try underTest.openSQL())
        let token = try first.save(makeToken("t1", in: first))
        let outcome = Mutex<Result<TokenUpdateOutcome, StoreUnavailable>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        try first.database.write { connection in
            try connection.execute(TokenRow.insertUnlessSameCard, TokenRow.values(makeToken("t2", expiry: "0332", in: first)))
            DispatchQueue.global().async {
                let result = Result { () throws(StoreUnavailable) in
                    try second.update(id: "t1", customerId: "customer-1", TokenChange(expiryDate: "0332"))
                }
                outcome.withLock { $0 = result }
                finished.signal()
            }
            Thread.sleep(forTimeInterval: 0.5)   // the update waits on the uncommitted row
        }
        finished.wait()
        #expect(outcome.withLock { $0 } == .success(.sameCardExists(tokenId: "t2")))
        #expect(try second.token(id: "t1", customerId: "customer-1") == token, "nothing changed")
    }

    /// A store made by an older schema (version 1: tokens and keys; version 2:
    /// sessions and challenges; version 3: tokens' addresses) is migrated with its
    /// tokens kept: each reads back with no addresses, and can be given some.
    @Test(arguments: StoreKind.shared, [1, 2, 3])
    func anOlderStoreIsMigratedWithItsTokens(_ kind: StoreKind, _ version: Int) throws {
        let underTest = try StoreUnderTest(kind)
        defer { withExtendedLifetime(underTest) {} }
        let old = try underTest.openSQL(migratingUpTo: version)
        #expect(old.schemaVersion == version)
        let token = makeToken("t1", in: old)
        try insertAsAnOlderCheckoutd(token, into: old)
        if version >= 2 { try old.insert(contractSession("s0"), now: contractStart) }
        try old.close()

        let migrated = try underTest.openSQL()
        #expect(migrated.schemaVersion == SQLPlatformStore.latestSchemaVersion)
        #expect(SQLPlatformStore.latestSchemaVersion == 4)
        #expect(try migrated.tokens(customerId: "customer-1") == [token])
        #expect(token.billingDetails == nil && token.shippingDetails == nil)
        #expect(try migrated.save(makeToken("t2", in: migrated)) == token, "the same card is still the same token")
        if version >= 2 { #expect(try migrated.session(id: "s0", now: contractStart).get() == contractSession("s0")) }
        var updated = token
        updated.shippingDetails = contractShipping
        #expect(try migrated.update(id: "t1", customerId: "customer-1", TokenChange(shippingDetails: .replace(contractShipping)))
                == .updated(updated))
        try migrated.insert(contractSession("s1"), now: contractStart)
        let reopened = try underTest.openSQL()
        #expect(reopened.schemaVersion == SQLPlatformStore.latestSchemaVersion)
        #expect(try reopened.session(id: "s1", now: contractStart).get() == contractSession("s1"))
        #expect(try reopened.tokens(customerId: "customer-1") == [updated])
    }

    @Test func aNewerPostgreSQLSchemaIsRefused() throws {
        guard StoreKind.postgresURI != nil else { return }
        let underTest = try StoreUnderTest(.postgresql)
        defer { withExtendedLifetime(underTest) {} }
        let store = try underTest.openSQL()
        try store.database.write { try $0.execute("INSERT INTO checkoutd_migration (version, name) VALUES (99, 'future')") }
        let error = #expect(throws: StoreError.self) { try underTest.openSQL() }
        #expect(error?.problem == .createdByNewerCheckoutd)
    }

    @Test func aPostgreSQLStoreRefusesAnotherKeyFile() throws {
        guard StoreKind.postgresURI != nil else { return }
        let underTest = try StoreUnderTest(.postgresql)
        defer { withExtendedLifetime(underTest) {} }
        _ = try underTest.openSQL()
        let other = try TemporaryDirectory()
        FileManager.default.createFile(atPath: other.path + "/other.key", contents: Data(repeating: 7, count: 32),
                                       attributes: [.posixPermissions: 0o600])
        let error = #expect(throws: StoreError.self) {
            try SQLPlatformStore.open(underTest.location!, storeKeyPath: other.path + "/other.key", sessionTimeToLive: 60)
        }
        #expect(error?.problem == .keyFileDoesNotOpenDatabase(keyPath: other.path + "/other.key"))
        #expect(error.map { "\($0)" }?.hasPrefix(underTest.location!.displayed + ": the key file") == true)
    }

    @Test func aPostgreSQLStoreNeedsAKeyFileAndAReachableServer() throws {
        let needsKey = #expect(throws: StoreError.self) {
            try SQLPlatformStore.open(.postgresql(uri: "postgresql:///x?host=/nonexistent"), sessionTimeToLive: 60)
        }
        #expect(needsKey?.problem == .storeKeyRequired)
        let directory = try TemporaryDirectory()
        let unreachable = #expect(throws: StoreError.self) {
            try SQLPlatformStore.open(.postgresql(uri: "postgresql://shop:hunter2@/x?host=/nonexistent"),
                                      storeKeyPath: directory.path + "/k", sessionTimeToLive: 60)
        }
        let text = unreachable.map { "\($0)" } ?? ""
        #expect(text.hasPrefix("postgresql://shop:***@/x?host=/nonexistent: cannot reach the database ("))
        #expect(!text.contains("hunter2"))
    }

    @Test(arguments: [
        ("/var/lib/shop.db", StoreLocation.sqlite(path: "/var/lib/shop.db")),
        ("shop.db", .sqlite(path: "shop.db")),
        ("./a:b.db", .sqlite(path: "./a:b.db")),
        ("postgres://u@h/db", .postgresql(uri: "postgres://u@h/db")),
        ("POSTGRESQL:///db?host=/tmp", .postgresql(uri: "POSTGRESQL:///db?host=/tmp")),
    ])
    func locationsAreFilesOrPostgreSQLURIs(_ text: String, _ expected: StoreLocation) throws {
        #expect(try StoreLocation(parsing: text) == expected)
    }

    @Test(arguments: ["file:shop.db", "sqlite:///shop.db", "mysql://u:pw@h/db", ""])
    func otherSchemesAreRefused(_ text: String) {
        let error = #expect(throws: StoreError.self) { try StoreLocation(parsing: text) }
        #expect(error?.problem == .unsupportedLocation)
        #expect(error.map { "\($0)" }?.contains(":pw@") == false)
    }

    @Test func passwordsAreMaskedInURIs() {
        #expect(StoreLocation.postgresql(uri: "postgresql://shop:s3cret@db:5432/checkout?password=x&sslmode=require").displayed
                == "postgresql://shop:***@db:5432/checkout?password=***&sslmode=require")
        #expect(StoreLocation.postgresql(uri: "postgres://shop@db/checkout").displayed == "postgres://shop@db/checkout")
    }
}
