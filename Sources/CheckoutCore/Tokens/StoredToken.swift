/// What the vault keeps for one tokenised card: enough to offer it as an account
/// on file and to recognise the same card again, and never the card number or
/// the CVC. The number survives only as `bin`, `last4Digits`, the masked
/// `alias` and a keyed `fingerprint`.
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

    public init(
        id: String, customerId: String, paymentProductId: Int, brand: String, bin: String, last4Digits: String,
        alias: String, expiryDate: String, cardholderName: String?, issuingCountry: String?, cardType: CardType?,
        fingerprint: String, createdAt: Timestamp
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
    }

    /// Whether `other` is the same card with the same expiry for the same customer,
    /// which the vault answers with the existing token instead of a new one.
    public func isSameCard(as other: StoredToken) -> Bool {
        customerId == other.customerId && fingerprint == other.fingerprint && expiryDate == other.expiryDate
    }
}
