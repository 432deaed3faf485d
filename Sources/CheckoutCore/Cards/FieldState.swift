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
    public let errors: CardFieldRules

    private init(state: State, errors: CardFieldRules) {
        self.state = state
        self.errors = errors
    }

    /// Made where it is used (a plain value needs no stored constant, whose
    /// every use would check that it was initialized).
    public static var valid: FieldState { FieldState(state: .valid, errors: CardFieldRules()) }

    public static func incomplete(_ rule: CardFieldRule, _ more: CardFieldRule...) -> FieldState {
        FieldState(state: .incomplete, errors: CardFieldRules([rule] + more))
    }

    public static func invalid(_ rule: CardFieldRule, _ more: CardFieldRule...) -> FieldState {
        FieldState(state: .invalid, errors: CardFieldRules([rule] + more))
    }

    public var isValid: Bool { state == .valid }

    /// The state of a field judged by two rules: invalid when either is, with the
    /// failed rules; else incomplete when either is, with the pending ones; else valid.
    static func combining(_ first: FieldState, _ second: FieldState) -> FieldState {
        for state in [State.invalid, .incomplete] where first.state == state || second.state == state {
            var errors = first.state == state ? first.errors : []
            if second.state == state {
                for rule in second.errors { errors.insert(rule) }
            }
            return FieldState(state: state, errors: errors)
        }
        return .valid
    }
}

/// The rules of a field state, each at most once, in the order they were
/// found. Packed into one word, so a field state (and a card validation's
/// result, which holds three) is copied without reference counting.
public struct CardFieldRules: RandomAccessCollection, Sendable, Hashable, ExpressibleByArrayLiteral {
    /// Three bits per rule (its index in `CardFieldRule.allCases` plus one),
    /// the first rule lowest; zero bits end the list. Sixteen bits hold the
    /// five rules there are.
    private var packed: UInt16 = 0
    public private(set) var count = 0

    public init() {}

    public init(_ rules: some Sequence<CardFieldRule>) {
        for rule in rules { insert(rule) }
    }

    public init(arrayLiteral rules: CardFieldRule...) {
        self.init(rules)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> CardFieldRule {
        precondition(position >= 0 && position < count, "index out of range")
        return CardFieldRule.allCases[Int((packed >> (3 * position)) & 0b111) - 1]
    }

    /// Adds `rule` at the end unless it is already there.
    mutating func insert(_ rule: CardFieldRule) {
        guard !contains(rule) else { return }
        packed |= UInt16(CardFieldRule.allCases.firstIndex(of: rule)! + 1) << (3 * count)
        count += 1
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

    /// Rejects a state whose errors break the rule "empty exactly when valid",
    /// or that lists a rule twice.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let state = try container.decode(State.self, forKey: .state)
        let errors = try container.decode([CardFieldRule].self, forKey: .errors)
        guard errors.isEmpty == (state == .valid) else {
            throw DecodingError.dataCorruptedError(
                forKey: .errors, in: container, debugDescription: "errors must be empty exactly when state is valid")
        }
        guard Set(errors).count == errors.count else {
            throw DecodingError.dataCorruptedError(forKey: .errors, in: container, debugDescription: "a rule is listed twice")
        }
        self.init(state: state, errors: CardFieldRules(errors))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(state, forKey: .state)
        try container.encode(errors, forKey: .errors)
    }
}

extension CardFieldRules: Encodable {
    /// As the array of the rules' names.
    public func encode(to encoder: any Encoder) throws {
        try Array(self).encode(to: encoder)
    }
}
