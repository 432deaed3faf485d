/// The state of the CVC field: exactly the brand's `cvcLength` digits, or 3 or 4 digits
/// while the card number's brand is unknown. Fewer digits are `incomplete`, more are
/// invalid `length`, anything but ASCII digits (spaces included) is invalid `format`.
public enum CVCValidation {
    public static let unrecognisedCVCLengths = 3...4

    public static func state(of cvc: String, brand: CardBrand?) -> FieldState {
        state(of: TypedCVC(typed: cvc), brand: brand)
    }

    public static func state(of cvc: TypedCVC, brand: CardBrand?) -> FieldState {
        state(of: cvc, brandCVCLength: brand?.cvcLength)
    }

    /// The same, given only the brand's CVC length (nil for no brand).
    static func state(of cvc: TypedCVC, brandCVCLength: Int?) -> FieldState {
        guard let count = cvc.digitCount else { return .invalid(.format) }
        let lengths = brandCVCLength.map { $0...$0 } ?? unrecognisedCVCLengths
        if lengths.contains(count) { return .valid }
        return count < lengths.upperBound ? .incomplete(.length) : .invalid(.length)
    }
}
