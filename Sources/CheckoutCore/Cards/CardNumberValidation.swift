/// The state of the card number (PAN) field as typed: spaces are ignored, any other
/// character but a digit is invalid `format`.
///
/// A recognised brand needs one of its `panLengths` and, unless it is exempt, the Luhn
/// check; an unrecognised number needs 12–19 digits and the Luhn check. A number
/// that can still grow into a valid one is `incomplete`: too short (`length`), or at
/// an accepted length but failing Luhn while a longer length remains (`luhn`).
/// A recognised brand outside `acceptedBrands` is invalid `allowedInContext`, unless
/// further digits could still turn the number into an accepted brand (`4` may become
/// Elo): then it is incomplete. A number no prefix identifies yet is judged by the
/// default rules alone.
public enum CardNumberValidation {
    public static func state(
        of pan: String, acceptedBrands: AcceptedBrands = .all, brands: CardBrandTable = .standard
    ) -> FieldState {
        judge(TypedCardNumber(typed: pan), acceptedBrands: acceptedBrands, brands: brands).state
    }

    /// The state of the number and the brand it shows (as `CardBrandTable.brand(ofCardNumber:)`
    /// finds it), from one reading and one walk of its digits.
    static func judge(
        _ pan: TypedCardNumber, acceptedBrands: AcceptedBrands, brands: CardBrandTable
    ) -> (state: FieldState, brand: CardBrand?) {
        guard pan.isNumber else { return (.invalid(.format), nil) }
        let outlook = brands.outlook(of: pan)
        var rules = CardNumberRules.unrecognised
        if let index = outlook.brandIndex { rules = brands.entries[index].brand.numberRules }
        let numberRules = state(of: pan, rules: rules)
        return (.combining(brandRule(outlook, acceptedBrands, brands), numberRules),
                outlook.brandIndex.map { brands.entries[$0].brand })
    }

    private static func brandRule(_ outlook: BrandOutlook, _ acceptedBrands: AcceptedBrands, _ brands: CardBrandTable) -> FieldState {
        guard let index = outlook.brandIndex, !acceptedBrands.accepts(brands.entries[index].brand) else { return .valid }
        guard outlook.possibleBrands(in: brands).contains(where: acceptedBrands.accepts) else {
            return .invalid(.allowedInContext)
        }
        return .incomplete(.allowedInContext)
    }

    private static func state(of pan: TypedCardNumber, rules: CardNumberRules) -> FieldState {
        if pan.digitCount > rules.longestLength { return .invalid(.length) }
        guard rules.accepts(length: pan.digitCount) else { return .incomplete(.length) }
        if !rules.requiresLuhn || pan.passesLuhn { return .valid }
        return pan.digitCount < rules.longestLength ? .incomplete(.luhn) : .invalid(.luhn)
    }
}
