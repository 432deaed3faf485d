@testable import CheckoutCore
import Testing

/// The bit set of lengths against the reference table's length lists, for every
/// length a caller could ask about.
@Suite("Card number rules")
struct CardNumberRulesTests {
    static let askedLengths = Array(-1...70)

    @Test(arguments: BrandReference.rows.map(\.code))
    func acceptExactlyTheReferenceLengths(_ code: String) throws {
        let row = try #require(BrandReference.rows.first { $0.code == code })
        let rules = try #require(CardBrandTable.standard.brand(code: code)).numberRules
        #expect(Self.askedLengths.filter(rules.accepts(length:)) == row.panLengths)
        #expect(rules.longestLength == row.panLengths.max())
        #expect(rules.requiresLuhn == (code != "unionpay"))
    }

    @Test func unrecognisedNumbersTake12To19DigitsAndLuhn() {
        #expect(Self.askedLengths.filter(CardNumberRules.unrecognised.accepts(length:)) == Array(12...19))
        #expect(CardNumberRules.unrecognised.longestLength == 19)
        #expect(CardNumberRules.unrecognised.requiresLuhn)
    }

    /// A length no bit can hold is left out of the brand, so its `panLengths`
    /// and what it accepts agree.
    @Test func lengthsOutside1To63AreLeftOut() {
        let brand = CardBrand(code: "x", name: "X", paymentProductId: nil, panLengths: [0, 1, 16, 63, 64, 100, -3],
                              cvcLength: 3)
        #expect(brand.panLengths == [1, 16, 63])
        #expect(Self.askedLengths.filter(brand.numberRules.accepts(length:)) == [1, 16, 63])
        #expect(brand.longestPanLength == 63)
    }

    @Test func aBrandWithNoLengthAcceptsNone() {
        let brand = CardBrand(code: "x", name: "X", paymentProductId: nil, panLengths: [], cvcLength: 3)
        #expect(Self.askedLengths.filter(brand.numberRules.accepts(length:)).isEmpty)
        #expect(brand.longestPanLength == 0)
    }
}
