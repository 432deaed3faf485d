/// `tokens.create`'s card rules (BlueSnap `submitTokenizedDetails`): the card is
/// judged by the card rules of API.md section 5 against the session, and a valid
/// card becomes the `StoredToken` the vault keeps.
public enum CardTokenization {
    /// The card as the customer typed it (spaces in the number, `MM/YY` allowed).
    public struct Card: Sendable, Hashable, Codable {
        public var cardNumber: String
        public var expiryDate: String
        public var cvv: String?
        public var cardholderName: String?

        public init(cardNumber: String, expiryDate: String, cvv: String? = nil, cardholderName: String? = nil) {
            self.cardNumber = cardNumber
            self.expiryDate = expiryDate
            self.cvv = cvv
            self.cardholderName = cardholderName
        }
    }

    /// Every problem of `card`, with `fieldId`s `card.cardNumber`, `card.expiryDate`
    /// and `card.cvv`:
    /// - an empty number or expiry date is `required`; the CVC is optional (it is
    ///   never stored), but when given it must have the brand's length;
    /// - a number that is not complete and valid for its brand is `luhn` or `length`
    ///   as the card rules say (anything but digits and spaces is `luhn`);
    /// - a valid number the session cannot take — a brand outside its accepted brands,
    ///   or a card no product in the session's context can be paid with (`details`
    ///   is not `SUPPORTED`) — is `allowedInContext`;
    /// - an expiry date that is not a complete, current one is `expirationDate`;
    /// - a cardholder name that holds a card number (`EmbeddedCardNumber`) is `name`
    ///   (fieldId `card.cardholderName`): the customer typed the number into the
    ///   wrong field, and the vault would keep it in clear text.
    public static func errors(
        of card: Card, details: IINDetails?, acceptedBrands: AcceptedBrands, currentMonth: CalendarMonth,
        brands: CardBrandTable, locale: String
    ) -> [ValidationError] {
        var problems: [(field: String, rule: ValidationMessageId)] = []
        if card.cardNumber.isEmpty {
            problems.append(("cardNumber", .required))
        } else {
            let state = CardNumberValidation.state(of: card.cardNumber, acceptedBrands: acceptedBrands, brands: brands)
            if let rule = state.errors.first {
                problems.append(("cardNumber", rule == .format ? .luhn : messageId(rule)))
            } else if details?.status != .supported {
                problems.append(("cardNumber", .allowedInContext))
            }
        }
        if card.expiryDate.isEmpty {
            problems.append(("expiryDate", .required))
        } else if !ExpiryDateValidation.state(of: card.expiryDate, currentMonth: currentMonth).isValid {
            problems.append(("expiryDate", .expirationDate))
        }
        if let cvv = card.cvv, !cvv.isEmpty,
           !CVCValidation.state(of: cvv, brand: brands.brand(ofCardNumber: card.cardNumber)).isValid {
            problems.append(("cvv", .length))
        }
        if let name = card.cardholderName, EmbeddedCardNumber.isPresent(in: name) {
            problems.append(("cardholderName", .name))
        }
        return problems.map { ValidationError(fieldId: "card.\($0.field)", errorMessageId: $0.rule, locale: locale) }
    }

    /// The token for a card that passed `errors(of:…)` (so its number is digits and
    /// spaces): the product, country and card type of its `SUPPORTED` IIN details,
    /// the bin of `binLength` digits, the keyed fingerprint, and the addresses that
    /// passed `AddressValidation` as they were sent.
    public static func token(
        for card: Card, id: String, customerId: String, paymentProductId: Int, details: IINDetails,
        binLength: Int, brand: CardBrand, fingerprintKey: CardFingerprintKey, now: Timestamp,
        billingDetails: Address? = nil, shippingDetails: Address? = nil
    ) -> StoredToken {
        let digits = card.cardNumber.filter { $0 != " " }
        let name = card.cardholderName.map(trimmed).flatMap { $0.isEmpty ? nil : $0 }
        return StoredToken(
            id: id, customerId: customerId, paymentProductId: paymentProductId,
            brand: brand.code, bin: String(digits.prefix(binLength)), last4Digits: String(digits.suffix(4)),
            alias: alias(of: digits), expiryDate: ExpiryDate(card.expiryDate, currentMonth: now.calendarMonth)?.mmyy ?? card.expiryDate,
            cardholderName: name, issuingCountry: details.countryCode, cardType: details.cardType,
            fingerprint: fingerprintKey.fingerprint(ofCardNumber: digits), createdAt: now,
            billingDetails: billingDetails, shippingDetails: shippingDetails)
    }

    /// The first 6 and last 4 digits, `X` between: `424242XXXXXX4242`.
    static func alias(of digits: String) -> String {
        let shown = 10
        guard digits.count > shown else { return digits }
        return digits.prefix(6) + String(repeating: "X", count: digits.count - shown) + digits.suffix(4)
    }

    private static func messageId(_ rule: CardFieldRule) -> ValidationMessageId {
        switch rule {
        case .format, .luhn: .luhn
        case .length: .length
        case .expirationDate: .expirationDate
        case .allowedInContext: .allowedInContext
        }
    }

    private static func trimmed(_ text: String) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
