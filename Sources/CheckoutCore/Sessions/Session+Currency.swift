extension Session {
    /// Shows the session's amount and tax in `currencyCode` (BlueSnap
    /// `changeCurrencyAndConvertAmounts`): each is converted from the amounts the session
    /// was opened with and rounded once, half up, so changing back to the original
    /// currency restores them exactly. On failure the session is unchanged.
    public mutating func changeCurrency(to currencyCode: String, rates: RatesTable) throws(CurrencyConversionError) {
        let original = originalAmountOfMoney
        let amount = try rates.convert(original, to: currencyCode, rounding: .halfUp)
        let tax = try rates.convert(AmountOfMoney(amount: originalTaxAmount, currencyCode: original.currencyCode),
                                    to: currencyCode, rounding: .halfUp)
        context.amountOfMoney = amount.amountOfMoney
        taxAmount = tax.amountOfMoney.amount
    }
}
