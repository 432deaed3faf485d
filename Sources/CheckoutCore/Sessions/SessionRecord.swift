/// A session as a store keeps it: its wire shape, the amounts it was opened
/// with, which the wire shape leaves out and every currency change converts from,
/// and the cards it authenticated.
public struct SessionRecord: Sendable, Hashable, Codable {
    public var session: Session
    public var originalAmountOfMoney: AmountOfMoney
    public var originalTaxAmount: Int64
    /// The session's successful 3-D Secure authentications; absent in records
    /// written before payments existed.
    public var authentications: [CardAuthentication]?

    public init(_ session: Session) {
        self.session = session
        originalAmountOfMoney = session.originalAmountOfMoney
        originalTaxAmount = session.originalTaxAmount
        authentications = session.authentications.isEmpty ? nil : session.authentications
    }

    /// The session with its original amounts and authentications restored.
    public var restored: Session {
        var restored = session
        restored.restoreOriginalAmounts(originalAmountOfMoney, taxAmount: originalTaxAmount)
        restored.restoreAuthentications(authentications ?? [])
        return restored
    }
}
