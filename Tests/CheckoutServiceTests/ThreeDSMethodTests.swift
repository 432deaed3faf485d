import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Testing

@Suite("3-D Secure methods")
struct ThreeDSMethodTests {
    static let start = Timestamp(rfc3339: "2026-11-21T10:00:00Z")!

    /// Opens session `s` for `amount` EUR cents with the given `threeDS` preferences.
    static func open(_ harness: ServiceHarness, amount: Int64 = 5000, threeDS: String = "{}") throws {
        _ = try harness.call("session.init", """
            {"clientSessionId":"s","context":{"amountOfMoney":{"amount":\(amount),"currencyCode":"EUR"},"countryCode":"NL"},\
            "threeDS":\(threeDS)}
            """).get()
    }

    static func authenticate(_ harness: ServiceHarness, _ members: String) throws -> Result<JSONValue, RPCError> {
        try harness.call("threeDS.authenticate", #"{"clientSessionId":"s",\#(members)}"#)
    }

    /// Opens a challenge for a card the default rules challenge and returns its id.
    static func openChallenge(_ harness: ServiceHarness, card: String = "4111111111111111") throws -> String {
        let result = try authenticate(harness, #""cardNumber":"\#(card)""#).get()
        return try #require(result["challenge"]?["challengeId"]?.stringValue)
    }

    static func challenge(_ harness: ServiceHarness, _ id: String, _ answer: String = #""code":"1234""#) throws -> Result<JSONValue, RPCError> {
        try harness.call("threeDS.challenge", #"{"challengeId":"\#(id)",\#(answer)}"#)
    }

    // MARK: Params

    @Test(arguments: [
        (#"{"clientSessionId":"s"}"#, ["/cardNumber"]),
        (#"{"clientSessionId":"s","cardNumber":"4111111111111111","token":"tok_1"}"#, ["/token"]),
        (#"{"clientSessionId":"s","cardNumber":"4111-1111-1111-1111"}"#, ["/cardNumber"]),
        (#"{"clientSessionId":"s","cardNumber":"41111111111"}"#, ["/cardNumber"]),
        (#"{"clientSessionId":"s","cardNumber":"41111111111111111111"}"#, ["/cardNumber"]),
        (#"{"clientSessionId":"s","cardNumber":4111111111111111}"#, ["/cardNumber"]),
        (#"{"clientSessionId":"s","token":7}"#, ["/token"]),
        (#"{"clientSessionId":"s","cardNumber":"4111111111111111","amountOfMoney":{"amount":-1,"currencyCode":"eur"}}"#,
         ["/amountOfMoney/amount", "/amountOfMoney/currencyCode"]),
        (#"{"clientSessionId":"s","cardNumber":"4111111111111111","amountOfMoney":{"amount":1.5,"currencyCode":"EUR"}}"#,
         ["/amountOfMoney/amount"]),
        (#"{"clientSessionId":"s","cardNumber":"4111111111111111","amountOfMoney":{"amount":9007199254740992,"currencyCode":"EUR"}}"#,
         ["/amountOfMoney/amount"]),
        (#"{"cardNumber":"4111111111111111","bogus":true}"#, ["/clientSessionId", "/bogus"]),
    ])
    func malformedAuthenticateParamsNameEveryProblem(_ params: String, _ paths: [String]) throws {
        #expect(try ServiceHarness().invalidParamPaths("threeDS.authenticate", params) == paths)
    }

    @Test(arguments: [
        (#"{"challengeId":"c"}"#, ["/code"]),
        (#"{"challengeId":"c","code":"1234","cancel":true}"#, ["/cancel"]),
        (#"{"challengeId":"c","cancel":false}"#, ["/cancel"]),
        (#"{"challengeId":"c","code":"1234","cancel":false}"#, ["/cancel"]),
        (#"{"challengeId":"c","code":1234}"#, ["/code"]),
        (#"{"code":"1234"}"#, ["/challengeId"]),
    ])
    func malformedChallengeParamsNameEveryProblem(_ params: String, _ paths: [String]) throws {
        #expect(try ServiceHarness().invalidParamPaths("threeDS.challenge", params) == paths)
    }

    @Test func cardNumbersMayHoldSpaces() throws {
        let harness = ServiceHarness()
        try Self.open(harness)
        let result = try Self.authenticate(harness, #""cardNumber":"4000 0000 0000 2701""#).get()
        #expect(result["status"] == .string("AUTHENTICATION_SUCCEEDED"))
    }

    // MARK: Errors

    @Test func switchedOffForTheSessionEveryCardAndTokenIsThreeDSDisabled() throws {
        let harness = ServiceHarness()
        try Self.open(harness, threeDS: #"{"enabled":false}"#)
        for members in [#""cardNumber":"4000000000002701""#, #""cardNumber":"6759649826438453""#, #""token":"tok_unknown""#,
                        #""cardNumber":"4111111111111111","amountOfMoney":{"amount":1,"currencyCode":"XAU"}"#] {
            guard case .failure(let error) = try Self.authenticate(harness, members) else {
                Issue.record("\(members) should fail")
                continue
            }
            #expect(error.code == 1401 && error.reason == "THREE_DS_DISABLED")
            #expect(error.data["clientSessionId"] == .string("s"))
        }
    }

    @Test func theSessionMustBeLive() throws {
        let clock = SteppingClock(Self.start)
        let harness = ServiceHarness(configuration: ServiceConfiguration(clock: clock, sessionTimeToLive: 60))
        let params = #"{"clientSessionId":"s","cardNumber":"4000000000002701"}"#
        #expect(try harness.failureReason("threeDS.authenticate", params) == "SESSION_NOT_FOUND")
        try Self.open(harness)
        clock.advance(seconds: 60)
        #expect(try harness.failureReason("threeDS.authenticate", params) == "SESSION_EXPIRED")
    }

    @Test func anUnknownTokenIsNotFound() throws {
        let harness = ServiceHarness()
        try Self.open(harness)
        guard case .failure(let error) = try Self.authenticate(harness, #""token":"tok_x""#) else {
            Issue.record("should fail")
            return
        }
        #expect(error.code == 1301 && error.data["token"] == .string("tok_x"))
    }

    @Test func anAmountInACurrencyOutsideTheRatesTableIsUnknown() throws {
        let harness = ServiceHarness()
        try Self.open(harness)
        guard case .failure(let error) = try Self.authenticate(
            harness, #""cardNumber":"4000000000002701","amountOfMoney":{"amount":100,"currencyCode":"XAU"}"#) else {
            Issue.record("should fail")
            return
        }
        #expect(error.code == 1501 && error.data["currencyCode"] == .string("XAU"))
        #expect(error.data["path"] == .string("/amountOfMoney/currencyCode"))
    }

    @Test func aRatesTableWithoutEurosCannotPlaceOtherCurrenciesAgainstTheLimit() throws {
        let rates = try RatesTable.load(from: """
            {"base": "USD", "asOf": "2026-11-01T12:00:00Z", "source": "test",
             "currencies": [{"code": "USD", "name": "US Dollar", "rate": "1"}]}
            """, file: "usd.json")
        let harness = ServiceHarness(configuration: ServiceConfiguration(clock: FixedClock(Self.start), rates: rates))
        _ = try harness.call("session.init", #"{"clientSessionId":"s","context":{"amountOfMoney":{"amount":100,"currencyCode":"USD"},"countryCode":"US"}}"#).get()
        guard case .failure(let error) = try Self.authenticate(harness, #""cardNumber":"4111111111111111""#) else {
            Issue.record("should fail")
            return
        }
        #expect(error.reason == "UNKNOWN_CURRENCY" && error.data["currencyCode"] == .string("EUR"))
        #expect(error.data["path"] == .string(""))
        // A test card needs no conversion.
        #expect(try Self.authenticate(harness, #""cardNumber":"4000000000002701""#).get()["transStatus"] == .string("Y"))
    }

    // MARK: Results

    @Test func theResultHasTheWireShapeInOrder() throws {
        let harness = ServiceHarness()
        try Self.open(harness)
        guard case .object(let result) = try Self.authenticate(harness, #""cardNumber":"5200000000002235""#).get() else {
            Issue.record("not an object")
            return
        }
        #expect(result.keys == ["status", "transStatus", "eci", "authenticationValue", "dsTransId", "threeDSVersion",
                                "liabilityShift"])
        #expect(result["eci"] == .string("02") && result["liabilityShift"] == .bool(true))
        guard case .object(let challenged) = try Self.authenticate(harness, #""cardNumber":"5555555555554444""#).get() else {
            Issue.record("not an object")
            return
        }
        #expect(challenged.keys == ["status", "transStatus", "dsTransId", "threeDSVersion", "liabilityShift", "challenge"])
        #expect(challenged["challenge"]?["expiresAt"] == .string("2026-11-21T10:10:00Z"))
    }

    @Test func theAmountDefaultsToTheSessionsAndMayBeGiven() throws {
        let harness = ServiceHarness()
        try Self.open(harness, amount: 3000)
        #expect(try Self.authenticate(harness, #""cardNumber":"4111111111111111""#).get()["status"]
                == .string("AUTHENTICATION_SUCCEEDED"))
        try Self.open(harness, amount: 3001)
        #expect(try Self.authenticate(harness, #""cardNumber":"4111111111111111""#).get()["status"]
                == .string("CHALLENGE_REQUIRED"))
        // Embedded rates: 0.8 EUR per USD, so 37.50 USD is exactly 30.00 EUR.
        for (amount, status) in [(3750, "AUTHENTICATION_SUCCEEDED"), (3751, "CHALLENGE_REQUIRED")] {
            let result = try Self.authenticate(
                harness, #""cardNumber":"4111111111111111","amountOfMoney":{"amount":\#(amount),"currencyCode":"USD"}"#).get()
            #expect(result["status"] == .string(status), "\(amount) USD")
        }
    }

    // MARK: Challenges

    @Test func aChallengeEndsOnceAndIsThenNotFound() throws {
        let harness = ServiceHarness()
        try Self.open(harness)
        let id = try Self.openChallenge(harness, card: "5200000000002151")
        let final = try Self.challenge(harness, id).get()
        #expect(final["status"] == .string("AUTHENTICATION_SUCCEEDED") && final["eci"] == .string("02"))
        for answer in [#""code":"1234""#, #""cancel":true"#] {
            guard case .failure(let error) = try Self.challenge(harness, id, answer) else {
                Issue.record("a used challenge should be gone")
                continue
            }
            #expect(error.code == 1402 && error.reason == "CHALLENGE_NOT_FOUND")
            #expect(error.data["challengeId"] == .string(id))
        }
    }

    @Test func aChallengeExpiresAfterTenMinutesOnTheServiceClock() throws {
        let clock = SteppingClock(Self.start)
        let harness = ServiceHarness(configuration: ServiceConfiguration(clock: clock))
        try Self.open(harness)
        let answered = try Self.openChallenge(harness)
        let late = try Self.openChallenge(harness)
        clock.advance(seconds: 599)
        #expect(try Self.challenge(harness, answered, #""code":"0000""#).get()["status"] == .string("AUTHENTICATION_FAILED"))
        clock.advance(seconds: 1)
        #expect(try harness.failureReason("threeDS.challenge", #"{"challengeId":"\#(late)","cancel":true}"#)
                == "CHALLENGE_NOT_FOUND")
    }

    @Test func aChallengeOutlivesItsSessionAndKeepsItsTransactionId() throws {
        let harness = ServiceHarness()
        try Self.open(harness)
        let started = try Self.authenticate(harness, #""cardNumber":"4000000000001091""#).get()
        let id = try #require(started["challenge"]?["challengeId"]?.stringValue)
        _ = try harness.call("session.close", #"{"clientSessionId":"s"}"#).get()
        let final = try Self.challenge(harness, id, #""cancel":true"#).get()
        #expect(final == .object(["status": .string("AUTHENTICATION_CANCELED"), "dsTransId": started["dsTransId"]!,
                                  "threeDSVersion": .string("2.2.0"), "liabilityShift": .bool(false)]))
    }

    @Test func unknownChallengesAreNotFound() throws {
        #expect(try ServiceHarness().failureReason("threeDS.challenge", #"{"challengeId":"nope","code":"1234"}"#)
                == "CHALLENGE_NOT_FOUND")
    }
}
