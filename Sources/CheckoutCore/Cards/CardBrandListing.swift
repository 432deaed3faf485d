/// One brand as `card.brands` lists it: the brand, the prefixes that identify it and
/// whether the merchant accepts it. Together they are what Access Checkout fetches
/// as its `CardTypes` configuration, so a form can show the accepted brands and
/// their logos before anything is typed.
///
/// On the wire it is the brand's members followed by `prefixes` and `accepted`.
public struct ListedCardBrand: Sendable, Hashable, Encodable {
    public let brand: CardBrand
    /// As the table lists them; empty for a brand only the IIN table reaches (Cartes Bancaires).
    public let prefixes: [BrandPrefix]
    public let accepted: Bool

    public init(brand: CardBrand, prefixes: [BrandPrefix], accepted: Bool) {
        self.brand = brand
        self.prefixes = prefixes
        self.accepted = accepted
    }

    private enum CodingKeys: String, CodingKey {
        case prefixes, accepted
    }

    public func encode(to encoder: any Encoder) throws {
        try brand.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(prefixes, forKey: .prefixes)
        try container.encode(accepted, forKey: .accepted)
    }
}

extension CardBrandTable {
    /// `card.brands`: every brand of the table in table order, each with its prefixes
    /// and whether `acceptedBrands` accepts it.
    public func listing(acceptedBrands: AcceptedBrands) -> [ListedCardBrand] {
        entries.map { ListedCardBrand(brand: $0.brand, prefixes: $0.prefixes, accepted: acceptedBrands.accepts($0.brand)) }
    }
}
