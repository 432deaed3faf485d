import CheckoutCore
import Foundation
import Testing

@Suite("The embedded IIN table")
struct IINReferenceTests {
    static let brands = CardBrandTable.standard

    @Test func decodesAndHasNoInconsistencies() throws {
        let table = try IINReference.embeddedTable()
        #expect(!table.version.isEmpty)
        #expect(!table.entries.isEmpty)
        #expect(table.inconsistencies() == [])
    }

    @Test(arguments: IINReference.rows)
    func holdsEveryReferenceEntryExactly(_ row: IINReference.Row) throws {
        let table = try IINReference.embeddedTable()
        #expect(table.entries.filter { $0.bin == row.bin } == [row.entry])
    }

    @Test(arguments: IINReference.rows)
    func answersTheReferenceEntryForItsTestNumberAndItsPrefixes(_ row: IINReference.Row) throws {
        let table = try IINReference.embeddedTable()
        let expected = IINDetails(
            status: .supported, paymentProductId: row.products[0], countryCode: row.countryCode,
            cardType: row.cardType, isAllowedInContext: true,
            coBrands: row.products.count == 1 ? [] : row.products.map {
                IINDetails.CoBrand(paymentProductId: $0, isAllowedInContext: true, cardType: row.cardType)
            })
        // A 6-digit bin answers from its 6th digit on; an 8-digit one only from its 8th.
        let prefixLengths = row.bin.count == 8 ? [8] : [6, 7, 8]
        for typed in [row.testNumber, Self.grouped(row.testNumber)] + prefixLengths.map({ String(row.testNumber.prefix($0)) }) {
            #expect(table.details(forCardNumber: typed, brands: Self.brands, isAllowed: { _ in true }) == expected,
                    "\(typed)")
        }
    }

    @Test(arguments: IINReference.rows)
    func theBrandTableAgreesWithTheReferenceTestNumber(_ row: IINReference.Row) throws {
        let product = try #require(Self.brands.brand(ofCardNumber: row.testNumber)?.paymentProductId)
        #expect(row.products.contains(product))
    }

    /// 400000 has no entry, so the brand table answers; 555555 is Stripe's US Mastercard
    /// 5555 5555 5555 4444.
    @Test(arguments: [
        ("4000002", IINDetails(status: .supported, paymentProductId: 1, cardType: .credit, isAllowedInContext: true)),
        ("400000", IINDetails(status: .supported, paymentProductId: 1, cardType: .credit, isAllowedInContext: true)),
        ("40000024", IINDetails(status: .supported, paymentProductId: 1, cardType: .credit, isAllowedInContext: true)),
        ("4000002600001001", IINDetails(status: .supported, paymentProductId: 1, cardType: .credit,
                                        isAllowedInContext: true)),
        ("5555552", IINDetails(status: .supported, paymentProductId: 3, countryCode: "US", cardType: .credit,
                               isAllowedInContext: true)),
        ("555555", IINDetails(status: .supported, paymentProductId: 3, countryCode: "US", cardType: .credit,
                              isAllowedInContext: true)),
        ("55555526", IINDetails(status: .supported, paymentProductId: 3, countryCode: "US", cardType: .credit,
                                isAllowedInContext: true)),
    ])
    func shorterPrefixesOfAnEightDigitBinAreLookedUpByTheirFirstSix(_ typed: String, _ expected: IINDetails) throws {
        let table = try IINReference.embeddedTable()
        #expect(table.details(forCardNumber: typed, brands: Self.brands, isAllowed: { _ in true }) == expected)
    }

    @Test func everyEntryNamesTheProductOfTheBrandItsBinIsDetectedAs() throws {
        // A Bancontact-only card: its bin lies in Maestro's prefix 67.
        let bancontactOnly: Set = ["670300"]
        for entry in try IINReference.embeddedTable().entries where !bancontactOnly.contains(entry.bin) {
            let product = Self.brands.brand(ofCardNumber: entry.bin)?.paymentProductId
            #expect(product.map { entry.brands.map(\.paymentProductId).contains($0) } == true, "\(entry.bin)")
        }
    }

    @Test func theCoBadgedEntriesPutTheDomesticSchemeFirst() throws {
        let coBadged = try IINReference.embeddedTable().entries.filter(\.isCoBadged)
        #expect(coBadged.count >= 5)
        for entry in coBadged {
            #expect([IINReference.cartesBancaires, IINReference.bancontact].contains(entry.brands[0].paymentProductId),
                    "\(entry.bin)")
        }
    }

    static func grouped(_ number: String) -> String {
        var text = ""
        for (index, character) in number.enumerated() {
            if index > 0, index % 4 == 0 { text += " " }
            text.append(character)
        }
        return text
    }
}
