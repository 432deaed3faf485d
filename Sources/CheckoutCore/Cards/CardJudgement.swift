/// A `card.validate` result whose brand is named by its place in the brand
/// table it was detected from (`CardBrandTable.entries`), not held. Making one
/// copies no brand: a brand copied into every result counted a reference on
/// the table's shared brand each time, which both of the service's threads
/// then wrote, so the service answers the commonest result, a valid card of a
/// table's brand, from this.
public struct CardJudgement: Sendable, Hashable {
    public let brandIndex: Int?
    public let pan: FieldState?
    public let expiryDate: FieldState?
    public let cvc: FieldState?
    public let validationSuccess: Bool

    /// The result with the brand taken from `brands`, the table judged against.
    public func result(in brands: CardBrandTable) -> CardValidationResult {
        CardValidationResult(cardBrand: brandIndex.map { brands.entries[$0].brand }, pan: pan, expiryDate: expiryDate,
                             cvc: cvc, validationSuccess: validationSuccess)
    }
}
