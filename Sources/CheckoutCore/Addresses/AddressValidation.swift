/// Checks the address data of a checkout against what it requires, by the BlueSnap
/// rules of API.md section 6 and 9.6, as `address.validate`, `tokens.create` and
/// `tokens.update` do.
///
/// Which addresses are checked:
/// - billing when `billingDetails` is given, or always with `fullBilling` (an absent
///   billing address then reports each required member missing). Without
///   `fullBilling` it needs name, zip and country; with it name, address, city, zip,
///   country, and the state where the country has states.
/// - shipping when `shippingDetails` is given, or always with `withShipping`. It
///   needs name, address, city, zip, country, and the state where the country has
///   states.
/// - the e-mail: there are two places for it, the checkout's own `email` and the
///   billing address's `email` (BlueSnap `BSBillingAddressDetails`). Each is judged
///   by the e-mail rule when it is given (not empty). `withEmail` needs one of
///   them: the billing address's stands for the checkout's when that is absent.
///   When both are given they must be the same address (compared ignoring ASCII
///   case, as mailbox providers and domains do); when they differ both fail, so
///   the customer sees both fields: one that breaks the rule with the rule's
///   message, a valid one with `ValidationMessages.emailsDiffer`.
///
/// A member that is not required is still checked when it is given; the phone never
/// is. Address members are judged with their outer whitespace removed, and one that
/// is absent or blank is missing: the name needs a first and a last name (one word
/// only in Chinese, Japanese or Korean script), address and city 2 characters, the
/// zip 3 (none in countries without postal codes), the country is an assigned
/// ISO 3166-1 alpha-2 code in either case, and the state one of the country's codes
/// for US, CA and BR and empty elsewhere (see `AddressRules`). The e-mails are
/// matched as given against BlueSnap's pattern. A missing required member and an
/// invalid one are the same error, whose `errorMessageId` is the member's own id
/// (`zip`, `state`, …, `email`).
///
/// Errors come in a stable order, at most one per field: the billing members (name,
/// address, city, zip, country, state, then its e-mail), then the shipping members
/// (name, address, city, zip, country, state), then the checkout's e-mail.
/// `fieldId` is the parameter path: `billingDetails.zip`, `billingDetails.email`,
/// `shippingDetails.name`, `email`.
public enum AddressValidation {
    /// The parameter (and `fieldId` prefix) of the billing address.
    public static let billingDetailsFieldId = "billingDetails"
    /// The parameter (and `fieldId` prefix) of the shipping address.
    public static let shippingDetailsFieldId = "shippingDetails"
    /// The parameter (and `fieldId`) of the e-mail.
    public static let emailFieldId = "email"
    /// The `fieldId` of the billing address's e-mail.
    public static let billingEmailFieldId = "billingDetails.email"

    /// The errors of the address data; empty when it satisfies `requirements`.
    ///
    /// - Parameters:
    ///   - billingDetails: the billing address, if the customer gave one.
    ///   - shippingDetails: the shipping address, if the customer gave one.
    ///   - email: the customer's e-mail address; an empty one counts as not given,
    ///     and so does an empty `billingDetails.email`.
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
        let email = email ?? ""
        let billingEmail = billingDetails?.email ?? ""
        let emailsDiffer = !email.isEmpty && !billingEmail.isEmpty && !sameMailbox(email, billingEmail)
        if billingDetails != nil || requirements.fullBilling {
            let rules = AddressRules(coverage: requirements.fullBilling ? .complete : .billing)
            report(rules.failures(of: billingDetails ?? Address()), in: billingDetailsFieldId)
        }
        /// An e-mail that is given: invalid by the rule, or valid but not the other one.
        func judge(_ value: String, as fieldId: String) {
            if !BlueSnapEmailRule.accepts(value) {
                errors.append(ValidationError(fieldId: fieldId, errorMessageId: .email, locale: locale))
            } else if emailsDiffer {
                errors.append(ValidationError(fieldId: fieldId, errorMessageId: .email,
                                              message: ValidationMessages.emailsDiffer(locale: locale)))
            }
        }
        if !billingEmail.isEmpty {
            judge(billingEmail, as: billingEmailFieldId)
        }
        if shippingDetails != nil || requirements.withShipping {
            report(AddressRules(coverage: .complete).failures(of: shippingDetails ?? Address()), in: shippingDetailsFieldId)
        }
        if !email.isEmpty {
            judge(email, as: emailFieldId)
        } else if requirements.withEmail && billingEmail.isEmpty {
            errors.append(ValidationError(fieldId: emailFieldId, errorMessageId: .email, locale: locale))
        }
        return errors
    }

    /// Whether two e-mail addresses name the same mailbox: equal but for the case
    /// of ASCII letters.
    static func sameMailbox(_ first: String, _ second: String) -> Bool {
        func folded(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
        return first.utf8.count == second.utf8.count && zip(first.utf8, second.utf8).allSatisfy { folded($0) == folded($1) }
    }
}
