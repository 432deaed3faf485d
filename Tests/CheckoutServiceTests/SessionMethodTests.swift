import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Synchronization
import Testing

/// A clock the test moves forward by hand.
final class SteppingClock: Clock {
    private let current: Mutex<Timestamp>

    init(_ start: Timestamp) {
        current = Mutex(start)
    }

    func now() -> Timestamp { current.withLock { $0 } }

    func advance(seconds: Int64) {
        current.withLock { $0 = $0.adding(seconds: seconds) }
    }
}

@Suite("Session methods")
struct SessionMethodTests {
    static let start = Timestamp(rfc3339: "2026-11-21T10:00:00Z")!
    static let context = #""context":{"amountOfMoney":{"amount":1000,"currencyCode":"EUR"},"countryCode":"NL"}"#

    @Test func mintedIdsArePrefixedRandomHex() throws {
        let harness = ServiceHarness()
        let first = try harness.call("session.init", "{\(Self.context)}").get()
        let second = try harness.call("session.init", "{\(Self.context)}").get()
        for (member, prefix) in [("clientSessionId", "cs_"), ("customerId", "cus_")] {
            let id = try #require(first[member]?.stringValue)
            #expect(id.hasPrefix(prefix) && id.count == prefix.count + 32)
            #expect(id.dropFirst(prefix.count).allSatisfy { $0.isHexDigit && !$0.isUppercase })
            #expect(first[member] != second[member])
        }
    }

    @Test func defaultsAreFilledIn() throws {
        let session = try ServiceHarness().call("session.init", #"{"clientSessionId":"s",\#(Self.context)}"#).get()
        #expect(session["context"]?["isRecurring"] == .bool(false))
        #expect(session["context"]?["locale"] == .string("en_US"))
        #expect(session["taxAmount"] == .number("0"))
        #expect(session["requirements"] == .object(["withEmail": .bool(true), "withShipping": .bool(false), "fullBilling": .bool(false)]))
        #expect(session["threeDS"] == .object(["enabled": .bool(true), "bypass": .bool(false), "required": .bool(false)]))
        #expect(session["allowCurrencyChange"] == .bool(true))
        #expect(session["endOnPayment"] == .bool(false) && session["completed"] == .bool(false))
        let fraudSessionId = try #require(session["fraudSessionId"]?.stringValue)
        #expect(fraudSessionId.hasPrefix("fs_") && fraudSessionId.count == 19, "minted: \(fraudSessionId)")
        #expect(session["expiresAt"] == .string("2026-11-21T11:00:00Z"))
        #expect(session["appIdentifier"] == nil)
    }

    @Test func theLifeFollowsTheConfiguredTimeToLiveOnTheServiceClock() throws {
        let clock = SteppingClock(Self.start)
        let harness = ServiceHarness(configuration: ServiceConfiguration(clock: clock, sessionTimeToLive: 90))
        _ = try harness.call("session.init", #"{"clientSessionId":"s",\#(Self.context)}"#).get()
        clock.advance(seconds: 89)
        #expect(try harness.call("session.get", #"{"clientSessionId":"s"}"#).get()["expiresAt"] == .string("2026-11-21T10:01:30Z"))
        clock.advance(seconds: 1)
        guard case .failure(let expired) = try harness.call("session.get", #"{"clientSessionId":"s"}"#) else {
            Issue.record("the session should have expired")
            return
        }
        #expect(expired.code == 1002 && expired.reason == "SESSION_EXPIRED")
        #expect(expired.data["expiredAt"] == .string("2026-11-21T10:01:30Z"))
        #expect(expired.data["clientSessionId"] == .string("s"))
        for method in ["products.list", "session.close"] {
            #expect(try harness.failureReason(method, #"{"clientSessionId":"s"}"#) == "SESSION_EXPIRED")
        }
        clock.advance(seconds: 90)
        #expect(try harness.failureReason("session.get", #"{"clientSessionId":"s"}"#) == "SESSION_NOT_FOUND")
    }

    @Test func reinitialisingReplacesTheSession() throws {
        let harness = ServiceHarness()
        _ = try harness.call("session.init", #"{"clientSessionId":"s","customerId":"a",\#(Self.context)}"#).get()
        _ = try harness.call("session.init", #"{"clientSessionId":"s","customerId":"b",\#(Self.context),"taxAmount":5}"#).get()
        let session = try harness.call("session.get", #"{"clientSessionId":"s"}"#).get()
        #expect(session["customerId"] == .string("b"))
        #expect(session["taxAmount"] == .number("5"))
    }

    @Test func closedSessionsAreNotFound() throws {
        let harness = ServiceHarness()
        _ = try harness.call("session.init", #"{"clientSessionId":"s",\#(Self.context)}"#).get()
        #expect(try harness.call("session.close", #"{"clientSessionId":"s"}"#).get() == .object(["closed": .bool(true)]))
        for method in ["session.get", "session.close", "products.list"] {
            #expect(try harness.failureReason(method, #"{"clientSessionId":"s"}"#) == "SESSION_NOT_FOUND")
        }
    }

    @Test func theSessionAcceptedBrandsApplyToCardValidationUnlessReplaced() throws {
        let harness = ServiceHarness()
        _ = try harness.call("session.init", #"{"clientSessionId":"s",\#(Self.context),"acceptedBrands":["VISA"]}"#).get()
        let amex = #""pan":"378282246310005""#
        let refused = try harness.call("card.validate", #"{\#(amex),"clientSessionId":"s"}"#).get()
        #expect(refused["pan"]?["errors"] == .array([.string("allowedInContext")]))
        let replaced = try harness.call("card.validate", #"{\#(amex),"clientSessionId":"s","acceptedBrands":["amex"]}"#).get()
        #expect(replaced["pan"]?["state"] == .string("valid"))
        #expect(try harness.failureReason("card.validate", #"{\#(amex),"clientSessionId":"nope"}"#) == "SESSION_NOT_FOUND")
    }

    @Test(arguments: [
        (#"{"context":{"amountOfMoney":{"amount":-1,"currencyCode":"EUR"},"countryCode":"NL"}}"#, ["/context/amountOfMoney/amount"]),
        (#"{"context":{"amountOfMoney":{"amount":1,"currencyCode":"eur"},"countryCode":"NLD"}}"#,
         ["/context/amountOfMoney/currencyCode", "/context/countryCode"]),
        (#"{"context":{"amountOfMoney":{"amount":1.5,"currencyCode":"EUR"},"countryCode":"NL","locale":"en-US"}}"#,
         ["/context/amountOfMoney/amount", "/context/locale"]),
        (#"{"clientSessionId":"a b","customerId":"","context":{"amountOfMoney":{"amount":1,"currencyCode":"EUR"},"countryCode":"NL"}}"#,
         ["/clientSessionId", "/customerId"]),
        (#"{"context":{"amountOfMoney":{"amount":100,"currencyCode":"EUR"},"countryCode":"NL"},"taxAmount":101}"#, ["/taxAmount"]),
        (#"{"context":{"amountOfMoney":{"amount":100,"currencyCode":"EUR"},"countryCode":"NL"},"accountsOnFile":["1","2","3","4","5","6","7","8","9","10","11"]}"#,
         ["/accountsOnFile"]),
        (#"{"context":{"amountOfMoney":{"amount":100,"currencyCode":"EUR"},"countryCode":"NL"},"requirements":{"withEmail":"yes"},"threeDS":{"skip":true}}"#,
         ["/requirements/withEmail", "/threeDS/skip"]),
        (#"{}"#, ["/context"]),
    ])
    func malformedInitParamsNameEveryProblem(_ params: String, _ paths: [String]) throws {
        #expect(try ServiceHarness().invalidParamPaths("session.init", params) == paths)
    }

    @Test func anUnknownTokenIsNotFound() throws {
        let reason = try ServiceHarness().failureReason("session.init", #"{\#(Self.context),"accountsOnFile":["tok_x"]}"#)
        #expect(reason == "TOKEN_NOT_FOUND")
    }
}
