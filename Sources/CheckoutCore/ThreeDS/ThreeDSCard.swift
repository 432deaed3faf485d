/// The card being authenticated, as the 3-D Secure simulator needs to see it: its brand,
/// and a way to recognise a full card number without necessarily holding one.
public struct ThreeDSCard: Sendable {
    /// The card's brand code (`visa`…), nil when no prefix identifies it.
    public var brandCode: String?
    /// Whether `cardNumber` (digits only) is this card: a plain comparison for a
    /// typed number; for a token, a comparison of keyed fingerprints (the vault
    /// never keeps the number).
    public var isCardNumber: @Sendable (String) -> Bool

    public init(brandCode: String?, isCardNumber: @escaping @Sendable (String) -> Bool) {
        self.brandCode = brandCode
        self.isCardNumber = isCardNumber
    }

    /// A card number as typed (spaces allowed), its brand detected with `brands`.
    public init(cardNumber: String, brands: CardBrandTable) {
        let digits = cardNumber.filter { $0 != " " }
        self.init(brandCode: brands.brand(ofCardNumber: digits)?.code, isCardNumber: { $0 == digits })
    }
}
