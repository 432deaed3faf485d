import CheckoutCore
import JSONRPC

/// The JSON text of every brand in the service's table, written once.
///
/// A brand is the largest part of `card.validate`'s result, and the same text
/// for every card number of that brand. Written member by member it took 1,900
/// of a request's 20,000 instructions; finding it here (a hash of the code, and
/// a comparison that for the table's own brand is one pointer) and copying it
/// takes 850 fewer.
struct PrewrittenBrands: Sendable {
    private let entryByCode: [String: Entry]

    /// A class, so a lookup retains one reference for the brand and its text.
    private final class Entry: Sendable {
        let brand: CardBrand
        let text: [UInt8]

        init(brand: CardBrand, text: [UInt8]) {
            self.brand = brand
            self.text = text
        }
    }

    init(_ table: CardBrandTable) {
        var entryByCode: [String: Entry] = [:]
        for brand in table.brands where entryByCode[brand.code] == nil {
            entryByCode[brand.code] = Entry(brand: brand, text: JSONTextWriter.bytes(of: brand))
        }
        self.entryByCode = entryByCode
    }

    /// The text of `brand` when the table holds that very brand; nil for any other.
    func text(of brand: borrowing CardBrand) -> [UInt8]? {
        guard let entry = entryByCode[brand.code], entry.brand == brand else { return nil }
        return entry.text
    }
}

/// `card.validate`'s result, with its brand's text taken from `PrewrittenBrands`
/// when the brand is there. Its JSON text is the result's own, either way.
struct CardValidationResultText: Encodable, JSONTextWritable, Sendable {
    let result: CardValidationResult
    let brandText: [UInt8]?

    init(_ result: consuming CardValidationResult, brands: PrewrittenBrands) {
        switch result.cardBrand {
        case .some(let brand): brandText = brands.text(of: brand)
        case .none: brandText = nil
        }
        self.result = result
    }

    func encode(to encoder: any Encoder) throws {
        try result.encode(to: encoder)
    }

    func write(to json: inout JSONTextWriter) {
        result.write(to: &json, brandText: brandText)
    }
}
