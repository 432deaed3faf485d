import CheckoutCore
import Testing

@Suite("Currency conversion: exact, rounded once to the target's minor units")
struct CurrencyConversionTests {
    static let table = RatesFixtures.mixed

    /// (amount, from, to, HALF_UP, HALF_EVEN), each worked out by hand from `RatesFixtures.mixed`:
    /// amount / 10^minor(from) × rate(to) / rate(from) × 10^minor(to).
    static let cases: [(Int64, String, String, Int64, Int64)] = [
        (1000, "JPY", "USD", 640, 640),         // 1000 / 156.25 = 6.40 USD
        (1000, "KWD", "USD", 320, 320),         // 1.000 / 0.3125 = 3.20 USD
        (320, "USD", "KWD", 1000, 1000),        // 3.20 × 0.3125 = 1.000 KWD
        (1000, "EUR", "JPY", 3125, 3125),       // 10.00 / 0.5 × 156.25
        (1000, "EUR", "KWD", 6250, 6250),       // 10.00 / 0.5 × 0.3125 = 6.250 KWD
        (1000, "JPY", "KWD", 2000, 2000),       // 1000 / 156.25 × 0.3125 = 2.000 KWD
        (100_000, "JPY", "BHD", 240_640, 240_640), // 640 USD × 0.376 = 240.640 BHD
        (1000, "BHD", "USD", 266, 266),         // 1.000 / 0.376 = 2.6595… USD
        (1, "BHD", "USD", 0, 0),                // 0.2659… cents
        (1, "USD", "JPY", 2, 2),                // 1.5625 yen
        (3, "USD", "JPY", 5, 5),                // 4.6875 yen
        (2, "USD", "KWD", 6, 6),                // 6.25 fils
        // Ties: exactly half a minor unit.
        (1, "USD", "EUR", 1, 0),                // 0.5 cent
        (3, "USD", "EUR", 2, 2),                // 1.5 cents
        (5, "USD", "EUR", 3, 2),                // 2.5 cents
        (7, "USD", "EUR", 4, 4),                // 3.5 cents
        (8, "USD", "JPY", 13, 12),              // 12.5 yen
        (24, "USD", "JPY", 38, 38),             // 37.5 yen
        (1, "KWD", "JPY", 1, 0),                // 0.5 yen for 1 fils
        (3, "KWD", "JPY", 2, 2),                // 1.5 yen
        (0, "USD", "JPY", 0, 0),
        (1999, "EUR", "EUR", 1999, 1999),
        (7, "JPY", "JPY", 7, 7),
    ]

    @Test(arguments: cases)
    func convertsExactlyAndRoundsOnce(_ amount: Int64, _ from: String, _ to: String, _ halfUp: Int64, _ halfEven: Int64) throws {
        let money = AmountOfMoney(amount: amount, currencyCode: from)
        #expect(try Self.table.convert(money, to: to).amountOfMoney == AmountOfMoney(amount: halfUp, currencyCode: to))
        #expect(try Self.table.convert(money, to: to, rounding: .halfUp).amountOfMoney.amount == halfUp)
        #expect(try Self.table.convert(money, to: to, rounding: .halfEven).amountOfMoney.amount == halfEven)
    }

    @Test func theRateIsUnitsOfTheTargetPerUnitOfTheSource() throws {
        let conversion = try Self.table.convert(AmountOfMoney(amount: 1000, currencyCode: "JPY"), to: "USD")
        #expect(conversion.rate.description == "0.0064")
        #expect(conversion.rate == Self.table.rate(from: "JPY", to: "USD"))
        #expect(try Self.table.convert(AmountOfMoney(amount: 1, currencyCode: "EUR"), to: "ILS").rate.description == "8")
    }

    /// BlueSnap's table (USD 1, EUR 0.5, ILS 4): 100/10 USD = 50/5 EUR = 400/40 ILS, in minor units.
    @Test(arguments: ["USD", "EUR", "ILS"], ["USD", "EUR", "ILS"])
    func blueSnapsTableConvertsBetweenEveryPair(_ from: String, _ to: String) throws {
        let amounts: [String: (amount: Int64, tax: Int64)] = ["USD": (10_000, 1000), "EUR": (5000, 500), "ILS": (40_000, 4000)]
        let source = try #require(amounts[from]), target = try #require(amounts[to])
        for rounding in RoundingMode.allCases {
            let table = RatesFixtures.blueSnap
            #expect(try table.convert(AmountOfMoney(amount: source.amount, currencyCode: from), to: to, rounding: rounding)
                .amountOfMoney.amount == target.amount)
            #expect(try table.convert(AmountOfMoney(amount: source.tax, currencyCode: from), to: to, rounding: rounding)
                .amountOfMoney.amount == target.tax)
        }
    }

    @Test func unknownCodesAreNamed() {
        #expect(throws: CurrencyConversionError.unknownCurrency("XAU")) {
            try Self.table.convert(AmountOfMoney(amount: 1, currencyCode: "XAU"), to: "USD")
        }
        #expect(throws: CurrencyConversionError.unknownCurrency("GBP")) {
            try Self.table.convert(AmountOfMoney(amount: 1, currencyCode: "USD"), to: "GBP")
        }
    }

    @Test func resultsBeyondTheWireLimitAreRefused() throws {
        let largest = AmountOfMoney(amount: AmountOfMoney.maximumAmount, currencyCode: "USD")
        #expect(throws: CurrencyConversionError.amountTooLarge(currencyCode: "JPY")) {
            try Self.table.convert(largest, to: "JPY")   // × 1.5625
        }
        #expect(throws: CurrencyConversionError.amountTooLarge(currencyCode: "BHD")) {
            try Self.table.convert(AmountOfMoney(amount: .max, currencyCode: "JPY"), to: "BHD")
        }
        // 9007199254740991 cents × 0.5 = 4503599627370495.5 → 4503599627370496
        #expect(try Self.table.convert(largest, to: "EUR").amountOfMoney.amount == 4_503_599_627_370_496)
        #expect(try Self.table.convert(largest, to: "USD").amountOfMoney == largest)
    }
}
