import CheckoutCore
import Foundation

/// A `StoredToken` as a row of the `token` table: one column per member, the
/// addresses as the JSON of `Address` (schema version 3).
enum TokenRow {
    static let columns = """
        id, customer_id, payment_product_id, brand, bin, last4_digits, alias, expiry_date, \
        cardholder_name, issuing_country, card_type, fingerprint, created_at, billing_details, shipping_details
        """

    /// Inserts the token unless its customer has the same card with the same expiry;
    /// then that row takes the addresses the token gives and keeps its own otherwise
    /// (`StoredToken.keepingDetails`).
    static let insertUnlessSameCard = """
        INSERT INTO token (\(columns)) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
        ON CONFLICT (customer_id, fingerprint, expiry_date) DO UPDATE
        SET billing_details = COALESCE(excluded.billing_details, token.billing_details),
            shipping_details = COALESCE(excluded.shipping_details, token.shipping_details)
        """

    static func values(_ token: StoredToken) throws -> [SQLValue] {
        [
            .text(token.id), .text(token.customerId), SQLValue(token.paymentProductId), .text(token.brand),
            .text(token.bin), .text(token.last4Digits), .text(token.alias), .text(token.expiryDate),
            SQLValue(token.cardholderName), SQLValue(token.issuingCountry), SQLValue(token.cardType?.rawValue),
            .text(token.fingerprint), .integer(token.createdAt.secondsSinceEpoch),
            SQLValue(try json(token.billingDetails)), SQLValue(try json(token.shippingDetails)),
        ]
    }

    /// The token in a row selected with `columns`.
    static func token(_ row: [SQLValue]) throws -> StoredToken {
        guard row.count == 15, let id = row[0].text, let customerId = row[1].text, let productId = row[2].integer,
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
            createdAt: Timestamp(secondsSinceEpoch: createdAt),
            billingDetails: try address(row[13]), shippingDetails: try address(row[14]))
    }

    /// An address as its column holds it: compact JSON with sorted keys, or NULL.
    static func json(_ address: Address?) throws -> String? {
        guard let address else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(address), as: UTF8.self)
        } catch {
            throw UnencodableAddress()
        }
    }

    private static func address(_ value: SQLValue) throws -> Address? {
        switch value {
        case .null: return nil
        case .text(let text):
            // A decoding error may quote the column: only its kind is reported.
            guard let address = try? JSONDecoder().decode(Address.self, from: Data(text.utf8)) else {
                throw MalformedAddress()
            }
            return address
        default: throw MalformedRow()
        }
    }

    struct UnknownCardType: StoreFailure {
        var description: String { "a stored token has a card type this checkoutd does not know" }
    }

    struct MalformedRow: StoreFailure {
        var description: String { "a stored token row has missing or mistyped columns" }
    }

    struct MalformedAddress: StoreFailure {
        var description: String { "a stored token has billing or shipping details that are not an address" }
    }

    struct UnencodableAddress: StoreFailure {
        var description: String { "an address cannot be encoded for the store" }
    }
}
