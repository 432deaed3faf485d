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
        var panState: FieldState?, brand: CardBrand?
        if let pan { (panState, brand) = CardNumberValidation.judge(pan, acceptedBrands: acceptedBrands, brands: brands) }
        let expiryDateState = expiryDate.map { ExpiryDateValidation.state(of: $0, currentMonth: currentMonth) }
        let cvcState = cvc.map { CVCValidation.state(of: $0, brandCVCLength: brand?.cvcLength) }
        return CardValidationResult(
            cardBrand: brand, pan: panState, expiryDate: expiryDateState, cvc: cvcState,
            validationSuccess: panState?.isValid == true && expiryDateState?.isValid == true && cvcState?.isValid == true)
    }
}
