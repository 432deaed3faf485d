/// One problem with the customer's input, as `paymentRequest.validate` and
/// `VALIDATION_FAILED` report it:
/// `{"fieldId", "errorMessageId", "message", ...rule parameters}`.
///
/// The rule parameters are written next to the other members: `minLength` and
/// `maxLength` for `length`, `minValue` and `maxValue` for `range`,
/// `allowedValues` for `fixedList`; they are absent for every other error.
/// `message` never contains the value that was checked.
public struct ValidationError: Sendable, Hashable {
    /// The field (`cvv`) or parameter path (`billingDetails.zip`) the error is about.
    public var fieldId: String
    public var errorMessageId: ValidationMessageId
    /// The localized text for the customer.
    public var message: String
    /// The bounds or values of the rule that failed; nil for rules without parameters.
    public var parameters: RuleParameters?

    /// The parameters of a failed rule, written as members of the error.
    public enum RuleParameters: Sendable, Hashable {
        case length(LengthRule)
        case range(RangeRule)
        case fixedList(FixedListRule)
    }

    /// An error with the message already written.
    public init(fieldId: String, errorMessageId: ValidationMessageId, message: String,
                parameters: RuleParameters? = nil) {
        self.fieldId = fieldId
        self.errorMessageId = errorMessageId
        self.message = message
        self.parameters = parameters
    }

    /// An error whose message is `ValidationMessages`' text for `locale` (en_US when
    /// the locale is unknown), with the parameters filled in.
    public init(fieldId: String, errorMessageId: ValidationMessageId, parameters: RuleParameters? = nil,
                locale: String) {
        self.init(
            fieldId: fieldId, errorMessageId: errorMessageId,
            message: ValidationMessages.message(for: errorMessageId, parameters: parameters, locale: locale),
            parameters: parameters)
    }
}

extension ValidationError: Codable {
    private enum CodingKeys: String, CodingKey {
        case fieldId, errorMessageId, message, minLength, maxLength, minValue, maxValue, allowedValues
    }

    /// Reads the flat wire shape; a complete pair of bounds (or `allowedValues`)
    /// becomes the parameters, checked in the order length, range, fixed list.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var parameters: RuleParameters?
        if let minLength = try container.decodeIfPresent(Int.self, forKey: .minLength),
           let maxLength = try container.decodeIfPresent(Int.self, forKey: .maxLength) {
            parameters = .length(LengthRule(minLength: minLength, maxLength: maxLength))
        } else if let minValue = try container.decodeIfPresent(Int64.self, forKey: .minValue),
                  let maxValue = try container.decodeIfPresent(Int64.self, forKey: .maxValue) {
            parameters = .range(RangeRule(minValue: minValue, maxValue: maxValue))
        } else if let allowedValues = try container.decodeIfPresent([String].self, forKey: .allowedValues) {
            parameters = .fixedList(FixedListRule(allowedValues: allowedValues))
        }
        self.init(
            fieldId: try container.decode(String.self, forKey: .fieldId),
            errorMessageId: try container.decode(ValidationMessageId.self, forKey: .errorMessageId),
            message: try container.decode(String.self, forKey: .message),
            parameters: parameters)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(fieldId, forKey: .fieldId)
        try container.encode(errorMessageId, forKey: .errorMessageId)
        try container.encode(message, forKey: .message)
        switch parameters {
        case .length(let rule):
            try container.encode(rule.minLength, forKey: .minLength)
            try container.encode(rule.maxLength, forKey: .maxLength)
        case .range(let rule):
            try container.encode(rule.minValue, forKey: .minValue)
            try container.encode(rule.maxValue, forKey: .maxValue)
        case .fixedList(let rule):
            try container.encode(rule.allowedValues, forKey: .allowedValues)
        case nil:
            break
        }
    }
}
