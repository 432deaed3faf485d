/// `card.validate`: the brand of the card number and the state of each field given.
///
/// The CVC is judged by the brand detected from the number, accepted or not.
/// `validationSuccess` needs all three fields, each valid.
public enum CardValidation {
    public static func validate(
        pan: String?, expiryDate: String?, cvc: String?, acceptedBrands: AcceptedBrands = .all,
        currentMonth: CalendarMonth, brands: CardBrandTable = .standard
    ) -> CardValidationResult {
        validate(pan: pan.map(TypedCardNumber.init(typed:)), expiryDate: expiryDate.map(TypedExpiryDate.init(typed:)),
                 cvc: cvc.map(TypedCVC.init(typed:)), acceptedBrands: acceptedBrands, currentMonth: currentMonth,
                 brands: brands)
    }

    /// The same, with the fields already read as typed.
    public static func validate(
        pan: TypedCardNumber?, expiryDate: TypedExpiryDate?, cvc: TypedCVC?, acceptedBrands: AcceptedBrands = .all,
        currentMonth: CalendarMonth, brands: CardBrandTable = .standard
    ) -> CardValidationResult {
        judge(pan: pan, expiryDate: expiryDate, cvc: cvc, acceptedBrands: acceptedBrands, currentMonth: currentMonth,
              brands: brands).result(in: brands)
    }

    /// The same judgement, with the brand named by its place in `brands`.
    public static func judge(
        pan: TypedCardNumber?, expiryDate: TypedExpiryDate?, cvc: TypedCVC?, acceptedBrands: AcceptedBrands = .all,
        currentMonth: CalendarMonth, brands: CardBrandTable = .standard
    ) -> CardJudgement {
        var panState: FieldState?, brandIndex: Int?
        if let pan { (panState, brandIndex) = CardNumberValidation.judge(pan, acceptedBrands: acceptedBrands, brands: brands) }
        let expiryDateState = expiryDate.map { ExpiryDateValidation.state(of: $0, currentMonth: currentMonth) }
        var cvcLength: Int?
        if let brandIndex { cvcLength = brands.entries[brandIndex].brand.cvcLength }
        let cvcState = cvc.map { CVCValidation.state(of: $0, brandCVCLength: cvcLength) }
        return CardJudgement(
            brandIndex: brandIndex, pan: panState, expiryDate: expiryDateState, cvc: cvcState,
            validationSuccess: panState?.isValid == true && expiryDateState?.isValid == true && cvcState?.isValid == true)
    }
}

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
