/// The answer of `card.format`: `{"formatted", "cursor", "cardBrand": Brand | null}`.
public struct FormattedCardNumber: Sendable, Hashable {
    public var formatted: String
    /// The caret in Unicode scalars of `formatted`.
    public var cursor: Int
    public var cardBrand: CardBrand?

    public init(formatted: String, cursor: Int, cardBrand: CardBrand?) {
        self.formatted = formatted
        self.cursor = cursor
        self.cardBrand = cardBrand
    }
}

extension FormattedCardNumber: Codable {
    private enum CodingKeys: String, CodingKey {
        case formatted, cursor, cardBrand
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            formatted: try container.decode(String.self, forKey: .formatted),
            cursor: try container.decode(Int.self, forKey: .cursor),
            cardBrand: try container.decodeIfPresent(CardBrand.self, forKey: .cardBrand))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(formatted, forKey: .formatted)
        try container.encode(cursor, forKey: .cursor)
        try container.encode(cardBrand, forKey: .cardBrand) // nil is written as null
    }
}
