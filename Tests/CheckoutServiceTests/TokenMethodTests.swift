import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Testing

@Suite("tokens.* and accounts on file")
struct TokenMethodTests {
    let harness: ServiceHarness
    static let sessionParams = #"{"clientSessionId":"s","customerId":"cus_1","requirements":{"withEmail":false},"context":{"amountOfMoney":{"amount":1000,"currencyCode":"EUR"},"countryCode":"NL"}}"#

    init() throws {
        harness = ServiceHarness()
        _ = try harness.call("session.init", Self.sessionParams).get()
    }

    func create(_ card: String) throws -> Result<JSONValue, RPCError> {
        try harness.call("tokens.create", #"{"clientSessionId":"s","card":\#(card)}"#)
    }

    @Test func createListAndDelete() throws {
        let created = try create(#"{"cardNumber":"4242 4242 4242 4242","expiryDate":"12/28"}"#).get()
        let token = try #require(created["token"]?.stringValue)
        #expect(created["card"]?["bin"] == .string("424242"))
        #expect(try create(#"{"cardNumber":"4242424242424242","expiryDate":"1228"}"#).get()["token"] == .string(token))
        let listed = try harness.call("tokens.list", #"{"customerId":"cus_1"}"#).get()
        #expect(listed["tokens"] == .array([try #require(created["accountOnFile"])]))
        #expect(try harness.call("tokens.delete", #"{"customerId":"cus_1","token":"\#(token)"}"#).get() == .object(["deleted": .bool(true)]))
        #expect(try harness.failureReason("tokens.delete", #"{"customerId":"cus_1","token":"\#(token)"}"#) == "TOKEN_NOT_FOUND")
    }

    @Test func aSessionOffersTheCustomersTokens() throws {
        let token = try #require(try create(#"{"cardNumber":"4242424242424242","expiryDate":"1228"}"#).get()["token"]?.stringValue)
        let session = try harness.call("session.init", #"{"clientSessionId":"t","customerId":"cus_1","accountsOnFile":["\#(token)"],"context":{"amountOfMoney":{"amount":1000,"currencyCode":"EUR"},"countryCode":"NL"}}"#).get()
        guard case .array(let accounts)? = session["accountsOnFile"] else { Issue.record("no accounts"); return }
        #expect(accounts.map { $0["id"] } == [.string(token)])
        #expect(try harness.failureReason("session.init", #"{"customerId":"cus_2","accountsOnFile":["\#(token)"],"context":{"amountOfMoney":{"amount":1000,"currencyCode":"EUR"},"countryCode":"NL"}}"#) == "TOKEN_NOT_FOUND")
    }

    @Test func invalidCardsAreValidationFailures() throws {
        guard case .failure(let error) = try create(#"{"cardNumber":"4242424242424241","expiryDate":"0120"}"#) else {
            Issue.record("should fail")
            return
        }
        #expect(error.reason == "VALIDATION_FAILED")
        guard case .array(let errors)? = error.data["errors"] else { Issue.record("no errors"); return }
        #expect(errors.compactMap { $0["fieldId"]?.stringValue } == ["card.cardNumber", "card.expiryDate"])
    }

    @Test(arguments: [
        (#"{"clientSessionId":"s"}"#, ["/card"]),
        (#"{"clientSessionId":"s","card":{"cardNumber":"4","expiryDate":"1228","extra":"x"}}"#, ["/card/extra"]),
        (#"{"clientSessionId":"s","card":{"cardNumber":"4","expiryDate":1228}}"#, ["/card/expiryDate"]),
    ])
    func badParamsNameTheirPaths(params: String, paths: [String]) throws {
        #expect(try harness.invalidParamPaths("tokens.create", params) == paths)
    }

    @Test func aFailingVaultIsStoreUnavailableThatSaysSo() throws {
        let harness = ServiceHarness(configuration: ServiceConfiguration(store: .memory(tokens: BrokenVault())))
        guard case .failure(let error) = try harness.call("tokens.list", #"{"customerId":"cus_1"}"#) else {
            Issue.record("should fail")
            return
        }
        #expect(error.code == 1601)
        #expect(error.reason == "STORE_UNAVAILABLE")
        #expect(error.data["retryable"] == .bool(true))
        #expect(error.data["detail"]?.stringValue?.contains("disk I/O error") == true)
    }
}

/// A vault whose disk has failed.
struct BrokenVault: TokenVault {
    let fingerprintKey = CardFingerprintKey.random()
    func save(_ token: StoredToken) throws(StoreUnavailable) -> StoredToken { throw StoreUnavailable("disk I/O error") }
    func token(id: String, customerId: String) throws(StoreUnavailable) -> StoredToken? { throw StoreUnavailable("disk I/O error") }
    func tokens(customerId: String) throws(StoreUnavailable) -> [StoredToken] { throw StoreUnavailable("disk I/O error") }
    func update(id: String, customerId: String, _ change: TokenChange) throws(StoreUnavailable) -> TokenUpdateOutcome {
        throw StoreUnavailable("disk I/O error")
    }
    func delete(id: String, customerId: String) throws(StoreUnavailable) -> Bool { throw StoreUnavailable("disk I/O error") }
}
