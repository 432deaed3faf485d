/// `accessSessions.create`'s rules: the card and the CVC are judged exactly as
/// `card.validate` judges them (section 5, with the session's accepted brands),
/// and every field that is not `valid` — `incomplete` included — is one
/// `ValidationError`, with fieldIds `card.cardNumber`, `card.expiryDate`,
/// `card.cvc` and `cvc`.
public enum AccessSessionValidation {
    /// The card of a card session, as typed.
    public struct Card: Sendable, Hashable, Codable {
        public var cardNumber: String
        public var expiryDate: String
        public var cvc: String

        public init(cardNumber: String, expiryDate: String, cvc: String) {
            self.cardNumber = cardNumber
            self.expiryDate = expiryDate
            self.cvc = cvc
        }
    }

    /// Every problem of `card` and `cvc`, card fields first. An empty field is
    /// `required`; any other field that is not valid is named by its first rule
    /// (`luhn`, `length`, `expirationDate`, `allowedInContext`; a number or
    /// expiry of the wrong characters is `luhn` or `expirationDate`).
    public static func errors(
        card: Card?, cvc: String?, acceptedBrands: AcceptedBrands, currentMonth: CalendarMonth, brands: CardBrandTable,
        locale: String
    ) -> [ValidationError] {
        var problems: [(String, ValidationMessageId)] = []
        if let card {
            let result = CardValidation.validate(
                pan: card.cardNumber, expiryDate: card.expiryDate, cvc: card.cvc, acceptedBrands: acceptedBrands,
                currentMonth: currentMonth, brands: brands)
            let fields: [(String, String, FieldState?, ValidationMessageId)] = [
                ("card.cardNumber", card.cardNumber, result.pan, .luhn),
                ("card.expiryDate", card.expiryDate, result.expiryDate, .expirationDate),
                ("card.cvc", card.cvc, result.cvc, .length),
            ]
            for (fieldId, value, state, formatRule) in fields {
                if let problem = problem(value: value, state: state, formatRule: formatRule) { problems.append((fieldId, problem)) }
            }
        }
        if let cvc {
            let state = CardValidation.validate(pan: nil, expiryDate: nil, cvc: cvc, currentMonth: currentMonth,
                                                brands: brands).cvc
            if let problem = problem(value: cvc, state: state, formatRule: .length) { problems.append(("cvc", problem)) }
        }
        return problems.map { ValidationError(fieldId: $0.0, errorMessageId: $0.1, locale: locale) }
    }

    private static func problem(value: String, state: FieldState?, formatRule: ValidationMessageId) -> ValidationMessageId? {
        if value.isEmpty { return .required }
        guard let state, !state.isValid else { return nil }
        switch state.errors.first {
        case .luhn?: return .luhn
        case .length?: return .length
        case .expirationDate?: return .expirationDate
        case .allowedInContext?: return .allowedInContext
        case .format?, nil: return formatRule
        }
    }
}
