/// The `termsAndConditions` validator: the customer ticked the box, so the value
/// is exactly `true` (a boolean field's value travels as a string).
public enum TermsAndConditionsRule {
    public static func accepts(_ value: String) -> Bool {
        value == "true"
    }
}
