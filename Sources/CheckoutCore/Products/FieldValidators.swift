/// The validators of a field as the catalog declares them. Validators without
/// parameters are written `{}` (`"luhn": {}`); absent ones do not apply.
/// `Validation` runs them; this type only describes them.
public struct FieldValidators: Sendable, Hashable, Codable {
    public var luhn: NoRuleParameters?
    /// `MMYY` or `MMYYYY`, from the current month up to December of the current year + 25.
    public var expirationDate: NoRuleParameters?
    public var length: LengthRule?
    public var range: RangeRule?
    public var regularExpression: RegularExpressionRule?
    public var emailAddress: NoRuleParameters?
    public var fixedList: FixedListRule?
    public var iban: NoRuleParameters?
    public var termsAndConditions: NoRuleParameters?

    public init(
        luhn: NoRuleParameters? = nil, expirationDate: NoRuleParameters? = nil, length: LengthRule? = nil,
        range: RangeRule? = nil, regularExpression: RegularExpressionRule? = nil, emailAddress: NoRuleParameters? = nil,
        fixedList: FixedListRule? = nil, iban: NoRuleParameters? = nil, termsAndConditions: NoRuleParameters? = nil
    ) {
        self.luhn = luhn
        self.expirationDate = expirationDate
        self.length = length
        self.range = range
        self.regularExpression = regularExpression
        self.emailAddress = emailAddress
        self.fixedList = fixedList
        self.iban = iban
        self.termsAndConditions = termsAndConditions
    }

    func inconsistencies(at path: String) -> [DataInconsistency] {
        var found: [DataInconsistency] = []
        if let length, length.minLength > length.maxLength {
            found.append(DataInconsistency(path: path + "/length", message: "minLength is greater than maxLength"))
        }
        if let range, range.minValue > range.maxValue {
            found.append(DataInconsistency(path: path + "/range", message: "minValue is greater than maxValue"))
        }
        if let fixedList, fixedList.allowedValues.isEmpty {
            found.append(DataInconsistency(path: path + "/fixedList/allowedValues", message: "must hold at least one value"))
        }
        if let regularExpression, let problem = regularExpression.compileProblem {
            found.append(DataInconsistency(path: path + "/regularExpression/regularExpression", message: problem))
        }
        return found
    }
}

/// The `{}` of a validator that takes no parameters.
public struct NoRuleParameters: Sendable, Hashable, Codable {
    public init() {}

    private struct NoKeys: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        _ = try decoder.container(keyedBy: NoKeys.self)
    }

    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: NoKeys.self)
    }
}

/// The number of characters a value must have, bounds included.
public struct LengthRule: Sendable, Hashable, Codable {
    public var minLength: Int
    public var maxLength: Int

    public init(minLength: Int, maxLength: Int) {
        self.minLength = minLength
        self.maxLength = maxLength
    }
}

/// The integer a value must lie within, bounds included.
public struct RangeRule: Sendable, Hashable, Codable {
    public var minValue: Int64
    public var maxValue: Int64

    public init(minValue: Int64, maxValue: Int64) {
        self.minValue = minValue
        self.maxValue = maxValue
    }
}

/// A pattern the whole value must match (not just a part of it). The pattern is
/// compiled once, when the rule is made, and shared by every thread that validates.
public struct RegularExpressionRule: Sendable, Hashable, Codable {
    public var regularExpression: String {
        didSet { compiled = CompiledPattern(regularExpression) }
    }
    private(set) var compiled: CompiledPattern

    public init(regularExpression: String) {
        self.regularExpression = regularExpression
        compiled = CompiledPattern(regularExpression)
    }

    private enum CodingKeys: String, CodingKey { case regularExpression }

    public init(from decoder: any Decoder) throws {
        self.init(regularExpression: try decoder.container(keyedBy: CodingKeys.self)
            .decode(String.self, forKey: .regularExpression))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(regularExpression, forKey: .regularExpression)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.regularExpression == rhs.regularExpression }
    public func hash(into hasher: inout Hasher) { hasher.combine(regularExpression) }

    /// Why the pattern is not used: it does not compile, or could take exponential
    /// time to match (`NestedRepetition`); nil when it is used.
    var compileProblem: String? { compiled.problem }
}

/// The values a field accepts, e.g. the iDEAL issuer ids.
public struct FixedListRule: Sendable, Hashable, Codable {
    public var allowedValues: [String]

    public init(allowedValues: [String]) {
        self.allowedValues = allowedValues
    }
}
