import CheckoutCore
import JSONRPC

/// The JSON text of every brand in the service's table, written once, and of
/// the whole `card.validate` result that card numbers of the brand get when all
/// three fields are valid.
///
/// A brand is the largest part of `card.validate`'s result, and the same text
/// for every card number of that brand. Written member by member it took 1,900
/// of a request's 20,000 instructions. Found here by comparing the brand's
/// reference with each of the table's (a dozen pointer comparisons; hashing its
/// code cost 350) and copied, it takes a few hundred. A valid card's result is
/// then the same text too, brand and three valid fields: copied in one piece,
/// it takes a tenth of the 600 instructions its members took one by one.
struct PrewrittenBrands: Sendable {
    private let entries: [Entry]

    /// A class, so a lookup retains one reference for the brand and its texts.
    final class Entry: Sendable {
        let brand: CardBrand
        /// The brand's own JSON text.
        let text: [UInt8]
        /// The JSON text of the result whose card number, expiry date and CVC
        /// are all given and valid, for a card number of this brand.
        let validResultText: [UInt8]

        init(brand: CardBrand) {
            self.brand = brand
            text = JSONTextWriter.bytes(of: brand)
            validResultText = JSONTextWriter.bytes(of: CardValidationResult(
                cardBrand: brand, pan: .valid, expiryDate: .valid, cvc: .valid, validationSuccess: true))
        }
    }

    init(_ table: CardBrandTable) {
        entries = table.brands.map(Entry.init(brand:))
    }

    /// The texts of `brand` when it is one of the table's own brands (or a copy
    /// of one); nil for any other, which the caller writes member by member.
    func entry(of brand: borrowing CardBrand) -> Entry? {
        for entry in entries where entry.brand.isIdentical(to: brand) { return entry }
        return nil
    }

    /// The texts of the brand at `index` of the table these were written from.
    func entry(at index: Int) -> Entry {
        entries[index]
    }
}

/// `card.validate`'s result, with its brand's text taken from `PrewrittenBrands`
/// when the brand is there, and the whole result's text when all its fields are
/// valid too. Its JSON text is the result's own, either way.
///
/// It holds the entry of its brand without counting a reference, so it is
/// valid only while the `PrewrittenBrands` it was made with lives (the
/// service's lives as long as the service). With two threads answering
/// `card.validate`, a counted reference made both write the entry's count on
/// every request, and its cache line then bounced between the CPUs.
struct CardValidationResultText: Encodable, JSONTextWritable, Sendable {
    /// The result, except for a valid card of a table's brand, whose whole
    /// text is the entry's and which makes no result (nor copies its brand).
    private let fields: CardValidationResult?
    private unowned(unsafe) let prewritten: PrewrittenBrands.Entry?

    init(_ result: consuming CardValidationResult, brands: PrewrittenBrands) {
        switch result.cardBrand {
        case .some(let brand): prewritten = brands.entry(of: brand)
        case .none: prewritten = nil
        }
        fields = result
    }

    /// `judgement`'s result; `table` is the one it was judged against, and the
    /// one `brands` were written from.
    init(_ judgement: CardJudgement, table: CardBrandTable, brands: PrewrittenBrands) {
        prewritten = judgement.brandIndex.map(brands.entry(at:))
        let isAllValid = judgement.validationSuccess && isValid(judgement.pan) && isValid(judgement.expiryDate)
            && isValid(judgement.cvc)
        fields = prewritten != nil && isAllValid ? nil : judgement.result(in: table)
    }

    /// The result whose text this is.
    var result: CardValidationResult {
        fields ?? CardValidationResult(cardBrand: prewritten?.brand, pan: .valid, expiryDate: .valid, cvc: .valid,
                                       validationSuccess: true)
    }

    /// The brand's text written beforehand, when the brand is the table's.
    var brandText: [UInt8]? { prewritten?.text }

    /// The whole result's text written beforehand, when the brand is the
    /// table's and all three fields are valid.
    var wholeText: [UInt8]? {
        guard let fields else { return prewritten?.validResultText }
        return fields.isAllValid ? prewritten?.validResultText : nil
    }

    func encode(to encoder: any Encoder) throws {
        try result.encode(to: encoder)
    }

    func write(to json: inout JSONTextWriter) {
        if let wholeText { return json.value(prewritten: wholeText) }
        result.write(to: &json, brandText: brandText)
    }
}

private extension CardValidationResult {
    /// Card number, expiry date and CVC all given and valid: the result every
    /// valid card of a brand gets.
    var isAllValid: Bool {
        validationSuccess && isValid(pan) && isValid(expiryDate) && isValid(cvc)
    }
}

/// Given and valid, with no errors: the text of `FieldState.valid`.
private func isValid(_ state: FieldState?) -> Bool {
    guard let state else { return false }
    return state.isValid && state.errors.isEmpty
}
