import CheckoutCore
import JSONRPC

/// The JSON text of every brand in the service's table, written once.
///
/// A brand is the largest part of `card.validate`'s result, and the same text
/// for every card number of that brand. Written member by member it took 1,900
/// of a request's 20,000 instructions. Found here by comparing the brand's
/// reference with each of the table's (a dozen pointer comparisons; hashing its
/// code cost 350) and copied, it takes a few hundred.
struct PrewrittenBrands: Sendable {
    private let entries: [Entry]

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
        entries = table.brands.map { Entry(brand: $0, text: JSONTextWriter.bytes(of: $0)) }
    }

    /// The text of `brand` when it is one of the table's own brands (or a copy
    /// of one); nil for any other, which the caller writes member by member.
    func text(of brand: borrowing CardBrand) -> [UInt8]? {
        for entry in entries where entry.brand.isIdentical(to: brand) { return entry.text }
        return nil
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
