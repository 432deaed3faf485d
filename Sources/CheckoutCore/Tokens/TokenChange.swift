/// A change to a token the vault keeps, as `tokens.update` asks for it (API.md 9.6,
/// BlueSnap `BSTokenizeExistingCCDetails`: a returning shopper's stored card with
/// a renewed expiry date and new billing or shipping details). The card itself —
/// its number, product, brand and holder — never changes.
public struct TokenChange: Sendable, Hashable {
    /// What becomes of one stored address.
    public enum AddressChange: Sendable, Hashable {
        /// The stored address stays (the member was left out).
        case keep
        /// The stored address is replaced whole (not merged member by member).
        case replace(Address)
        /// The stored address is removed (the member was `null`).
        case remove
    }

    public var billingDetails: AddressChange
    public var shippingDetails: AddressChange
    /// The new expiry date as `MMYY`; nil keeps the stored one.
    public var expiryDate: String?

    public init(billingDetails: AddressChange = .keep, shippingDetails: AddressChange = .keep, expiryDate: String? = nil) {
        self.billingDetails = billingDetails
        self.shippingDetails = shippingDetails
        self.expiryDate = expiryDate
    }

    /// `token` with this change made.
    public func applied(to token: StoredToken) -> StoredToken {
        var changed = token
        if let expiryDate { changed.expiryDate = expiryDate }
        switch billingDetails {
        case .keep: break
        case .replace(let address): changed.billingDetails = address
        case .remove: changed.billingDetails = nil
        }
        switch shippingDetails {
        case .keep: break
        case .replace(let address): changed.shippingDetails = address
        case .remove: changed.shippingDetails = nil
        }
        return changed
    }

    /// Every problem of a change, by `tokens.create`'s rules, all at once. There is
    /// no session, so no requirements apply: only what is given is judged.
    /// - `expiryDate` (fieldId `expiryDate`): empty is `required`; anything but a
    ///   complete expiry date from `currentMonth` to December 25 years ahead
    ///   (`MMYY`, `MM/YY`, `MMYYYY`, `MM/YYYY`) is `expirationDate`.
    /// - a billing address needs name, zip and country (BlueSnap's billing without
    ///   `fullBilling`), a shipping address name, address, city, zip, country and the
    ///   state where the country has states; the billing address's `email`, when
    ///   given, is judged by the e-mail rule (`billingDetails.email`).
    public static func errors(
        expiryDate: String?, billingDetails: Address?, shippingDetails: Address?, currentMonth: CalendarMonth,
        locale: String
    ) -> [ValidationError] {
        var errors: [ValidationError] = []
        if let expiryDate {
            if expiryDate.isEmpty {
                errors.append(ValidationError(fieldId: expiryDateFieldId, errorMessageId: .required, locale: locale))
            } else if !ExpiryDateValidation.state(of: expiryDate, currentMonth: currentMonth).isValid {
                errors.append(ValidationError(fieldId: expiryDateFieldId, errorMessageId: .expirationDate, locale: locale))
            }
        }
        return errors + AddressValidation.validate(
            billingDetails: billingDetails, shippingDetails: shippingDetails, email: nil,
            requirements: CheckoutRequirements(withEmail: false, withShipping: false, fullBilling: false), locale: locale)
    }

    /// The `fieldId` of the new expiry date: the parameter's name.
    public static let expiryDateFieldId = "expiryDate"

    /// A valid expiry date (one `errors` accepts) as `MMYY`.
    public static func normalizedExpiryDate(_ text: String, currentMonth: CalendarMonth) -> String {
        ExpiryDate(text, currentMonth: currentMonth)?.mmyy ?? text
    }
}

/// What became of a `tokens.update`.
public enum TokenUpdateOutcome: Sendable, Hashable {
    /// The token as it is now kept.
    case updated(StoredToken)
    /// The customer has no token with that id.
    case notFound
    /// The new expiry date would make the token the same card and expiry as another
    /// token of the customer (`StoredToken.isSameCard`), which the vault keeps once:
    /// nothing changed.
    case sameCardExists(tokenId: String)
}
