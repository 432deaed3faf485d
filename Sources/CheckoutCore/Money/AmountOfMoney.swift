/// An amount in a currency's minor units: `{"amount": 1999, "currencyCode": "EUR"}` is
/// 19.99 euros. Money never travels or is stored as a floating-point number.
public struct AmountOfMoney: Sendable, Hashable, Codable {
    /// The amount in minor units (cents for EUR, yen for JPY, fils for KWD).
    public var amount: Int64
    /// The ISO 4217 alphabetic code, upper case.
    public var currencyCode: String

    /// The largest amount on the wire: 2^53 - 1, the largest integer every JSON reader keeps exactly.
    public static let maximumAmount: Int64 = 9_007_199_254_740_991

    public init(amount: Int64, currencyCode: String) {
        self.amount = amount
        self.currencyCode = currencyCode
    }
}
