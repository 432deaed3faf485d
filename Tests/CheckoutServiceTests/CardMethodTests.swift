import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Testing

@Suite("Card methods")
struct CardMethodTests {
    func expiryState(_ expiry: String, clock: String) throws -> JSONValue? {
        let harness = ServiceHarness(clock: FixedClock(try #require(Timestamp(rfc3339: clock))))
        return try harness.call("card.validate", #"{"expiryDate":"\#(expiry)"}"#).get()["expiryDate"]?["state"]
    }

    @Test(arguments: [
        ("11/26", "2026-11-30T23:59:59Z", "valid"),
        ("11/26", "2026-12-01T00:00:00Z", "invalid"),
        ("12/2051", "2026-01-01T00:00:00Z", "valid"),
        ("01/2052", "2026-12-31T23:59:59Z", "invalid"),
        ("12/5", "2026-06-15T12:00:00Z", "incomplete"),
    ])
    func expiryFollowsTheServiceClock(_ expiry: String, _ clock: String, _ state: String) throws {
        #expect(try expiryState(expiry, clock: clock) == .string(state))
    }

    @Test func validationSuccessNeedsAllThreeFields() throws {
        let harness = ServiceHarness()
        let all = try harness.call("card.validate", #"{"pan":"5555555555554444","expiryDate":"0130","cvc":"737"}"#).get()
        #expect(all["validationSuccess"] == .bool(true))
        #expect(all["cardBrand"]?["code"] == .string("mastercard"))
        let two = try harness.call("card.validate", #"{"pan":"5555555555554444","expiryDate":"0130"}"#).get()
        #expect(two["validationSuccess"] == .bool(false))
        #expect(two["cvc"] == nil)
    }

    @Test func acceptedBrandsAreCaseInsensitive() throws {
        let result = try ServiceHarness().call("card.validate", #"{"pan":"378282246310005","acceptedBrands":["AmEx"]}"#).get()
        #expect(result["pan"]?["state"] == .string("valid"))
    }

    @Test(arguments: [
        ("card.validate", #"{"pan":4111,"acceptedBrands":"visa","cvv":"123"}"#, ["/pan", "/acceptedBrands", "/cvv"]),
        ("card.format", #"{"pan":"4111","cursor":5}"#, ["/cursor"]),
        ("card.format", #"{"cursor":-1}"#, ["/pan", "/cursor"]),
    ])
    func badParamsAreReportedByPath(_ method: String, _ params: String, _ paths: [String]) throws {
        #expect(try ServiceHarness().invalidParamPaths(method, params) == paths)
    }

    @Test func formatKeepsTheCursorAmongTheDigits() throws {
        let result = try ServiceHarness().call("card.format", #"{"pan":"4111 11","cursor":2}"#).get()
        #expect(result["formatted"] == .string("4111 11"))
        #expect(result["cursor"] == .number("2"))
    }
}
