/// A session as a store keeps it: its wire shape and the amounts it was opened
/// with, which the wire shape leaves out and every currency change converts from.
public struct SessionRecord: Sendable, Hashable, Codable {
    public var session: Session
    public var originalAmountOfMoney: AmountOfMoney
    public var originalTaxAmount: Int64

    public init(_ session: Session) {
        self.session = session
        originalAmountOfMoney = session.originalAmountOfMoney
        originalTaxAmount = session.originalTaxAmount
    }

    /// The session with its original amounts restored.
    public var restored: Session {
        var restored = session
        restored.restoreOriginalAmounts(originalAmountOfMoney, taxAmount: originalTaxAmount)
        return restored
    }
}
