import CheckoutCore
import JSONRPC

/// The `accessSessions.*` namespace: Access Checkout card and CVC sessions (API.md 9.5),
/// a validated card or CVC exchanged for a short-lived, single-use id.
enum AccessSessionMethods {
    static let routes: [any CheckoutMethod.Type] = [Create.self]

    /// `accessSessions.create`: judge the card and the CVC as `card.validate` does with
    /// the session's accepted brands, and keep what a token or payment needs of them.
    enum Create: CheckoutMethod {
        static let name = "accessSessions.create"

        struct Params: Decodable, Sendable, ParamsChecking {
            let clientSessionId: ClientIdentifier
            let card: AccessSessionValidation.Card?
            let cvc: String?

            static let maximumMemberLength = 64

            func check(_ checks: inout ParamChecks) {
                checks.require(card != nil || cvc != nil, at: "/card", reading: ["/cvc"],
                               "is required unless cvc is given: send card, cvc or both")
                let members = [("/card/cardNumber", card?.cardNumber), ("/card/expiryDate", card?.expiryDate),
                               ("/card/cvc", card?.cvc), ("/cvc", cvc)]
                for case let (path, value?) in members {
                    checks.require(value.unicodeScalars.count <= Self.maximumMemberLength, at: path,
                                   "must be at most \(Self.maximumMemberLength) characters")
                }
            }
        }

        struct Result: Encodable, Sendable {
            let card: CardSession?
            let cvc: CVCSession?
        }

        struct CardSession: Encodable, Sendable {
            let session: String
            let expiresAt: Timestamp
            let brand: String
            let bin: String
            let last4Digits: String
            let expiryDate: String
        }

        struct CVCSession: Encodable, Sendable {
            let session: String
            let expiresAt: Timestamp
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            let session = try service.sessions.session(id: params.clientSessionId.value)
            let configuration = service.configuration
            let errors = AccessSessionValidation.errors(
                card: params.card, cvc: params.cvc, acceptedBrands: session.acceptedCardBrands,
                currentMonth: configuration.clock.currentMonth(), brands: configuration.brands,
                locale: session.context.locale)
            guard errors.isEmpty else { throw CheckoutError.validationFailed(errors) }
            let now = configuration.clock.now()
            let expiresAt = now.adding(seconds: AccessSession.timeToLive)
            let store = configuration.store.accessSessions
            var cardSession: CardSession?
            if let typed = params.card {
                let card = try service.paymentCard(
                    cardNumber: typed.cardNumber, expiryDate: typed.expiryDate, cardholderName: nil, in: session,
                    fieldId: "card.cardNumber")
                let kept = AccessSession(id: ClientIdentifier.mint(prefix: "acs_card_").value, kind: .card,
                                         clientSessionId: session.clientSessionId, expiresAt: expiresAt, card: card)
                try Sessions.reachable { () throws(StoreUnavailable) in try store.keep(kept, now: now) }
                cardSession = CardSession(session: kept.id, expiresAt: expiresAt, brand: card.brand, bin: card.bin,
                                          last4Digits: card.last4Digits, expiryDate: card.expiryDate)
            }
            var cvcSession: CVCSession?
            if let cvc = params.cvc {
                let kept = AccessSession(id: ClientIdentifier.mint(prefix: "acs_cvc_").value, kind: .cvc,
                                         clientSessionId: session.clientSessionId, expiresAt: expiresAt,
                                         cvcLength: cvc.count)
                try Sessions.reachable { () throws(StoreUnavailable) in try store.keep(kept, now: now) }
                cvcSession = CVCSession(session: kept.id, expiresAt: expiresAt)
            }
            service.logger.info("access session created", metadata: [
                "card": "\(cardSession.map { "\($0.bin)…\($0.last4Digits)" } ?? "-")", "cvc": "\(cvcSession != nil)"])
            return Result(card: cardSession, cvc: cvcSession)
        }
    }
}

extension CheckoutService {
    /// The card a valid typed number and expiry make in `session`: its product (the
    /// IIN details' `SUPPORTED` product, else its brand's), bin, last 4, masked alias
    /// and keyed fingerprint; never the number. A number no product of the session
    /// takes is `VALIDATION_FAILED` (`allowedInContext`) at `fieldId`.
    func paymentCard(cardNumber: String, expiryDate: String, cardholderName: String?, in session: Session,
                     fieldId: String) throws -> PaymentCard {
        let configuration = configuration
        let details = configuration.iinTable.details(
            forCardNumber: cardNumber, brands: configuration.brands, isAllowed: { isOffered(productId: $0, in: session) })
        guard let details, details.status == .supported, let productId = details.paymentProductId,
              let brand = configuration.brands.brand(paymentProductId: productId)
                ?? configuration.brands.brand(ofCardNumber: cardNumber)
        else {
            throw CheckoutError.validationFailed([
                ValidationError(fieldId: fieldId, errorMessageId: .allowedInContext, locale: session.context.locale)])
        }
        let token = CardTokenization.token(
            for: CardTokenization.Card(cardNumber: cardNumber, expiryDate: expiryDate, cardholderName: cardholderName),
            id: "", customerId: session.customerId, paymentProductId: productId, details: details,
            binLength: configuration.iinTable.binLength(forCardNumber: cardNumber), brand: brand,
            fingerprintKey: fingerprintKey, now: configuration.clock.now())
        return PaymentCard(token)
    }
}
