/// How the simulated platform decides a payment (API.md 9.7): whether a card
/// payment needs 3-D Secure, and the outcome once any authentication is final.
public enum PaymentDecision {
    /// Whether a card payment of `amount` needs a successful 3-D Secure authentication:
    /// when the session requires it, or when the amount is above
    /// `ThreeDSAuthentication.frictionlessLimit` (30.00 EUR, other currencies converted
    /// as `threeDS.authenticate` converts them). A session with 3-D Secure switched off
    /// (`threeDS.enabled: false`) never runs it, and so cannot pay by card when it
    /// also requires it (`.disabled`).
    public static func needsAuthentication(
        amount: AmountOfMoney, preferences: ThreeDSPreferences, rates: RatesTable
    ) throws(ThreeDSError) -> Bool {
        guard preferences.enabled else {
            if preferences.required { throw .disabled }
            return false
        }
        if preferences.required { return true }
        return !(try ThreeDSAuthentication.isWithinFrictionlessLimit(amount, rates: rates))
    }

    /// Whether a final authentication lets the payment go on to the issuer: an
    /// authentication that succeeded (Y or A), or one the directory server or the
    /// session's `threeDS.bypass` bypassed.
    public static func admits(_ authentication: ThreeDSResult) -> Bool {
        authentication.status == .authenticationSucceeded || authentication.status == .authenticationBypassed
    }

    /// The outcome of a card payment whose authentication (nil when none was needed)
    /// is final: a cancelled challenge cancels it; any other authentication that does
    /// not `admit` it rejects it with the 3-D Secure status as the code; then the
    /// issuer decides by `testCards`, and any other card is captured.
    public static func outcome(
        of card: ThreeDSCard, authentication: ThreeDSResult?, locale: String,
        testCards: [PaymentTestCard] = PaymentTestCard.reference
    ) -> (PaymentStatus, PaymentStatusOutput) {
        if let authentication, !admits(authentication) {
            let error = PaymentError(code: authentication.status.rawValue, locale: locale)
            let status: PaymentStatus = authentication.status == .authenticationCanceled ? .cancelled : .rejected
            return (status, PaymentStatusOutput(isAuthorized: false, errors: [error]))
        }
        if let row = PaymentTestCard.matching(card, in: testCards) {
            return (.rejected, PaymentStatusOutput(isAuthorized: false, errors: [PaymentError(code: row.code, locale: locale)]))
        }
        return captured
    }

    /// Authorised and captured, with no errors.
    public static let captured = (PaymentStatus.captured, PaymentStatusOutput(isAuthorized: true))

    /// The outcome of the customer's return from a redirect provider (`payments.complete`).
    public static func outcome(of redirect: RedirectOutcome, locale: String) -> (PaymentStatus, PaymentStatusOutput) {
        switch redirect {
        case .approve: captured
        case .cancel: (.cancelled, PaymentStatusOutput(isAuthorized: false,
                                                       errors: [PaymentError(code: "CANCELLED_BY_CUSTOMER", locale: locale)]))
        case .fail: (.rejected, PaymentStatusOutput(isAuthorized: false,
                                                    errors: [PaymentError(code: "DECLINED_BY_PROVIDER", locale: locale)]))
        }
    }
}

/// How the customer came back from the redirect provider.
public enum RedirectOutcome: String, Sendable, Hashable, CaseIterable, Codable {
    case approve, cancel, fail
}
