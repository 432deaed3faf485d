/// What `iin.details` tells a checkout about the card number typed so far: which
/// product to pay it with, where and how the card was issued, and for a co-badged card
/// every brand the customer may choose between.
///
/// On the wire: `{status, paymentProductId?, countryCode?, cardType?, isAllowedInContext, coBrands}`;
/// members without a value are left out, `coBrands` is always written.
public struct IINDetails: Sendable, Hashable, Codable {
    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        /// The card's product (the first allowed one of a co-badged card) can be used.
        case supported = "SUPPORTED"
        /// No entry of the IIN table and no brand with a product matches the digits.
        case unknown = "UNKNOWN"
        /// Fewer than 6 digits: too few to look anything up.
        case notEnoughDigits = "NOT_ENOUGH_DIGITS"
        /// The card is known but none of its products is allowed in the context.
        case existingButNotAllowed = "EXISTING_BUT_NOT_ALLOWED"
    }

    /// One brand of a co-badged card, as the customer could choose it.
    public struct CoBrand: Sendable, Hashable, Codable {
        public let paymentProductId: Int
        public let isAllowedInContext: Bool
        public let cardType: CardType?

        public init(paymentProductId: Int, isAllowedInContext: Bool, cardType: CardType? = nil) {
            self.paymentProductId = paymentProductId
            self.isAllowedInContext = isAllowedInContext
            self.cardType = cardType
        }
    }

    public let status: Status
    public let paymentProductId: Int?
    public let countryCode: String?
    public let cardType: CardType?
    public let isAllowedInContext: Bool
    /// Every brand of a co-badged card in order of preference; empty for a single-brand card.
    public let coBrands: [CoBrand]

    public init(
        status: Status, paymentProductId: Int? = nil, countryCode: String? = nil, cardType: CardType? = nil,
        isAllowedInContext: Bool, coBrands: [CoBrand] = []
    ) {
        self.status = status
        self.paymentProductId = paymentProductId
        self.countryCode = countryCode
        self.cardType = cardType
        self.isAllowedInContext = isAllowedInContext
        self.coBrands = coBrands
    }

    public static let notEnoughDigits = IINDetails(status: .notEnoughDigits, isAllowedInContext: false)
    public static let unknown = IINDetails(status: .unknown, isAllowedInContext: false)
}
