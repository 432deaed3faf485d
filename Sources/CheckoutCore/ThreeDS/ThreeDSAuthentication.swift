/// The simulated 3-D Secure directory server (BlueSnap `authenticationWith3DS`, API.md
/// section 4 "3-D Secure simulation"): which flow a card and an amount get in a session.
public enum ThreeDSAuthentication {
    /// The EMV 3-D Secure protocol version the simulator speaks; the 3-D Secure 1 test card
    /// answers `1.0.2`.
    public static let currentVersion = "2.2.0"
    /// The amount up to which the default rules authenticate without a challenge.
    public static let frictionlessLimit = AmountOfMoney(amount: 3000, currencyCode: "EUR")
    /// The brands whose cards support 3-D Secure 2; any other card is `CARD_NOT_SUPPORTED`.
    public static let brandsWithThreeDS2: Set<String> = [
        "visa", "mastercard", "amex", "discover", "jcb", "diners", "cartesbancaires", "unionpay",
    ]

    /// Decides, in this order: 3-D Secure switched off for the session throws `.disabled`;
    /// a card of `testCards` gets its row, whatever the session and the amount; a card of no
    /// brand or of a brand without 3-D Secure 2 is `CARD_NOT_SUPPORTED`; the session's bypass
    /// gives `AUTHENTICATION_BYPASSED`; an amount within `frictionlessLimit` is authenticated
    /// without a challenge (Y); a larger one needs the standard challenge.
    public static func decide(
        card: ThreeDSCard, amount: AmountOfMoney, preferences: ThreeDSPreferences, rates: RatesTable,
        testCards: [ThreeDSTestCard] = ThreeDSTestCard.reference
    ) throws(ThreeDSError) -> ThreeDSDecision {
        guard preferences.enabled else { throw .disabled }
        if let row = ThreeDSTestCard.matching(card, in: testCards) {
            return ThreeDSDecision(flow: row.flow, brandCode: row.brandCode, threeDSVersion: row.threeDSVersion)
        }
        let flow: ThreeDSFlow
        if !(card.brandCode.map { brandsWithThreeDS2.contains($0.lowercased()) } ?? false) {
            flow = .frictionless(.cardNotSupported)
        } else if preferences.bypass {
            flow = .frictionless(.bypassed)
        } else if try isWithinFrictionlessLimit(amount, rates: rates) {
            flow = .frictionless(.succeeded)
        } else {
            flow = .challenge(.standard)
        }
        return ThreeDSDecision(flow: flow, brandCode: card.brandCode, threeDSVersion: currentVersion)
    }

    /// Whether `amount` is at most `frictionlessLimit`. An amount in another currency is
    /// first converted exactly as `currency.convert` does, rounded once half up to whole
    /// cents, and those cents are compared: with the embedded rates 5860 JPY (30.0032 EUR)
    /// shows as 30.00 EUR and is within the limit, 5861 JPY (30.0083 EUR) is 30.01 EUR and
    /// is not. A directory server compares purchase amounts in minor units, never fractions.
    public static func isWithinFrictionlessLimit(_ amount: AmountOfMoney, rates: RatesTable) throws(ThreeDSError) -> Bool {
        let limit = frictionlessLimit
        guard amount.currencyCode != limit.currencyCode else { return amount.amount <= limit.amount }
        let converted: CurrencyConversion
        do throws(CurrencyConversionError) {
            converted = try rates.convert(amount, to: limit.currencyCode, rounding: .halfUp)
        } catch {
            switch error {
            case .unknownCurrency(let code): throw .unknownCurrency(code)
            case .amountTooLarge: return false  // beyond every amount on the wire, so far beyond the limit
            }
        }
        return converted.amountOfMoney.amount <= limit.amount
    }
}

/// Why a card cannot be authenticated at all.
public enum ThreeDSError: Error, Sendable, Hashable {
    /// 3-D Secure is switched off for the session.
    case disabled
    /// The rates table has no currency with this code: the amount's, or EUR, in which the
    /// frictionless limit is set.
    case unknownCurrency(String)
}
