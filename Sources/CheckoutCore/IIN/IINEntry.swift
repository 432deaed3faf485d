/// One bin of the IIN table: the card numbers that start with `bin`, where they were
/// issued and which payment products can process them.
public struct IINEntry: Sendable, Hashable, Codable {
    /// The first 6 or 8 digits of the card numbers the entry describes.
    public let bin: String
    /// The issuing country, ISO 3166-1 alpha-2; nil when unknown.
    public let countryCode: String?
    /// The products the card can be paid with, in order of preference. More than one
    /// makes the card co-badged, e.g. Cartes Bancaires before Visa.
    public let brands: [IINBrand]

    public init(bin: String, countryCode: String? = nil, brands: [IINBrand]) {
        self.bin = bin
        self.countryCode = countryCode
        self.brands = brands
    }

    public var isCoBadged: Bool { brands.count > 1 }
}

/// One brand of an IIN entry: the payment product that processes the card under that
/// brand, and how the card is funded when paid that way.
public struct IINBrand: Sendable, Hashable, Codable {
    public let paymentProductId: Int
    /// Nil when unknown.
    public let cardType: CardType?

    public init(paymentProductId: Int, cardType: CardType? = nil) {
        self.paymentProductId = paymentProductId
        self.cardType = cardType
    }
}
