/// Checks one value against one field of a payment product, as the Online Payments
/// SDKs' `PaymentProductField.validateValue` does.
///
/// The value is unmasked with the field's mask first, when the field has one (so
/// `4111 1111 1111 1111` and `4111111111111111` are the same card number, and
/// `12/26`, `1226` and `12/2026` are expiry dates the validator reads). An
/// empty value is one `required` error for a required field and no error for an
/// optional one. A value of an `integer` field that is not `-?[0-9]+`, or of a
/// `numericstring` field that is not `[0-9]+`, is one `integer` or
/// `numericString` error, and the other validators are skipped. Any other value
/// is checked by every validator of the field, and each one that fails is one
/// error, in the order `FieldValidators` declares them: luhn, expirationDate,
/// length, range, regularExpression, emailAddress, fixedList, iban,
/// termsAndConditions.
public enum FieldValidation {
    /// The errors of `value` for `field`; empty when the value is acceptable.
    ///
    /// - Parameters:
    ///   - value: what the customer entered, masked or not.
    ///   - currentMonth: the month expiry dates are judged against (from the service clock).
    ///   - locale: the locale of the messages, `language_REGION`.
    public static func errors(
        of value: String, for field: PaymentProductField, currentMonth: CalendarMonth, locale: String
    ) -> [ValidationError] {
        errors(ofUnmasked: unmaskedValue(value, for: field), for: field, currentMonth: currentMonth, locale: locale)
    }

    /// The value the field's validators see: the value without the mask's
    /// separators (its literals that are not letters or digits), or the value itself
    /// when the field has no mask.
    ///
    /// Unlike `Mask.remove`, this keeps characters the mask's placeholders would
    /// drop and input beyond the mask's capacity, so a stray letter or a twentieth
    /// digit is judged by the validators instead of silently disappearing, and
    /// `12/2026` stays a complete `MMYYYY` date under the `{{99}}/{{99}}` mask.
    public static func unmaskedValue(_ value: String, for field: PaymentProductField) -> String {
        field.displayHints.mask?.removingSeparators(from: value) ?? value
    }

    static func errors(
        ofUnmasked value: String, for field: PaymentProductField, currentMonth: CalendarMonth, locale: String
    ) -> [ValidationError] {
        if value.isEmpty {
            guard field.dataRestrictions.isRequired else { return [] }
            return [ValidationError(fieldId: field.id, errorMessageId: .required, locale: locale)]
        }
        if let typeError = typeError(of: value, type: field.type) {
            return [ValidationError(fieldId: field.id, errorMessageId: typeError, locale: locale)]
        }
        let failures = field.dataRestrictions.validators.failures(of: value, currentMonth: currentMonth)
        return failures.map {
            ValidationError(fieldId: field.id, errorMessageId: $0.id, parameters: $0.parameters, locale: locale)
        }
    }
}

extension FieldValidation {
    /// The error of a value its field's type cannot hold: `integer` for an
    /// integer field whose value is not an optional minus and ASCII digits,
    /// `numericString` for a numeric string that is not ASCII digits.
    static func typeError(of value: String, type: FieldType) -> ValidationMessageId? {
        switch type {
        case .integer:
            let digits = value.utf8.first == UInt8(ascii: "-") ? value.utf8.dropFirst() : value.utf8[...]
            return !digits.isEmpty && CardDigits.areAllDigits(digits) ? nil : .integer
        case .numericstring:
            return CardDigits.areAllDigits(value.utf8) ? nil : .numericString
        default:
            return nil
        }
    }
}

/// A validator that rejected a value, with the parameters its error carries.
struct RuleFailure: Sendable, Hashable {
    let id: ValidationMessageId
    let parameters: ValidationError.RuleParameters?

    init(_ id: ValidationMessageId, _ parameters: ValidationError.RuleParameters? = nil) {
        self.id = id
        self.parameters = parameters
    }
}

extension FieldValidators {
    /// Every declared validator that rejects the (unmasked, non-empty) `value`, in
    /// declaration order.
    func failures(of value: String, currentMonth: CalendarMonth) -> [RuleFailure] {
        var failures: [RuleFailure] = []
        if luhn != nil, !Luhn.isValid(value) {
            failures.append(RuleFailure(.luhn))
        }
        if expirationDate != nil, !ExpirationDateRule.accepts(value, currentMonth: currentMonth) {
            failures.append(RuleFailure(.expirationDate))
        }
        if let length, !length.accepts(value) {
            failures.append(RuleFailure(.length, .length(length)))
        }
        if let range, !range.accepts(value) {
            failures.append(RuleFailure(.range, .range(range)))
        }
        if let regularExpression, !regularExpression.accepts(value) {
            failures.append(RuleFailure(.regularExpression))
        }
        if emailAddress != nil, !EmailAddressRule.accepts(value) {
            failures.append(RuleFailure(.emailAddress))
        }
        if let fixedList, !fixedList.accepts(value) {
            failures.append(RuleFailure(.fixedList, .fixedList(fixedList)))
        }
        if iban != nil, !IBANRule.accepts(value) {
            failures.append(RuleFailure(.iban))
        }
        if termsAndConditions != nil, !TermsAndConditionsRule.accepts(value) {
            failures.append(RuleFailure(.termsAndConditions))
        }
        return failures
    }
}
