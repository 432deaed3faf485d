/// One row of `reference/payment-test-cards.md`: a card number the simulated
/// issuer declines, with the reason.
public struct PaymentTestCard: Sendable, Hashable {
    public var cardNumber: String
    /// `statusOutput.errors[0].code`.
    public var code: String

    public init(cardNumber: String, code: String) {
        self.cardNumber = cardNumber
        self.code = code
    }

    /// The normative table; every other valid card is authorised and captured.
    public static let reference: [PaymentTestCard] = [
        PaymentTestCard(cardNumber: "4000000000000002", code: "CARD_DECLINED"),
        PaymentTestCard(cardNumber: "4000000000009995", code: "INSUFFICIENT_FUNDS"),
        PaymentTestCard(cardNumber: "4000000000009987", code: "LOST_CARD"),
        PaymentTestCard(cardNumber: "4000000000009979", code: "STOLEN_CARD"),
        PaymentTestCard(cardNumber: "4000000000000069", code: "EXPIRED_CARD"),
        PaymentTestCard(cardNumber: "4000000000000127", code: "INCORRECT_CVC"),
        PaymentTestCard(cardNumber: "4000000000000119", code: "PROCESSING_ERROR"),
        PaymentTestCard(cardNumber: "4100000000000019", code: "SUSPECTED_FRAUD"),
    ]

    /// The row of the card (matched by keyed fingerprint, as for tokens), if any.
    public static func matching(_ card: ThreeDSCard, in table: [PaymentTestCard] = reference) -> PaymentTestCard? {
        table.first { card.isCardNumber($0.cardNumber) }
    }
}
