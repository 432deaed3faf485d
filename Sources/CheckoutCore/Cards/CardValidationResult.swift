/// The answer of `card.validate`: `{"cardBrand": Brand | null, "pan"?, "expiryDate"?, "cvc"?,
/// "validationSuccess"}`, with a field's state present exactly when the field was given.
public struct CardValidationResult: Sendable, Hashable {
    /// The brand detected from the card number; nil when no prefix matches yet.
    public var cardBrand: CardBrand?
    public var pan: FieldState?
    public var expiryDate: FieldState?
    public var cvc: FieldState?
    /// True only when the card number, expiry date and CVC are all given and valid.
    public var validationSuccess: Bool

    public init(
        cardBrand: CardBrand?, pan: FieldState?, expiryDate: FieldState?, cvc: FieldState?, validationSuccess: Bool
    ) {
        self.cardBrand = cardBrand
        self.pan = pan
        self.expiryDate = expiryDate
        self.cvc = cvc
        self.validationSuccess = validationSuccess
    }
}

extension CardValidationResult: Codable {
    private enum CodingKeys: String, CodingKey {
        case cardBrand, pan, expiryDate, cvc, validationSuccess
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            cardBrand: try container.decodeIfPresent(CardBrand.self, forKey: .cardBrand),
            pan: try container.decodeIfPresent(FieldState.self, forKey: .pan),
            expiryDate: try container.decodeIfPresent(FieldState.self, forKey: .expiryDate),
            cvc: try container.decodeIfPresent(FieldState.self, forKey: .cvc),
            validationSuccess: try container.decode(Bool.self, forKey: .validationSuccess))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(cardBrand, forKey: .cardBrand) // nil is written as null
        try container.encodeIfPresent(pan, forKey: .pan)
        try container.encodeIfPresent(expiryDate, forKey: .expiryDate)
        try container.encodeIfPresent(cvc, forKey: .cvc)
        try container.encode(validationSuccess, forKey: .validationSuccess)
    }
}
