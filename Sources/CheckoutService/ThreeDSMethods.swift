import CheckoutCore
import JSONRPC

/// The `threeDS.*` namespace: the simulated 3-D Secure directory server and issuer
/// challenge (API.md section 4 "3-D Secure simulation", BlueSnap `authenticationWith3DS`).
enum ThreeDSMethods {
    static let routes: [any CheckoutMethod.Type] = [Authenticate.self, Challenge.self]

    /// `threeDS.authenticate`: the outcome for a card, or the challenge it must pass first.
    enum Authenticate: CheckoutMethod {
        static let name = "threeDS.authenticate"
        typealias Result = ThreeDSResult

        struct Params: Decodable, Sendable, ParamsChecking {
            let clientSessionId: ClientIdentifier
            let cardNumber: String?
            let token: String?
            let amountOfMoney: AmountOfMoney?

            static let cardNumberLengths = 12...19

            func check(_ checks: inout ParamChecks) {
                checks.require(cardNumber != nil || token != nil, at: "/cardNumber", reading: ["/token"],
                               "is required unless token is given: send exactly one of cardNumber and token")
                checks.require(cardNumber == nil || token == nil, at: "/token", reading: ["/cardNumber"],
                               "must not be given together with cardNumber: send exactly one of them")
                if let cardNumber {
                    checks.require(Self.isCardNumber(cardNumber), at: "/cardNumber",
                                   "must be \(Self.cardNumberLengths.lowerBound)-\(Self.cardNumberLengths.upperBound) digits (spaces allowed)")
                }
                checks.refuseCardNumber(in: token, at: "/token")
                if let amountOfMoney {
                    checks.require((0...AmountOfMoney.maximumAmount).contains(amountOfMoney.amount), at: "/amountOfMoney/amount",
                                   "must be from 0 to \(AmountOfMoney.maximumAmount)")
                    checks.requireCurrencyCode(amountOfMoney.currencyCode, at: "/amountOfMoney/currencyCode")
                }
            }

            private static func isCardNumber(_ text: String) -> Bool {
                var digits = 0
                for byte in text.utf8 {
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
                    case UInt8(ascii: " "): continue
                    default: return false
                    }
                }
                return cardNumberLengths.contains(digits)
            }
        }

        /// Errors come in this order: the session, 3-D Secure switched off for it, the
        /// amount's currency, the token; then the core decides.
        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> ThreeDSResult {
            let session = try service.sessions.session(id: params.clientSessionId.value)
            // The core refuses it too; checking first keeps the token and the amount out of it.
            guard session.threeDS.enabled else { throw CheckoutError.threeDSDisabled(clientSessionId: session.clientSessionId) }
            let rates = service.configuration.rates
            if let given = params.amountOfMoney, rates.currency(code: given.currencyCode) == nil {
                throw CheckoutError.unknownCurrency(currencyCode: given.currencyCode, path: "/amountOfMoney/currencyCode")
            }
            let key = service.fingerprintKey
            let (card, fingerprint): (ThreeDSCard, String)
            if let token = params.token {
                let stored = try service.storedToken(token, customerId: session.customerId)
                (card, fingerprint) = (PaymentCard(stored).threeDSCard(fingerprintKey: key), stored.fingerprint)
            } else {
                let number = params.cardNumber ?? ""
                card = ThreeDSCard(cardNumber: number, brands: service.configuration.brands)
                fingerprint = key.fingerprint(ofCardNumber: number.filter { $0 != " " })
            }
            let decision: ThreeDSDecision
            do {
                decision = try ThreeDSAuthentication.decide(
                    card: card, amount: params.amountOfMoney ?? session.context.amountOfMoney,
                    preferences: session.threeDS, rates: rates)
            } catch .disabled {
                throw CheckoutError.threeDSDisabled(clientSessionId: session.clientSessionId)
            } catch .unknownCurrency(let code) {
                // Only EUR, the currency of the frictionless limit, can be missing by now.
                throw CheckoutError.unknownCurrency(currencyCode: code, path: "")
            }
            let result = try service.challenges.start(
                decision, binding: ChallengeBinding(clientSessionId: session.clientSessionId, cardFingerprint: fingerprint))
            if result.status == .authenticationSucceeded {
                try service.sessions.remember(CardAuthentication(cardFingerprint: fingerprint, result: result),
                                              in: session.clientSessionId)
            }
            return result
        }
    }

    /// `threeDS.challenge`: the customer's answer to a challenge, and the final outcome.
    enum Challenge: CheckoutMethod {
        static let name = "threeDS.challenge"
        typealias Result = ThreeDSResult

        struct Params: Decodable, Sendable, ParamsChecking {
            let challengeId: String
            let code: String?
            let cancel: Bool?

            func check(_ checks: inout ParamChecks) {
                checks.require(code != nil || cancel != nil, at: "/code", reading: ["/cancel"],
                               "is required unless cancel is true: send exactly one of code and cancel")
                checks.require(code == nil || cancel == nil, at: "/cancel", reading: ["/code"],
                               "must not be given together with code: send exactly one of them")
                checks.require(cancel != false || code != nil, at: "/cancel", reading: ["/code"],
                               "must be true when given; send code to answer the challenge")
                checks.refuseCardNumber(in: challengeId, at: "/challengeId")
            }

            var response: ThreeDSChallengeResponse { code.map { .code($0) } ?? .cancel }
        }

        /// A success is remembered in the challenge's session for later payments with
        /// the card; a challenge a payment started decides that payment.
        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> ThreeDSResult {
            let (result, binding) = try service.challenges.complete(id: params.challengeId, with: params.response)
            guard let binding else { return result }
            if result.status == .authenticationSucceeded {
                try service.sessions.remember(CardAuthentication(cardFingerprint: binding.cardFingerprint, result: result),
                                              in: binding.clientSessionId)
            }
            if let paymentId = binding.paymentId { try service.decidePayment(paymentId, after: result) }
            return result
        }
    }
}
