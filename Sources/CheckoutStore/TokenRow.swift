import CheckoutCore
import GRDB

/// A `StoredToken` as a row of the `token` table: one column per member.
enum TokenRow {
    static let columns = """
        id, customer_id, payment_product_id, brand, bin, last4_digits, alias, expiry_date, \
        cardholder_name, issuing_country, card_type, fingerprint, created_at
        """

    /// Inserts the token unless its customer has the same card with the same expiry.
    static let insertUnlessSameCard = """
        INSERT INTO token (\(columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (customer_id, fingerprint, expiry_date) DO NOTHING
        """

    static func arguments(_ token: StoredToken) -> StatementArguments {
        [
            token.id, token.customerId, token.paymentProductId, token.brand, token.bin, token.last4Digits,
            token.alias, token.expiryDate, token.cardholderName, token.issuingCountry, token.cardType?.rawValue,
            token.fingerprint, token.createdAt.secondsSinceEpoch,
        ]
    }

    /// The token in a row selected with `columns`.
    static func token(_ row: Row) throws -> StoredToken {
        let cardType: CardType?
        if let text: String = try row.decode(forColumn: "card_type") {
            guard let known = CardType(rawValue: text) else { throw UnknownCardType() }
            cardType = known
        } else {
            cardType = nil
        }
        return StoredToken(
            id: try row.decode(forColumn: "id"),
            customerId: try row.decode(forColumn: "customer_id"),
            paymentProductId: try row.decode(forColumn: "payment_product_id"),
            brand: try row.decode(forColumn: "brand"),
            bin: try row.decode(forColumn: "bin"),
            last4Digits: try row.decode(forColumn: "last4_digits"),
            alias: try row.decode(forColumn: "alias"),
            expiryDate: try row.decode(forColumn: "expiry_date"),
            cardholderName: try row.decode(forColumn: "cardholder_name"),
            issuingCountry: try row.decode(forColumn: "issuing_country"),
            cardType: cardType,
            fingerprint: try row.decode(forColumn: "fingerprint"),
            createdAt: Timestamp(secondsSinceEpoch: try row.decode(forColumn: "created_at")))
    }

    struct UnknownCardType: StoreFailure {
        var description: String { "a stored token has a card type this checkoutd does not know" }
    }
}
