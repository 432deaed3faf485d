import CheckoutCore
import Testing

/// `reference/payment-test-cards.md`, copied as facts: each declined card and its code.
private let declineTable: [(String, String)] = [
    ("4000000000000002", "CARD_DECLINED"), ("4000000000009995", "INSUFFICIENT_FUNDS"), ("4000000000009987", "LOST_CARD"),
    ("4000000000009979", "STOLEN_CARD"), ("4000000000000069", "EXPIRED_CARD"), ("4000000000000127", "INCORRECT_CVC"),
    ("4000000000000119", "PROCESSING_ERROR"), ("4100000000000019", "SUSPECTED_FRAUD"),
]

@Suite("Payments: the decision")
struct PaymentDecisionTests {
    let key = CardFingerprintKey.random()

    func card(_ number: String) -> ThreeDSCard {
        let fingerprint = key.fingerprint(ofCardNumber: number)
        let paid = PaymentCard(paymentProductId: 1, brand: "visa", bin: String(number.prefix(6)),
                               last4Digits: String(number.suffix(4)), alias: "", expiryDate: "1230", fingerprint: fingerprint)
        return paid.threeDSCard(fingerprintKey: key)
    }

    func result(_ status: ThreeDSStatus) -> ThreeDSResult {
        ThreeDSResult(status: status, dsTransId: "d", threeDSVersion: "2.2.0")
    }

    @Test func theTableIsTheReferenceTable() {
        #expect(PaymentTestCard.reference.map { [$0.cardNumber, $0.code] } == declineTable.map { [$0.0, $0.1] })
    }

    @Test(arguments: declineTable)
    func aDeclinedCardIsRejectedWithItsCodeByFingerprint(_ number: String, _ code: String) {
        let (status, output) = PaymentDecision.outcome(of: card(number), authentication: nil, locale: "en_US")
        #expect(status == .rejected)
        #expect(!output.isAuthorized && output.errors.map(\.code) == [code])
        #expect(output.errors[0].message == PaymentMessages.message(for: code, locale: "en_US"))
    }

    @Test func anyOtherCardIsCapturedWithNoErrors() {
        let (status, output) = PaymentDecision.outcome(of: card("4242424242424242"), authentication: nil, locale: "en_US")
        #expect(status == .captured && output == PaymentStatusOutput(isAuthorized: true, errors: []))
    }

    @Test(arguments: [ThreeDSStatus.authenticationSucceeded, .authenticationBypassed])
    func anAdmittingAuthenticationLeavesTheDecisionToTheIssuer(_ admitting: ThreeDSStatus) {
        #expect(PaymentDecision.outcome(of: card("4242424242424242"), authentication: result(admitting), locale: "en_US").0
                == .captured)
        #expect(PaymentDecision.outcome(of: card("4000000000009995"), authentication: result(admitting), locale: "en_US").1
                .errors.map(\.code) == ["INSUFFICIENT_FUNDS"])
    }

    @Test(arguments: [ThreeDSStatus.authenticationFailed, .authenticationUnavailable, .threeDSError, .cardNotSupported])
    func anyOtherFinalAuthenticationRejectsWithItsStatus(_ failing: ThreeDSStatus) {
        let (status, output) = PaymentDecision.outcome(of: card("4242424242424242"), authentication: result(failing), locale: "en_US")
        #expect(status == .rejected && output.errors.map(\.code) == [failing.rawValue])
    }

    @Test func aCancelledChallengeCancelsThePayment() {
        let (status, output) = PaymentDecision.outcome(of: card("4242424242424242"),
                                                       authentication: result(.authenticationCanceled), locale: "zh_CN")
        #expect(status == .cancelled && output.errors.map(\.code) == ["AUTHENTICATION_CANCELED"])
        #expect(output.errors[0].message == "3-D Secure 认证已取消。")
    }

    @Test func threeDSIsNeededWhenRequiredOrAbove30EURAndNeverWhenSwitchedOff() throws {
        let rates = RatesFixtures.blueSnap
        let eur = { (amount: Int64) in AmountOfMoney(amount: amount, currencyCode: "EUR") }
        #expect(try !PaymentDecision.needsAuthentication(amount: eur(3000), preferences: ThreeDSPreferences(), rates: rates))
        #expect(try PaymentDecision.needsAuthentication(amount: eur(3001), preferences: ThreeDSPreferences(), rates: rates))
        #expect(try PaymentDecision.needsAuthentication(amount: eur(1), preferences: ThreeDSPreferences(required: true), rates: rates))
        #expect(try !PaymentDecision.needsAuthentication(amount: eur(9999), preferences: ThreeDSPreferences(enabled: false),
                                                          rates: rates))
        #expect(throws: ThreeDSError.disabled, "required, but switched off: no card payment can meet it") {
            try PaymentDecision.needsAuthentication(amount: eur(1), preferences: ThreeDSPreferences(enabled: false, required: true),
                                                    rates: rates)
        }
    }

    @Test(arguments: RedirectOutcome.allCases)
    func aRedirectReturnDecidesOnce(_ outcome: RedirectOutcome) {
        let (status, output) = PaymentDecision.outcome(of: outcome, locale: "en_US")
        switch outcome {
        case .approve: #expect(status == .captured && output.errors.isEmpty)
        case .cancel: #expect(status == .cancelled && output.errors.map(\.code) == ["CANCELLED_BY_CUSTOMER"])
        case .fail: #expect(status == .rejected && output.errors.map(\.code) == ["DECLINED_BY_PROVIDER"])
        }
    }

    @Test(arguments: ValidationMessages.locales)
    func everyCodeHasATextInEveryLocale(_ locale: String) {
        for code in PaymentMessages.codes {
            let text = PaymentMessages.message(for: code, locale: locale)
            #expect(!text.isEmpty && text != code, "\(code) in \(locale)")
            #expect(locale == "en_US" || text != PaymentMessages.message(for: code, locale: "en_US"), "\(code) in \(locale)")
        }
    }
}

@Suite("Access sessions: the card and CVC rules")
struct AccessSessionValidationTests {
    let month = CalendarMonth(year: 2026, month: 11)

    func problems(_ card: AccessSessionValidation.Card?, cvc: String? = nil, accepted: AcceptedBrands = .all) -> [String] {
        AccessSessionValidation.errors(card: card, cvc: cvc, acceptedBrands: accepted, currentMonth: month, brands: .standard,
                                       locale: "en_US").map { "\($0.fieldId) \($0.errorMessageId.rawValue)" }
    }

    @Test func aValidCardAndCVCHaveNoProblems() {
        #expect(problems(.init(cardNumber: "4242 4242 4242 4242", expiryDate: "12/30", cvc: "123"), cvc: "1234").isEmpty)
    }

    @Test func everyProblemComesBackWithItsFieldId() {
        #expect(problems(.init(cardNumber: "4242424242424241", expiryDate: "01/20", cvc: "12"), cvc: "12345")
                == ["card.cardNumber luhn", "card.expiryDate expirationDate", "card.cvc length", "cvc length"])
        #expect(problems(.init(cardNumber: "", expiryDate: "", cvc: ""), cvc: "")
                == ["card.cardNumber required", "card.expiryDate required", "card.cvc required", "cvc required"])
    }

    @Test func incompleteFieldsAreProblemsToo() {
        #expect(problems(.init(cardNumber: "4242 4242", expiryDate: "12/", cvc: "1"))
                == ["card.cardNumber length", "card.expiryDate expirationDate", "card.cvc length"])
    }

    @Test func theCVCIsJudgedByTheCardsBrandAndABrandOutsideTheSessionIsNotAllowed() {
        #expect(problems(.init(cardNumber: "3782 822463 10005", expiryDate: "12/30", cvc: "123")) == ["card.cvc length"])
        #expect(problems(.init(cardNumber: "4242424242424242", expiryDate: "12/30", cvc: "123"),
                         accepted: AcceptedBrands(codes: ["mastercard"])) == ["card.cardNumber allowedInContext"])
    }
}
