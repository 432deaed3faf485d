/// What a `ValidationError` is about: the rule that failed, named as the Online
/// Payments SDKs name their validation errors (`errorMessageId` on the wire).
public enum ValidationMessageId: String, Sendable, Hashable, Codable, CaseIterable {
    /// A required field has no value.
    case required
    /// The card number fails the Luhn check, or is not all ASCII digits.
    case luhn
    /// The value has fewer or more characters than the field allows.
    case length
    /// The value is not an integer within the field's bounds.
    case range
    /// Not a real month from the current one up to December 25 years ahead.
    case expirationDate
    /// The value does not match the field's pattern as a whole.
    case regularExpression
    /// Not an e-mail address by the Online Payments SDK rule.
    case emailAddress
    /// The value is not one of the field's allowed values.
    case fixedList
    /// Not an ISO 13616 IBAN.
    case iban
    /// The terms and conditions were not accepted (the value is not `true`).
    case termsAndConditions
    /// The card's brands do not include the payment product.
    case allowedInContext
    /// The value differs from the READ_ONLY one stored in the account on file.
    case readOnly
    /// The payment product has no field with this id.
    case unknownField
    /// A field of type `integer` whose value is not an integer (`IDValidationErrorInteger`).
    case integer
    /// A field of type `numericstring` whose value is not all digits (`IDValidationErrorNumericString`).
    case numericString

    // Address data (BlueSnap rules); `fieldId` names the member, e.g. `billingDetails.zip`.
    case name
    case email
    case address
    case city
    case country
    case state
    case zip
}
