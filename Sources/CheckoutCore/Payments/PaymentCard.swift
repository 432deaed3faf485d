/// The card a payment, a token or a card access session is made with, as the
/// platform keeps it: never the number or the CVC. The number survives only as
/// `bin`, `last4Digits`, the masked `alias` and the keyed `fingerprint`, which
/// is all 3-D Secure and the test-card tables need (they compare fingerprints).
public struct PaymentCard: Sendable, Hashable, Codable {
    public var paymentProductId: Int
    /// The brand code (`visa`).
    public var brand: String
    public var bin: String
    public var last4Digits: String
    /// The number with every digit between the first 6 and the last 4 replaced by `X`.
    public var alias: String
    /// `MMYY`.
    public var expiryDate: String
    /// The card number's HMAC-SHA-256 under the store's fingerprint key (`CardFingerprintKey`).
    public var fingerprint: String
    public var cardholderName: String?
    public var issuingCountry: String?
    public var cardType: CardType?

    public init(
        paymentProductId: Int, brand: String, bin: String, last4Digits: String, alias: String, expiryDate: String,
        fingerprint: String, cardholderName: String? = nil, issuingCountry: String? = nil, cardType: CardType? = nil
    ) {
        self.paymentProductId = paymentProductId
        self.brand = brand
        self.bin = bin
        self.last4Digits = last4Digits
        self.alias = alias
        self.expiryDate = expiryDate
        self.fingerprint = fingerprint
        self.cardholderName = cardholderName
        self.issuingCountry = issuingCountry
        self.cardType = cardType
    }

    /// The card a stored token was made from.
    public init(_ token: StoredToken) {
        self.init(paymentProductId: token.paymentProductId, brand: token.brand, bin: token.bin,
                  last4Digits: token.last4Digits, alias: token.alias, expiryDate: token.expiryDate,
                  fingerprint: token.fingerprint, cardholderName: token.cardholderName,
                  issuingCountry: token.issuingCountry, cardType: token.cardType)
    }

    /// The token the vault keeps for this card.
    public func storedToken(id: String, customerId: String, now: Timestamp) -> StoredToken {
        StoredToken(id: id, customerId: customerId, paymentProductId: paymentProductId, brand: brand, bin: bin,
                    last4Digits: last4Digits, alias: alias, expiryDate: expiryDate, cardholderName: cardholderName,
                    issuingCountry: issuingCountry, cardType: cardType, fingerprint: fingerprint, createdAt: now)
    }

    /// The card as 3-D Secure sees it: a number is this card when its keyed
    /// fingerprint is this card's.
    public func threeDSCard(fingerprintKey: CardFingerprintKey) -> ThreeDSCard {
        let fingerprint = fingerprint
        return ThreeDSCard(brandCode: brand, isCardNumber: { fingerprintKey.fingerprint(ofCardNumber: $0) == fingerprint })
    }

    /// The same card with another expiry date (`MMYY`), as an account on file's
    /// CAN_WRITE `expiryDate` may be given anew.
    public func withExpiryDate(_ mmyy: String) -> PaymentCard {
        var card = self
        card.expiryDate = mmyy
        return card
    }
}
