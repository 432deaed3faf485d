import CheckoutCore

/// A `StoredToken` as a row of the `token` table: one column per member.
enum TokenRow {
    static let columns = """
        id, customer_id, payment_product_id, brand, bin, last4_digits, alias, expiry_date, \
        cardholder_name, issuing_country, card_type, fingerprint, created_at
        """

    /// Inserts the token unless its customer has the same card with the same expiry.
    static let insertUnlessSameCard = """
        INSERT INTO token (\(columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
        ON CONFLICT (customer_id, fingerprint, expiry_date) DO NOTHING
        """

    static func values(_ token: StoredToken) -> [SQLValue] {
        [
            .text(token.id), .text(token.customerId), SQLValue(token.paymentProductId), .text(token.brand),
            .text(token.bin), .text(token.last4Digits), .text(token.alias), .text(token.expiryDate),
            SQLValue(token.cardholderName), SQLValue(token.issuingCountry), SQLValue(token.cardType?.rawValue),
            .text(token.fingerprint), .integer(token.createdAt.secondsSinceEpoch),
        ]
    }

    /// The token in a row selected with `columns`.
    static func token(_ row: [SQLValue]) throws -> StoredToken {
        guard row.count == 13, let id = row[0].text, let customerId = row[1].text, let productId = row[2].integer,
              let brand = row[3].text, let bin = row[4].text, let last4 = row[5].text, let alias = row[6].text,
              let expiryDate = row[7].text, let fingerprint = row[11].text, let createdAt = row[12].integer
        else { throw MalformedRow() }
        var cardType: CardType?
        if let text = row[10].text {
            guard let known = CardType(rawValue: text) else { throw UnknownCardType() }
            cardType = known
        }
        return StoredToken(
            id: id, customerId: customerId, paymentProductId: Int(productId), brand: brand, bin: bin,
            last4Digits: last4, alias: alias, expiryDate: expiryDate, cardholderName: row[8].text,
            issuingCountry: row[9].text, cardType: cardType, fingerprint: fingerprint,
            createdAt: Timestamp(secondsSinceEpoch: createdAt))
    }

    struct UnknownCardType: StoreFailure {
        var description: String { "a stored token has a card type this checkoutd does not know" }
    }

    struct MalformedRow: StoreFailure {
        var description: String { "a stored token row has missing or mistyped columns" }
    }
}
