/// How a card is funded, as the IIN table and `iin.details` name it.
public enum CardType: String, Sendable, Hashable, Codable, CaseIterable {
    case credit = "CREDIT"
    case debit = "DEBIT"
    case prepaid = "PREPAID"
}
