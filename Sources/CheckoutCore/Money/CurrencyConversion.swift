/// An amount converted to another currency (BlueSnap `changeCurrencyAndConvertAmounts`),
/// with the rate that was applied.
public struct CurrencyConversion: Sendable, Hashable, Encodable {
    public var amountOfMoney: AmountOfMoney
    /// Units of the target currency per unit of the source currency.
    public var rate: CrossRate

    public init(amountOfMoney: AmountOfMoney, rate: CrossRate) {
        self.amountOfMoney = amountOfMoney
        self.rate = rate
    }
}

/// Why an amount cannot be converted.
public enum CurrencyConversionError: Error, Sendable, Hashable {
    /// The rates table has no currency with this code.
    case unknownCurrency(String)
    /// The converted amount would exceed `AmountOfMoney.maximumAmount` minor units.
    case amountTooLarge(currencyCode: String)
}

extension RatesTable {
    /// `amount` in the currency `code`: `amount / 10^minor(from) × rate(to) / rate(from) × 10^minor(to)`
    /// computed exactly as one fraction, then rounded once to whole minor units of `code`.
    /// Converting to the amount's own currency returns it unchanged. (Amounts on the wire
    /// are never negative; a negative one is converted by its magnitude, rounding away from
    /// zero on a half for `halfUp`.)
    public func convert(
        _ amount: AmountOfMoney, to code: String, rounding: RoundingMode = .halfUp
    ) throws(CurrencyConversionError) -> CurrencyConversion {
        guard let source = currency(code: amount.currencyCode) else { throw .unknownCurrency(amount.currencyCode) }
        guard let target = currency(code: code) else { throw .unknownCurrency(code) }
        guard let rate = CrossRate(target.rate, per: source.rate) else { throw .unknownCurrency(source.code) }
        guard let converted = rate.convert(amount.amount.magnitude, fromMinorUnits: source.minorUnits,
                                           toMinorUnits: target.minorUnits, rounding: rounding),
              converted <= UInt128(AmountOfMoney.maximumAmount)
        else { throw .amountTooLarge(currencyCode: code) }
        let magnitude = Int64(converted)
        return CurrencyConversion(amountOfMoney: AmountOfMoney(amount: amount.amount < 0 ? -magnitude : magnitude,
                                                               currencyCode: code), rate: rate)
    }
}
