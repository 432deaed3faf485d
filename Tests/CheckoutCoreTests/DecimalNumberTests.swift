import CheckoutCore
import Testing

@Suite("Decimal numbers: exact rates from decimal strings")
struct DecimalNumberTests {
    @Test(arguments: [
        ("0", "0", 0, 0), ("1", "1", 1, 0), ("4", "4", 4, 0), ("0.5", "0.5", 5, 1), ("0.50", "0.5", 5, 1),
        ("156.25", "156.25", 15625, 2), ("000123.4500", "123.45", 12345, 2), ("10.0", "10", 10, 0),
        ("0.000000000001", "0.000000000001", 1, 12), ("999999999999999999", "999999999999999999", 999_999_999_999_999_999, 0),
        ("0.999999999999", "0.999999999999", 999_999_999_999, 12), ("1.000000000000000000000", "1", 1, 0),
        ("0.000", "0", 0, 0),
    ] as [(String, String, UInt64, Int)])
    func parsesAndWritesTheShortestForm(_ text: String, _ written: String, _ significand: UInt64, _ scale: Int) throws {
        let number = try #require(DecimalNumber(text))
        #expect(number.description == written)
        #expect(number.significand == significand && number.scale == scale)
        #expect(DecimalNumber(written) == number)
    }

    @Test(arguments: [
        "", " 1", "1 ", ".5", "5.", "-1", "+1", "1e3", "1E3", "1,5", "1.2.3", "0x10", "١", "NaN", "Infinity",
        "1234567890123456789", "0.0000000000001", "1.0000000000001",
    ])
    func refusesAnythingElse(_ text: String) {
        #expect(DecimalNumber(text) == nil)
    }

    @Test func equalValuesAreEqualWhateverTheirWriting() throws {
        #expect(DecimalNumber("0.8") == DecimalNumber("0.800"))
        #expect(DecimalNumber("1") == DecimalNumber.one)
        #expect(DecimalNumber("0.0") == DecimalNumber.zero)
        #expect(DecimalNumber(significand: 1500, scale: 3) == DecimalNumber("1.5"))
        #expect(DecimalNumber(significand: 1, scale: 13) == nil)
        #expect(DecimalNumber(significand: 1_000_000_000_000_000_000, scale: 0) == nil)
    }
}
