import CheckoutCore
import JSONRPC

/// The JSON text of every brand in the service's table, written once, and of
/// the whole `card.validate` result that card numbers of the brand get when all
/// three fields are valid.
///
/// A brand is the largest part of `card.validate`'s result, and the same text
/// for every card number of that brand. Written member by member it took 1,900
/// of a request's 20,000 instructions. Found here by the brand's index in the
/// table (`CardJudgement.brandIndex`) and copied, it takes a few hundred. A
/// valid card's result is then the same text too, brand and three valid
/// fields: copied in one piece, it takes a tenth of the 600 instructions its
/// members took one by one.
struct PrewrittenBrands: Sendable {
    private let entries: [Entry]

    /// A class, so the texts are made once and freed with the table. The texts
    /// are plain bytes, not arrays: a result copies them in without counting a
    /// reference on a buffer every request shares. They are written once, in
    /// `init`, and only read after, hence `@unchecked Sendable`.
    final class Entry: @unchecked Sendable {
        let brand: CardBrand
        /// The brand's own JSON text.
        let text: UnsafeRawBufferPointer
        /// The JSON text of the result whose card number, expiry date and CVC
        /// are all given and valid, for a card number of this brand.
        let validResultText: UnsafeRawBufferPointer

        init(brand: CardBrand) {
            self.brand = brand
            text = Self.copy(JSONTextWriter.bytes(of: brand))
            validResultText = Self.copy(JSONTextWriter.bytes(of: CardValidationResult(
                cardBrand: brand, pan: .valid, expiryDate: .valid, cvc: .valid, validationSuccess: true)))
        }

        deinit {
            text.deallocate()
            validResultText.deallocate()
        }

        private static func copy(_ bytes: [UInt8]) -> UnsafeRawBufferPointer {
            let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
            bytes.withUnsafeBytes { copy.copyMemory(from: $0) }
            return UnsafeRawBufferPointer(copy)
        }
    }

    init(_ table: CardBrandTable) {
        entries = table.brands.map(Entry.init(brand:))
    }

    /// The texts of the brand at `index` of the table these were written from.
    func entry(at index: Int) -> Unmanaged<Entry> {
        Unmanaged.passUnretained(entries[index])
    }
}

/// `card.validate`'s result, with its brand's text taken from `PrewrittenBrands`
/// when the brand is there, and the whole result's text when all its fields are
/// valid too. Its JSON text is the result's own, either way.
///
/// It holds its brand's entry without counting a reference (`Unmanaged`), so it
/// is valid only while the `PrewrittenBrands` it was made with lives (the
/// service's lives as long as the service). With two threads answering
/// `card.validate`, every counted reference to an entry, or to its brand, made
/// both write the same count on every request, and its cache line then bounced
/// between the CPUs.
struct CardValidationResultText: Encodable, JSONTextWritable, @unchecked Sendable {
    private enum Content {
        /// A valid card of a table's brand: the entry's whole text, and no result made.
        case allValid(Unmanaged<PrewrittenBrands.Entry>)
        /// Any other result, with its brand's entry when the brand is the table's.
        case fields(CardValidationResult, Unmanaged<PrewrittenBrands.Entry>?)
    }

    private let content: Content

    /// `judgement`'s result; `table` is the one it was judged against, and the
    /// one `brands` were written from. The tables are borrowed: an
    /// initializer's parameters are otherwise taken owned, and the caller
    /// copied the service's tables, counting a reference on each of their
    /// arrays and dictionaries, which every request shares.
    init(_ judgement: CardJudgement, table: borrowing CardBrandTable, brands: borrowing PrewrittenBrands) {
        guard let index = judgement.brandIndex else {
            content = .fields(judgement.result(in: table), nil)
            return
        }
        let entry = brands.entry(at: index)
        if judgement.validationSuccess && isValid(judgement.pan) && isValid(judgement.expiryDate) && isValid(judgement.cvc) {
            content = .allValid(entry)
        } else {
            content = .fields(judgement.result(in: table), entry)
        }
    }

    /// The result whose text this is.
    var result: CardValidationResult {
        switch content {
        case .allValid(let entry):
            CardValidationResult(cardBrand: entry.takeUnretainedValue().brand, pan: .valid, expiryDate: .valid, cvc: .valid,
                                 validationSuccess: true)
        case .fields(let result, _): result
        }
    }

    /// The brand's text written beforehand, when the brand is the table's.
    var brandText: UnsafeRawBufferPointer? {
        switch content {
        case .allValid(let entry), .fields(_, let entry?): entry._withUnsafeGuaranteedRef(\.text)
        case .fields(_, nil): nil
        }
    }

    /// The whole result's text written beforehand, when the brand is the
    /// table's and all three fields are valid.
    var wholeText: UnsafeRawBufferPointer? {
        switch content {
        case .allValid(let entry): entry._withUnsafeGuaranteedRef(\.validResultText)
        case .fields(let result, let entry?) where result.isAllValid: entry._withUnsafeGuaranteedRef(\.validResultText)
        case .fields: nil
        }
    }

    func encode(to encoder: any Encoder) throws {
        try result.encode(to: encoder)
    }

    func write(to json: inout JSONTextWriter) {
        if let wholeText { return json.value(prewritten: wholeText) }
        guard case .fields(let result, _) = content else { return }
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
