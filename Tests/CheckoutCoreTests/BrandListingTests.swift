import CheckoutCore
import Foundation
import Testing

/// `card.brands` in the core: the table as Access Checkout's `CardTypes` configuration,
/// judged by the reference table of `reference/card-brands.md`.
@Suite("Card brand listing")
struct BrandListingTests {
    static let table = CardBrandTable.standard

    @Test func listsEveryReferenceBrandInTableOrderWithItsPrefixes() {
        let listing = Self.table.listing(acceptedBrands: .all)
        #expect(listing.map(\.brand.code) == BrandReference.rows.map(\.code))
        for (listed, row) in zip(listing, BrandReference.rows) {
            #expect(listed.brand == Self.table.brand(code: row.code))
            #expect(listed.prefixes.map(\.description) == BrandReference.entries.filter { $0.code == row.code }.map {
                $0.isRange ? "\($0.lower)-\($0.upper)" : $0.lower
            })
            #expect(listed.accepted)
        }
    }

    @Test(arguments: [
        ([], Set(BrandReference.rows.map(\.code))),
        (["VISA", "MasterCard"], ["visa", "mastercard"]),
        (["amex", "nosuchbrand"], ["amex"]),
        (["nosuchbrand"], []),
        (["cartesbancaires"], ["cartesbancaires"]),
    ] as [([String], Set<String>)])
    func acceptsExactlyTheBrandsNamed(_ codes: [String], _ accepted: Set<String>) {
        let listing = Self.table.listing(acceptedBrands: AcceptedBrands(codes: codes))
        #expect(Set(listing.filter(\.accepted).map(\.brand.code)) == accepted)
        #expect(listing.count == BrandReference.rows.count)
    }

    /// The prefixes listed are the ones detection uses: the reference's rule, run over
    /// the listing alone, detects every bound of every entry as the table does.
    @Test func thePrefixesListedAreTheOnesDetectionUses() {
        let listing = Self.table.listing(acceptedBrands: .all)
        for listed in listing {
            for prefix in listed.prefixes {
                let bounds = prefix.description.split(separator: "-").map(String.init)
                for bound in Set(bounds) {
                    let number = bound + String(repeating: "0", count: max(0, 16 - bound.count))
                    #expect(Self.table.brand(ofCardNumber: number)?.code == BrandReference.expectedBrand(of: number),
                            "\(listed.brand.code) \(prefix)")
                }
            }
        }
    }

    @Test func encodesTheBrandThenItsPrefixesAndWhetherItIsAccepted() throws {
        let amex = try #require(Self.table.listing(acceptedBrands: AcceptedBrands(codes: ["visa"])).first)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: try encoder.encode(amex), as: UTF8.self) == """
            {"accepted":false,"code":"amex","cvcLength":4,"images":[\
            {"type":"image/svg+xml","url":"https://assets.checkoutd.invalid/brands/amex.svg"},\
            {"type":"image/png","url":"https://assets.checkoutd.invalid/brands/amex.png"}],\
            "mask":"{{9999}} {{999999}} {{99999}}","name":"American Express","panLengths":[15],"paymentProductId":2,\
            "prefixes":["34","37"]}
            """)
    }

    @Test(arguments: ["34", "300-305", "0", "622010-622999", "65083700-65083704", "123456789012345678"])
    func aPrefixTravelsAsTheTableWritesIt(_ text: String) throws {
        let prefix = try JSONDecoder().decode(BrandPrefix.self, from: Data("\"\(text)\"".utf8))
        #expect(prefix.description == text)
        #expect(String(decoding: try JSONEncoder().encode(prefix), as: UTF8.self) == "\"\(text)\"")
    }

    /// The file form is strict: no spaces (which a typed number may have), one dash, bounds
    /// of equal length in ascending order, 1 to 18 digits.
    @Test(arguments: ["", "3 4", " 34", "300 - 305", "305-300", "30-305", "-34", "34-", "3-4-5", "a1", "٣٤",
                      "1234567890123456789", "34.0"])
    func aPrefixThatIsNotOneIsRefused(_ text: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(BrandPrefix.self, from: Data("\"\(text)\"".utf8)) }
    }
}
