/// Checks the address data of a checkout against what it requires, by the BlueSnap
/// rules of API.md section 6, as `address.validate` and `tokens.create` do.
///
/// Which addresses are checked:
/// - billing when `billingDetails` is given, or always with `fullBilling` (an absent
///   billing address then reports each required member missing). Without
///   `fullBilling` it needs name, zip and country; with it name, address, city, zip,
///   country, and the state where the country has states.
/// - shipping when `shippingDetails` is given, or always with `withShipping`. It
///   needs name, address, city, zip, country, and the state where the country has
///   states.
/// - the e-mail when it is given (not empty), or always with `withEmail`.
///
/// A member that is not required is still checked when it is given; the phone never
/// is. Address members are judged with their outer whitespace removed, and one that
/// is absent or blank is missing: the name needs a first and a last name (one word
/// only in Chinese, Japanese or Korean script), address and city 2 characters, the
/// zip 3 (none in countries without postal codes), the country is an assigned
/// ISO 3166-1 alpha-2 code in either case, and the state one of the country's codes
/// for US, CA and BR and empty elsewhere (see `AddressRules`). The e-mail is matched
/// as given against BlueSnap's pattern. A missing required member and an invalid
/// one are the same error, whose `errorMessageId` is the member's own id (`zip`,
/// `state`, …, `email`).
///
/// Errors come in a stable order, at most one per field: the billing members, then
/// the shipping members (each in the order name, address, city, zip, country,
/// state), then the e-mail. `fieldId` is the parameter path: `billingDetails.zip`,
/// `shippingDetails.name`, `email`.
public enum AddressValidation {
    /// The parameter (and `fieldId` prefix) of the billing address.
    public static let billingDetailsFieldId = "billingDetails"
    /// The parameter (and `fieldId` prefix) of the shipping address.
    public static let shippingDetailsFieldId = "shippingDetails"
    /// The parameter (and `fieldId`) of the e-mail.
    public static let emailFieldId = "email"

    /// The errors of the address data; empty when it satisfies `requirements`.
    ///
    /// - Parameters:
    ///   - billingDetails: the billing address, if the customer gave one.
    ///   - shippingDetails: the shipping address, if the customer gave one.
    ///   - email: the customer's e-mail address; an empty one counts as not given.
    ///   - requirements: what the checkout must collect (the session's, BlueSnap `sdkRequest`).
    ///   - locale: the locale of the messages, `language_REGION`; en_US when unknown.
    public static func validate(
        billingDetails: Address?, shippingDetails: Address?, email: String?,
        requirements: CheckoutRequirements, locale: String
    ) -> [ValidationError] {
        var errors: [ValidationError] = []
        func report(_ failures: [ValidationMessageId], in prefix: String) {
            errors += failures.map {
                ValidationError(fieldId: prefix + "." + $0.rawValue, errorMessageId: $0, locale: locale)
            }
        }
        if billingDetails != nil || requirements.fullBilling {
            let rules = AddressRules(coverage: requirements.fullBilling ? .complete : .billing)
            report(rules.failures(of: billingDetails ?? Address()), in: billingDetailsFieldId)
        }
        if shippingDetails != nil || requirements.withShipping {
            report(AddressRules(coverage: .complete).failures(of: shippingDetails ?? Address()), in: shippingDetailsFieldId)
        }
        let email = email ?? ""
        if email.isEmpty ? requirements.withEmail : !BlueSnapEmailRule.accepts(email) {
            errors.append(ValidationError(fieldId: emailFieldId, errorMessageId: .email, locale: locale))
        }
        return errors
    }
}
