import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Testing

@Suite("Currency methods and session.changeCurrency")
struct CurrencyMethodTests {
    /// BlueSnap's own test table: 100 USD = 50 EUR = 400 ILS.
    static let blueSnap = try! RatesTable.load(from: """
        {"base": "USD", "asOf": "2026-11-01T12:00:00+02:00", "source": "BlueSnap SDK tests",
         "currencies": [{"code": "USD", "name": "US Dollar", "rate": "1"}, {"code": "EUR", "name": "Euro", "rate": "0.5"},
                        {"code": "ILS", "name": "Israeli New Shekel", "rate": "4"}]}
        """, file: "bluesnap.json")

    let harness = ServiceHarness(configuration: ServiceConfiguration(
        clock: FixedClock(Timestamp(rfc3339: "2026-11-21T10:00:00Z")!), rates: Self.blueSnap))

    static func money(_ amount: Int64, _ code: String) -> JSONValue {
        .object(["amount": .number(String(amount)), "currencyCode": .string(code)])
    }

    func open(_ amount: Int64, _ code: String, tax: Int64) throws {
        _ = try harness.call("session.init", """
            {"clientSessionId":"s","context":{"amountOfMoney":{"amount":\(amount),"currencyCode":"\(code)"},"countryCode":"US"},\
            "taxAmount":\(tax)}
            """).get()
    }

    func unknownCurrency(_ method: String, _ params: String) throws -> (code: String?, path: String?) {
        guard case .failure(let error) = try harness.call(method, params), error.code == 1501,
              error.reason == "UNKNOWN_CURRENCY" else { return (nil, nil) }
        return (error.data["currencyCode"]?.stringValue, error.data["path"]?.stringValue)
    }

    // MARK: currency.list

    @Test func listsTheTableByNameWithTheBaseAtOne() throws {
        let result = try harness.call("currency.list").get()
        #expect(result["base"] == .string("USD"))
        #expect(result["asOf"] == .string("2026-11-01T10:00:00Z"))
        #expect(result["currencies"] == .array([
            .object(["code": .string("EUR"), "name": .string("Euro"), "minorUnits": .number("2"), "rate": .string("0.5")]),
            .object(["code": .string("ILS"), "name": .string("Israeli New Shekel"), "minorUnits": .number("2"), "rate": .string("4")]),
            .object(["code": .string("USD"), "name": .string("US Dollar"), "minorUnits": .number("2"), "rate": .string("1")]),
        ]))
    }

    @Test(arguments: [("EUR", ["1", "8", "2"]), ("ILS", ["0.125", "1", "0.25"]), ("USD", ["0.5", "4", "1"])])
    func listsRatesPerAnyBase(_ base: String, _ rates: [String]) throws {
        let result = try harness.call("currency.list", #"{"base":"\#(base)"}"#).get()
        guard case .array(let currencies)? = result["currencies"] else { Issue.record("no currencies"); return }
        #expect(result["base"] == .string(base))
        #expect(currencies.compactMap { $0["rate"]?.stringValue } == rates)
    }

    // MARK: currency.convert

    @Test(arguments: [
        (10_000, "USD", "EUR", 5000), (10_000, "USD", "ILS", 40_000), (5000, "EUR", "ILS", 40_000), (40_000, "ILS", "USD", 10_000),
        (1000, "USD", "EUR", 500), (500, "EUR", "ILS", 4000), (4000, "ILS", "EUR", 500),
    ] as [(Int64, String, String, Int64)])
    func convertsBlueSnapsAmounts(_ amount: Int64, _ from: String, _ to: String, _ expected: Int64) throws {
        let result = try harness.call("currency.convert", """
            {"amountOfMoney":{"amount":\(amount),"currencyCode":"\(from)"},"targetCurrencyCode":"\(to)"}
            """).get()
        #expect(result["amountOfMoney"] == Self.money(expected, to))
        #expect(result["asOf"] == .string("2026-11-01T10:00:00Z"))
    }

    @Test(arguments: [("HALF_UP", 3), ("HALF_EVEN", 2)] as [(String, Int64)])
    func roundsTiesAsAsked(_ rounding: String, _ expected: Int64) throws {
        // 5 cents at 0.5 EUR per USD: 2.5 euro cents.
        let result = try harness.call("currency.convert", """
            {"amountOfMoney":{"amount":5,"currencyCode":"USD"},"targetCurrencyCode":"EUR","rounding":"\(rounding)"}
            """).get()
        #expect(result["amountOfMoney"] == Self.money(expected, "EUR"))
        #expect(result["rate"] == .string("0.5"))
    }

    @Test func unknownCurrenciesNameTheCodeAndTheMember() throws {
        #expect(try unknownCurrency("currency.list", #"{"base":"GBP"}"#) == ("GBP", "/base"))
        #expect(try unknownCurrency("currency.convert", #"{"amountOfMoney":{"amount":1,"currencyCode":"GBP"},"targetCurrencyCode":"JPY"}"#)
            == ("GBP", "/amountOfMoney/currencyCode"))
        #expect(try unknownCurrency("currency.convert", #"{"amountOfMoney":{"amount":1,"currencyCode":"USD"},"targetCurrencyCode":"JPY"}"#)
            == ("JPY", "/targetCurrencyCode"))
        #expect(try unknownCurrency("currency.convert", #"{"amountOfMoney":{"amount":1,"currencyCode":"JPY"},"targetCurrencyCode":"JPY"}"#)
            == ("JPY", "/amountOfMoney/currencyCode"))
        #expect(try unknownCurrency("session.init", #"{"context":{"amountOfMoney":{"amount":1,"currencyCode":"GBP"},"countryCode":"GB"}}"#)
            == ("GBP", "/context/amountOfMoney/currencyCode"))
        try open(100, "USD", tax: 0)
        #expect(try unknownCurrency("session.changeCurrency", #"{"clientSessionId":"s","currencyCode":"GBP"}"#) == ("GBP", "/currencyCode"))
    }

    @Test func theDefaultBaseIsUSDEvenWhenTheTableHasNone() throws {
        let euroTable = try RatesTable.load(from: """
            {"base": "EUR", "asOf": "2026-11-01T00:00:00Z", "source": "t", "currencies": [{"code": "EUR", "name": "Euro", "rate": "1"}]}
            """, file: "eur.json")
        let harness = ServiceHarness(configuration: ServiceConfiguration(rates: euroTable))
        guard case .failure(let error) = try harness.call("currency.list") else { Issue.record("should fail"); return }
        #expect(error.reason == "UNKNOWN_CURRENCY" && error.data["currencyCode"] == .string("USD"))
        #expect(try harness.call("currency.list", #"{"base":"EUR"}"#).get()["base"] == .string("EUR"))
    }

    @Test(arguments: [
        (#"{"amountOfMoney":{"amount":-1,"currencyCode":"usd"},"targetCurrencyCode":"EURO","rounding":"DOWN"}"#,
         ["/rounding", "/amountOfMoney/amount", "/amountOfMoney/currencyCode", "/targetCurrencyCode"]),
        (#"{"amountOfMoney":{"amount":9007199254740992,"currencyCode":"USD"},"targetCurrencyCode":"EUR"}"#, ["/amountOfMoney/amount"]),
        (#"{"amountOfMoney":{"amount":"100","currencyCode":"USD"}}"#, ["/amountOfMoney/amount", "/targetCurrencyCode"]),
        (#"{"amountOfMoney":{"amount":9007199254740991,"currencyCode":"USD"},"targetCurrencyCode":"ILS"}"#, ["/amountOfMoney/amount"]),
    ])
    func badConversionParamsAreListedTogether(_ params: String, _ paths: [String]) throws {
        #expect(try harness.invalidParamPaths("currency.convert", params) == paths)
    }

    @Test func badListAndChangeParamsAreInvalid() throws {
        #expect(try harness.invalidParamPaths("currency.list", #"{"base":"usd"}"#) == ["/base"])
        #expect(try harness.invalidParamPaths("currency.list", #"{"base":"USD","other":1}"#) == ["/other"])
        #expect(try harness.invalidParamPaths("session.changeCurrency", #"{"clientSessionId":"s","currencyCode":"eur"}"#) == ["/currencyCode"])
    }

    // MARK: session.changeCurrency

    @Test func changingCurrencyRoundTripsToTheOriginalAmounts() throws {
        try open(10_000, "USD", tax: 1000)
        for (code, amount, tax) in [("EUR", 5000, 500), ("ILS", 40_000, 4000), ("USD", 10_000, 1000)] as [(String, Int64, Int64)] {
            let session = try harness.call("session.changeCurrency", #"{"clientSessionId":"s","currencyCode":"\#(code)"}"#).get()
            #expect(session["context"]?["amountOfMoney"] == Self.money(amount, code))
            #expect(session["taxAmount"] == .number(String(tax)))
            #expect(try harness.call("session.get", #"{"clientSessionId":"s"}"#).get() == session)
        }
    }

    @Test func theOriginalAmountsStayOffTheWire() throws {
        try open(3, "USD", tax: 1)
        let session = try harness.call("session.changeCurrency", #"{"clientSessionId":"s","currencyCode":"EUR"}"#).get()
        guard case .object(let members)? = Optional(session) else { Issue.record("not an object"); return }
        #expect(members.keys == ["clientSessionId", "customerId", "createdAt", "expiresAt", "context", "taxAmount",
                                 "requirements", "acceptedBrands", "accountsOnFile", "threeDS", "allowCurrencyChange",
                                 "fraudSessionId", "endOnPayment", "completed"])
        // 1.5 and 0.5 euro cents, half up.
        #expect(session["context"]?["amountOfMoney"] == Self.money(2, "EUR") && session["taxAmount"] == .number("1"))
    }

    @Test func aRefusedChangeLeavesTheSessionAsItWas() throws {
        try open(10_000, "USD", tax: 1000)
        let before = try harness.call("session.changeCurrency", #"{"clientSessionId":"s","currencyCode":"EUR"}"#).get()
        #expect(try harness.failureReason("session.changeCurrency", #"{"clientSessionId":"s","currencyCode":"GBP"}"#) == "UNKNOWN_CURRENCY")
        #expect(try harness.call("session.get", #"{"clientSessionId":"s"}"#).get() == before)
        #expect(try harness.failureReason("session.changeCurrency", #"{"clientSessionId":"nobody","currencyCode":"EUR"}"#) == "SESSION_NOT_FOUND")
    }

    @Test func anAmountTooLargeForTheTargetIsInvalid() throws {
        try open(AmountOfMoney.maximumAmount, "USD", tax: 0)
        #expect(try harness.invalidParamPaths("session.changeCurrency", #"{"clientSessionId":"s","currencyCode":"ILS"}"#) == ["/currencyCode"])
        #expect(try harness.call("session.changeCurrency", #"{"clientSessionId":"s","currencyCode":"EUR"}"#).get()["context"]?["amountOfMoney"]
            == Self.money(4_503_599_627_370_496, "EUR"))
    }

    @Test func serviceInfoReportsWhenTheRatesWereTaken() throws {
        #expect(try harness.call("service.info").get()["ratesAsOf"] == .string("2026-11-01T10:00:00Z"))
    }
}
