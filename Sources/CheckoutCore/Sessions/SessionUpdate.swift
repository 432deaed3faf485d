/// `session.update`: new amounts or context for a session in progress (BlueSnap
/// `setAmountsAndCurrency`, and the tax update when the shopper changes the
/// shipping country or state). Everything not given stays; the id, customer,
/// life, accounts on file and options always stay. The resulting amounts become
/// the ones later currency changes convert from.
public struct SessionUpdate: Sendable, Hashable {
    public var amountOfMoney: AmountOfMoney?
    public var taxAmount: Int64?
    public var countryCode: String?
    public var locale: String?
    public var isRecurring: Bool?

    public init(amountOfMoney: AmountOfMoney? = nil, taxAmount: Int64? = nil, countryCode: String? = nil,
                locale: String? = nil, isRecurring: Bool? = nil) {
        self.amountOfMoney = amountOfMoney
        self.taxAmount = taxAmount
        self.countryCode = countryCode
        self.locale = locale
        self.isRecurring = isRecurring
    }
}

/// Why a session cannot take an update.
public enum SessionUpdateError: Error, Sendable, Hashable {
    /// A new currency on a session opened with `allowCurrencyChange: false`.
    case currencyChangeNotAllowed(from: String, to: String)
    /// The tax (given, or kept) exceeds the amount.
    case taxExceedsAmount(tax: Int64, amount: Int64)
}

extension Session {
    /// Applies `update`. A new amount in another currency without a tax resets
    /// the tax to 0 (the old one was in the old currency); in the same currency
    /// the tax is kept. On failure the session is unchanged.
    public mutating func apply(_ update: SessionUpdate) throws(SessionUpdateError) {
        var updated = self
        if let money = update.amountOfMoney {
            let current = context.amountOfMoney.currencyCode
            if money.currencyCode != current {
                guard allowCurrencyChange else { throw .currencyChangeNotAllowed(from: current, to: money.currencyCode) }
                updated.taxAmount = 0
            }
            updated.context.amountOfMoney = money
        }
        if let taxAmount = update.taxAmount { updated.taxAmount = taxAmount }
        guard updated.taxAmount <= updated.context.amountOfMoney.amount else {
            throw .taxExceedsAmount(tax: updated.taxAmount, amount: updated.context.amountOfMoney.amount)
        }
        if let countryCode = update.countryCode { updated.context.countryCode = countryCode }
        if let locale = update.locale { updated.context.locale = locale }
        if let isRecurring = update.isRecurring { updated.context.isRecurring = isRecurring }
        updated.rebaseOriginalAmounts()
        self = updated
    }
}
