/// What the vault keeps for one tokenised card: enough to offer it as an account
/// on file and to recognise the same card again, and never the card number or
/// the CVC. The number survives only as `bin`, `last4Digits`, the masked
/// `alias` and a keyed `fingerprint`. The shopper's validated billing and shipping
/// addresses are kept with it, so a returning shopper's checkout can be prefilled
/// (BlueSnap's shopper configuration, API.md 9.6).
public struct StoredToken: Sendable, Hashable, Codable {
    /// The token, which is also the account on file's id.
    public var id: String
    public var customerId: String
    public var paymentProductId: Int
    /// The brand code (`visa`).
    public var brand: String
    /// The first 8 digits when the IIN table has an 8-digit entry for them, else the first 6.
    public var bin: String
    public var last4Digits: String
    /// The number with every digit between the first 6 and the last 4 replaced by `X`.
    public var alias: String
    /// `MMYY`.
    public var expiryDate: String
    public var cardholderName: String?
    public var issuingCountry: String?
    public var cardType: CardType?
    /// The HMAC-SHA-256 of the card number under the store's secret, hex: the same
    /// card gives the same fingerprint in one store and an unrelated one elsewhere.
    public var fingerprint: String
    public var createdAt: Timestamp
    /// The billing address as it was last sent and validated (it may carry `email`).
    public var billingDetails: Address?
    /// The shipping address as it was last sent and validated (never an `email`).
    public var shippingDetails: Address?

    public init(
        id: String, customerId: String, paymentProductId: Int, brand: String, bin: String, last4Digits: String,
        alias: String, expiryDate: String, cardholderName: String?, issuingCountry: String?, cardType: CardType?,
        fingerprint: String, createdAt: Timestamp, billingDetails: Address? = nil, shippingDetails: Address? = nil
    ) {
        self.id = id
        self.customerId = customerId
        self.paymentProductId = paymentProductId
        self.brand = brand
        self.bin = bin
        self.last4Digits = last4Digits
        self.alias = alias
        self.expiryDate = expiryDate
        self.cardholderName = cardholderName
        self.issuingCountry = issuingCountry
        self.cardType = cardType
        self.fingerprint = fingerprint
        self.createdAt = createdAt
        self.billingDetails = billingDetails
        self.shippingDetails = shippingDetails
    }

    /// Whether `other` is the same card with the same expiry for the same customer,
    /// which the vault answers with the existing token instead of a new one.
    public func isSameCard(as other: StoredToken) -> Bool {
        customerId == other.customerId && fingerprint == other.fingerprint && expiryDate == other.expiryDate
    }

    /// This token with the addresses of `other` that it gives, as `save` keeps them
    /// when `other` is the same card tokenised again: the newest addresses the
    /// shopper confirmed win, and one left out keeps the stored one.
    public func keepingDetails(of other: StoredToken) -> StoredToken {
        var kept = self
        if let billing = other.billingDetails { kept.billingDetails = billing }
        if let shipping = other.shippingDetails { kept.shippingDetails = shipping }
        return kept
    }
}
