/// A currency of the rates table (BlueSnap `BSCurrency`): its code, English name,
/// ISO 4217 minor units and its rate, in units per one unit of the table's base.
public struct Currency: Sendable, Hashable {
    /// ISO 4217 alphabetic code, upper case.
    public var code: String
    public var name: String
    public var minorUnits: Int
    public var rate: DecimalNumber

    public init(code: String, name: String, minorUnits: Int, rate: DecimalNumber) {
        self.code = code
        self.name = name
        self.minorUnits = minorUnits
        self.rate = rate
    }
}

/// A currency with its rate against a chosen base, as `currency.list` shows it.
public struct CurrencyRate: Sendable, Hashable, Encodable {
    public var code: String
    public var name: String
    public var minorUnits: Int
    /// Units of `code` per one unit of the base.
    public var rate: CrossRate

    public init(code: String, name: String, minorUnits: Int, rate: CrossRate) {
        self.code = code
        self.name = name
        self.minorUnits = minorUnits
        self.rate = rate
    }
}
