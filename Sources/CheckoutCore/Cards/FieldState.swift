/// How one card input field stands while the customer types: `valid`, `incomplete`
/// (more typing can still make it valid) or `invalid`.
///
/// `errors` is empty exactly when the field is valid; for `incomplete` it names the
/// rules not yet satisfied, for `invalid` the rules that failed.
public struct FieldState: Sendable, Hashable {
    public enum State: String, Sendable, Hashable, Codable {
        case valid, incomplete, invalid
    }

    public let state: State
    public let errors: [CardFieldRule]

    private init(state: State, errors: [CardFieldRule]) {
        self.state = state
        self.errors = errors
    }

    public static let valid = FieldState(state: .valid, errors: [])

    public static func incomplete(_ rule: CardFieldRule, _ more: CardFieldRule...) -> FieldState {
        FieldState(state: .incomplete, errors: [rule] + more)
    }

    public static func invalid(_ rule: CardFieldRule, _ more: CardFieldRule...) -> FieldState {
        FieldState(state: .invalid, errors: [rule] + more)
    }

    public var isValid: Bool { state == .valid }

    /// The state of a field judged by two rules: invalid when either is, with the
    /// failed rules; else incomplete when either is, with the pending ones; else valid.
    static func combining(_ first: FieldState, _ second: FieldState) -> FieldState {
        for state in [State.invalid, .incomplete] where first.state == state || second.state == state {
            var errors = first.state == state ? first.errors : []
            if second.state == state {
                for rule in second.errors where !errors.contains(rule) { errors.append(rule) }
            }
            return FieldState(state: state, errors: errors)
        }
        return .valid
    }
}

/// The rules a card field is judged by, named by their `errorMessageId`.
public enum CardFieldRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// Only the characters the field allows, in a shape it accepts.
    case format
    /// A number of digits the card's brand accepts.
    case length
    /// The Luhn check digit.
    case luhn
    /// A real month from the current month up to December 25 years ahead.
    case expirationDate
    /// A brand the merchant accepts.
    case allowedInContext
}

extension FieldState: Codable {
    private enum CodingKeys: String, CodingKey {
        case state, errors
    }

    /// Rejects a state whose errors break the rule "empty exactly when valid".
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let state = try container.decode(State.self, forKey: .state)
        let errors = try container.decode([CardFieldRule].self, forKey: .errors)
        guard errors.isEmpty == (state == .valid) else {
            throw DecodingError.dataCorruptedError(
                forKey: .errors, in: container, debugDescription: "errors must be empty exactly when state is valid")
        }
        self.init(state: state, errors: errors)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(errors, forKey: .errors)
    }
}
