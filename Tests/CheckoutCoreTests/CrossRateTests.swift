import CheckoutCore
import Testing

@Suite("Cross rates: exact fractions and their decimal reading")
struct CrossRateTests {
    static func rate(_ to: String, per from: String) throws -> CrossRate {
        let (to, from) = (try #require(DecimalNumber(to)), try #require(DecimalNumber(from)))
        return try #require(CrossRate(to, per: from))
    }

    @Test func aRateIsTheReducedFractionOfTwoTableRates() throws {
        let eurPerUsd = try Self.rate("0.5", per: "1")
        #expect((eurPerUsd.numerator, eurPerUsd.denominator) == (1, 2))
        let ilsPerEur = try Self.rate("4", per: "0.5")
        #expect((ilsPerEur.numerator, ilsPerEur.denominator) == (8, 1))
        let usdPerJpy = try Self.rate("1", per: "156.25")
        #expect((usdPerJpy.numerator, usdPerJpy.denominator) == (4, 625))
        #expect(try Self.rate("0.376", per: "0.376").isOne)
        #expect(CrossRate(DecimalNumber.one, per: DecimalNumber.zero) == nil)
    }

    /// Exact when the quotient ends within 18 significant digits (worked out by hand).
    @Test(arguments: [
        ("0.5", "1", "0.5"), ("4", "0.5", "8"), ("1", "156.25", "0.0064"), ("156.25", "0.5", "312.5"), ("1", "1", "1"),
        ("1", "3.2", "0.3125"), ("7", "8", "0.875"), ("1", "1024", "0.0009765625"), ("1", "2048", "0.00048828125"),
        ("1", "0.000000000001", "1000000000000"),
        ("999999999999999999", "0.000000000001", "999999999999999999000000000000"),
        ("0.376", "0.3125", "1.2032"),
    ])
    func terminatingQuotientsReadExactly(_ to: String, _ from: String, _ reading: String) throws {
        #expect(try Self.rate(to, per: from).description == reading)
    }

    /// Otherwise rounded half-even to 10 significant digits, keeping every digit before the point.
    @Test(arguments: [
        ("1", "3", "0.3333333333"), ("2", "3", "0.6666666667"), ("1", "7", "0.1428571429"),
        ("1", "0.376", "2.659574468"),                       // 2.659574468|085…
        ("29.999999999", "3", "10"),                         // 9.999999999|666… carries into a new digit
        ("100000000000000000", "3", "33333333333333333"),    // 17 digits before the point stay
        ("1", "0.000000000003", "333333333333"),
        ("0.000000000001", "999999999999999999", "0.000000000000000000000000000001"),
        ("123456789012345678", "1024", "120563270519869"),   // ends, but only after 24 significant digits
    ])
    func otherQuotientsReadRounded(_ to: String, _ from: String, _ reading: String) throws {
        #expect(try Self.rate(to, per: from).description == reading)
    }
}
