import CheckoutCore
import Foundation
import Testing

@Suite("Card brand table")
struct BrandTableTests {
    static let table = CardBrandTable.standard

    @Test func holdsTheReferenceBrandsInOrder() {
        #expect(Self.table.brands.map(\.code) == BrandReference.rows.map(\.code))
    }

    @Test(arguments: BrandReference.rows.map(\.code))
    func describesEachBrandAsTheReferenceDoes(_ code: String) throws {
        let row = try #require(BrandReference.rows.first { $0.code == code })
        let brand = try #require(Self.table.brand(code: code))
        #expect(brand.name == row.name)
        #expect(brand.paymentProductId == row.paymentProductId)
        #expect(brand.panLengths == row.panLengths)
        #expect(brand.cvcLength == row.cvcLength)
        #expect(brand.requiresLuhn == (code != "unionpay"))
        let prefixes = try #require(Self.table.entries.first { $0.brand.code == code }).prefixes
        #expect(prefixes.map(\.description) == BrandReference.entries.filter { $0.code == code }.map {
            $0.isRange ? "\($0.lower)-\($0.upper)" : $0.lower
        })
    }

    /// Every product id of the reference table, and ids no brand has, find the
    /// reference's first brand with that product.
    @Test(arguments: Set(BrandReference.rows.compactMap(\.paymentProductId)).sorted() + [0, -1, 999_999])
    func findsTheBrandOfAProduct(_ productId: Int) {
        #expect(Self.table.brand(paymentProductId: productId)?.code
                == BrandReference.rows.first { $0.paymentProductId == productId }?.code)
    }

    @Test(arguments: [
        ("amex", "{{9999}} {{999999}} {{99999}}", [15: "{{9999}} {{999999}} {{99999}}"]),
        ("diners", "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}",
         [14: "{{9999}} {{999999}} {{9999}}", 16: "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"]),
        ("visa", "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}", [16: "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"]),
        ("troy", "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}", [16: "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"]),
    ])
    func carriesTheOnlinePaymentsMasks(_ code: String, _ mask: String, _ byLength: [Int: String]) throws {
        let brand = try #require(Self.table.brand(code: code))
        #expect(brand.mask == mask)
        for (length, expected) in byLength {
            #expect(brand.mask(forPanLength: length) == expected)
        }
    }

    @Test(arguments: [
        ("VISA", "visa"), ("Amex", "amex"), ("CartesBancaires", "cartesbancaires"), ("mir", "mir"),
        ("visa ", nil), ("", nil), ("unknown", nil),
    ] as [(String, String?)])
    func findsABrandByItsCodeInAnyCase(_ code: String, _ expected: String?) {
        #expect(Self.table.brand(code: code)?.code == expected)
    }

    @Test func cartesBancairesHasNoPrefix() throws {
        let entry = try #require(Self.table.entries.first { $0.brand.code == "cartesbancaires" })
        #expect(entry.prefixes.isEmpty)
        #expect(entry.brand.paymentProductId == 130)
    }

    @Test func encodesTheWireShapeWithAnExplicitNullProduct() throws {
        let elo = try #require(Self.table.brand(code: "elo"))
        #expect(try Self.json(elo) == """
            {"code":"elo","cvcLength":3,"images":[\
            {"type":"image/svg+xml","url":"https://assets.checkoutd.invalid/brands/elo.svg"},\
            {"type":"image/png","url":"https://assets.checkoutd.invalid/brands/elo.png"}],\
            "mask":"{{9999}} {{9999}} {{9999}} {{9999}} {{999}}","name":"Elo","panLengths":[16],"paymentProductId":null}
            """)
        let amex = try #require(Self.table.brand(code: "amex"))
        #expect(try Self.json(amex) == """
            {"code":"amex","cvcLength":4,"images":[\
            {"type":"image/svg+xml","url":"https://assets.checkoutd.invalid/brands/amex.svg"},\
            {"type":"image/png","url":"https://assets.checkoutd.invalid/brands/amex.png"}],\
            "mask":"{{9999}} {{999999}} {{99999}}","name":"American Express","panLengths":[15],"paymentProductId":2}
            """)
    }

    /// Access Checkout `CardBrand.images`: the SVG, then the PNG, of the brand's code below the asset base.
    @Test(arguments: BrandReference.rows.map(\.code))
    func everyBrandHasItsImagesBelowTheAssetBase(_ code: String) throws {
        let base = try #require(AssetBase("https://cdn.example.com/checkout"))
        let brand = try #require(Self.table.withImages(at: base).brand(code: code))
        #expect(brand.images == [
            BrandImage(type: "image/svg+xml", url: "https://cdn.example.com/checkout/brands/\(code).svg"),
            BrandImage(type: "image/png", url: "https://cdn.example.com/checkout/brands/\(code).png"),
        ])
        #expect(try #require(Self.table.brand(code: code)).images.map(\.url)
                == ["https://assets.checkoutd.invalid/brands/\(code).svg", "https://assets.checkoutd.invalid/brands/\(code).png"])
        // Only the images change: detection and every other property stay.
        #expect(Self.table.withImages(at: base).brand(ofCardNumber: "6011 0000")?.code == Self.table.brand(ofCardNumber: "6011 0000")?.code)
        #expect(brand.withImages(at: .default) == Self.table.brand(code: code))
    }

    @Test(arguments: BrandReference.rows.map(\.code))
    func decodesWhatItEncodes(_ code: String) throws {
        let brand = try #require(Self.table.brand(code: code))
        let decoded = try JSONDecoder().decode(CardBrand.self, from: JSONEncoder().encode(brand))
        #expect(decoded == brand)
    }

    @Test func decodesABrandTheTableDoesNotKnowWithDefaults() throws {
        let json = #"{"code":"x","name":"X","paymentProductId":null,"panLengths":[19,16],"cvcLength":3,"mask":"{{9}}","#
            + #""images":[{"type":"image/svg+xml","url":"https://assets.checkoutd.invalid/brands/x.svg"},"#
            + #"{"type":"image/png","url":"https://assets.checkoutd.invalid/brands/x.png"}]}"#
        let brand = try JSONDecoder().decode(CardBrand.self, from: Data(json.utf8))
        #expect(brand == CardBrand(code: "x", name: "X", paymentProductId: nil, panLengths: [16, 19], cvcLength: 3,
                                   mask: "{{9}}"))
        #expect(brand.requiresLuhn)
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }
}
