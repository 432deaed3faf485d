import CheckoutCore
import Testing

@Suite("Changing a session's currency")
struct SessionCurrencyTests {
    static let start = Timestamp(rfc3339: "2026-11-21T10:00:00Z")!

    static func session(_ amount: Int64, _ currency: String, tax: Int64) -> Session {
        Session(clientSessionId: "cs", customerId: "cus", createdAt: start, expiresAt: start.adding(seconds: 3600),
                context: PaymentContext(amountOfMoney: AmountOfMoney(amount: amount, currencyCode: currency), countryCode: "US"),
                taxAmount: tax)
    }

    /// BlueSnap's table: 100.00/10.00 USD = 50.00/5.00 EUR = 400.00/40.00 ILS.
    @Test func blueSnapsAmountsFollowEveryChange() throws {
        var session = Self.session(10_000, "USD", tax: 1000)
        for (currency, amount, tax) in [("EUR", 5000, 500), ("ILS", 40_000, 4000), ("USD", 10_000, 1000), ("ILS", 40_000, 4000)]
            as [(String, Int64, Int64)] {
            try session.changeCurrency(to: currency, rates: RatesFixtures.blueSnap)
            #expect(session.context.amountOfMoney == AmountOfMoney(amount: amount, currencyCode: currency))
            #expect(session.taxAmount == tax)
        }
    }

    /// Chaining conversions would drift (1 cent → 1 euro cent → 2 cents); converting from
    /// the original amounts never does.
    @Test(arguments: [
        (1, "USD", 1), (3, "USD", 0), (1999, "USD", 333), (8, "USD", 8), (12_345, "JPY", 999), (1, "KWD", 1),
        (7777, "BHD", 1234), (0, "EUR", 0),
    ] as [(Int64, String, Int64)])
    func changingBackRestoresTheOriginalAmountsExactly(_ amount: Int64, _ currency: String, _ tax: Int64) throws {
        let original = Self.session(amount, currency, tax: tax)
        var session = original
        for target in ["EUR", "JPY", "KWD", "ILS", "BHD", "USD", "JPY", currency] {
            try session.changeCurrency(to: target, rates: RatesFixtures.mixed)
        }
        #expect(session == original)
        #expect(session.context.amountOfMoney == original.context.amountOfMoney && session.taxAmount == tax)
    }

    @Test func eachAmountIsRoundedHalfUpFromTheOriginal() throws {
        var session = Self.session(8, "USD", tax: 1)
        try session.changeCurrency(to: "JPY", rates: RatesFixtures.mixed)   // 12.5 and 1.5625 yen
        #expect(session.context.amountOfMoney.amount == 13 && session.taxAmount == 2)
        try session.changeCurrency(to: "EUR", rates: RatesFixtures.mixed)   // 4 and 0.5 euro cents
        #expect(session.context.amountOfMoney.amount == 4 && session.taxAmount == 1)
        #expect(session.originalAmountOfMoney == AmountOfMoney(amount: 8, currencyCode: "USD"))
        #expect(session.originalTaxAmount == 1)
    }

    @Test func aFailedChangeLeavesTheSessionAsItWas() throws {
        var session = Self.session(10_000, "USD", tax: 1000)
        try session.changeCurrency(to: "EUR", rates: RatesFixtures.mixed)
        let before = session
        #expect(throws: CurrencyConversionError.unknownCurrency("GBP")) {
            try session.changeCurrency(to: "GBP", rates: RatesFixtures.mixed)
        }
        var huge = Self.session(AmountOfMoney.maximumAmount, "USD", tax: 0)
        #expect(throws: CurrencyConversionError.amountTooLarge(currencyCode: "JPY")) {
            try huge.changeCurrency(to: "JPY", rates: RatesFixtures.mixed)
        }
        #expect(session == before)
        #expect(huge.context.amountOfMoney.currencyCode == "USD")
    }
}
