/// Validates the values of a payment request for one payment product, as
/// `paymentRequest.validate` (and `paymentRequest.encrypt` before encrypting)
/// does: the Online Payments SDKs' `PaymentRequest.validate`, plus the checks the
/// platform makes on accounts on file, card brands and unknown fields.
///
/// Each field of the product, in display order (`displayOrder`, then the order of
/// `fields`), is judged as follows, and yields its errors in this order:
/// - With an account on file that stores an attribute for the field (the
///   `cardNumber` field is stored as the masked `alias`):
///   - READ_ONLY: the stored value satisfies the field; a non-empty value that
///     differs from it is one `readOnly` error. A value equal to it (compared
///     without the literals of the field's mask, so the label form
///     `4111 11XX XXXX 1111` equals `411111XXXXXX1111`) is fine.
///   - CAN_WRITE: a non-empty value replaces the stored one and is validated;
///     without one the stored value satisfies the field.
///   - MUST_WRITE: a non-empty value must be given (else `required`, even for an
///     optional field) and is validated.
/// - Otherwise `FieldValidation` judges the value (a missing value is empty).
/// - A card number (`cardNumber`) that passes all its validators but whose
///   recognised brand and co-brands do not include the product is
///   `allowedInContext`.
///
/// After the fields come the values for keys the product has no field for, one
/// `unknownField` error each, sorted by key; a card number in such a key is
/// masked in the error's `fieldId` (`EmbeddedCardNumber`). Values may be masked or not.
public enum PaymentRequestValidation {
    /// The id of the field that holds the card number.
    public static let cardNumberFieldId = "cardNumber"
    /// The account-on-file attribute that stores the masked card number.
    public static let cardNumberAttributeKey = "alias"

    /// What the judgement of a request yields: its errors, and the values an
    /// encryption carries, so each value is unmasked once.
    public struct Judgement: Sendable, Hashable {
        /// Empty when the request is valid.
        public var errors: [ValidationError]
        /// The product's fields that have a non-empty value once unmasked, with
        /// that value, in display order: `CustomerInput.paymentValues`.
        public var paymentValues: [CustomerInput.PaymentValue]
    }

    /// The errors of the request; empty when it is valid.
    ///
    /// - Parameters:
    ///   - product: the payment product paid with, with its fields.
    ///   - values: field id → value as the customer entered it, masked or not.
    ///   - accountOnFile: the account paid with, if any; it must belong to `product`
    ///     (the caller checks that).
    ///   - currentMonth: the month expiry dates are judged against.
    ///   - locale: the locale of the messages; en_US when unknown.
    ///   - productsOfCard: for an unmasked card number, the ids of the payment
    ///     products it can be paid with (its brand's product and the co-brands of
    ///     its IIN range), or nil when no brand is recognised (then the product is
    ///     not questioned).
    public static func validate(
        product: PaymentProduct, values: [String: String], accountOnFile: AccountOnFile? = nil,
        currentMonth: CalendarMonth, locale: String, productsOfCard: (String) -> [Int]?
    ) -> [ValidationError] {
        judge(product: product, values: values, accountOnFile: accountOnFile, currentMonth: currentMonth,
              locale: locale, productsOfCard: productsOfCard).errors
    }

    /// The errors of the request, as `validate` finds them, and its unmasked values.
    /// With `onlyFields`, only those fields are judged (a form validating the field
    /// the customer just left, `[field validateValue:]`), and values for other
    /// fields are neither judged nor reported unknown.
    public static func judge(
        product: PaymentProduct, values: [String: String], accountOnFile: AccountOnFile? = nil,
        currentMonth: CalendarMonth, locale: String, onlyFields: Set<String>? = nil, productsOfCard: (String) -> [Int]?
    ) -> Judgement {
        let context = Context(productId: product.id, currentMonth: currentMonth, locale: locale)
        var judgement = Judgement(errors: [], paymentValues: [])
        judgement.paymentValues.reserveCapacity(values.count)
        for field in product.fieldsInDisplayOrder where onlyFields?.contains(field.id) ?? true {
            let rawValue = values[field.id]
            let value = rawValue.map { FieldValidation.unmaskedValue($0, for: field) } ?? ""
            let stored = accountOnFile.flatMap { storedAttribute(for: field, in: $0) }
            let fieldErrors = self.errors(
                of: field, rawValue: rawValue, value: value, stored: stored, context: context,
                productsOfCard: productsOfCard)
            // Appending even an empty array to the empty one goes through the array's growing path.
            if !fieldErrors.isEmpty { judgement.errors += fieldErrors }
            if !value.isEmpty { judgement.paymentValues.append(CustomerInput.PaymentValue(key: field.id, value: value)) }
        }
        // A product has a handful of fields: a scan beats hashing them into a set per request.
        let unknownKeys = onlyFields != nil ? [] : values.keys.filter { key in !product.fields.contains { $0.id == key } }
        for key in unknownKeys.sorted() {
            judgement.errors.append(ValidationError(fieldId: EmbeddedCardNumber.masking(in: key), errorMessageId: .unknownField,
                                                    locale: locale))
        }
        return judgement
    }

    /// The attribute stored for `field`: the one keyed by the field id, or for the card
    /// number the masked `alias`.
    static func storedAttribute(for field: PaymentProductField, in account: AccountOnFile) -> AccountOnFileAttribute? {
        if let attribute = account.attribute(key: field.id) { return attribute }
        return field.id == cardNumberFieldId ? account.attribute(key: cardNumberAttributeKey) : nil
    }

    /// What one field's judgement needs besides the field and its value.
    private struct Context {
        let productId: Int
        let currentMonth: CalendarMonth
        let locale: String
    }

    /// The errors of one field, given its raw value (nil when none was sent), that
    /// value unmasked (empty when none was sent) and the attribute the account on
    /// file stores for it.
    private static func errors(
        of field: PaymentProductField, rawValue: String?, value: String, stored: AccountOnFileAttribute?,
        context: Context, productsOfCard: (String) -> [Int]?
    ) -> [ValidationError] {
        if let stored {
            switch stored.status {
            case .readOnly:
                guard let rawValue, !value.isEmpty, !isStoredValue(rawValue, stored.value, of: field) else { return [] }
                return [ValidationError(fieldId: field.id, errorMessageId: .readOnly, locale: context.locale)]
            case .canWrite:
                if value.isEmpty { return [] }
            case .mustWrite:
                if value.isEmpty {
                    return [ValidationError(fieldId: field.id, errorMessageId: .required, locale: context.locale)]
                }
            }
        }
        var errors = FieldValidation.errors(
            ofUnmasked: value, for: field, currentMonth: context.currentMonth, locale: context.locale)
        if errors.isEmpty, field.id == cardNumberFieldId, !value.isEmpty,
           let products = productsOfCard(value), !products.contains(context.productId) {
            errors.append(ValidationError(fieldId: field.id, errorMessageId: .allowedInContext, locale: context.locale))
        }
        return errors
    }

    /// True when `value` is the stored value, written with or without the literals of
    /// the field's mask. The mask is relaxed so masked characters (`X`) count.
    private static func isStoredValue(_ value: String, _ stored: String, of field: PaymentProductField) -> Bool {
        if value == stored { return true }
        guard let mask = field.displayHints.mask?.relaxed else { return false }
        return mask.remove(from: value) == mask.remove(from: stored)
    }
}
