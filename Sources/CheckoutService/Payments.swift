import CheckoutCore
import JSONRPC

/// How the service makes and decides payments (API.md 9.7): the sources a payment
/// is made from, the 3-D Secure rule, and the decision, on the platform store.
extension CheckoutService {
    /// `body`'s answer from the payment store; `STORE_UNAVAILABLE` when it cannot answer.
    func paymentStore<Value>(_ body: (any PaymentStore) throws -> Value) throws(CheckoutError) -> Value {
        do {
            return try body(configuration.store.payments)
        } catch let error as StoreUnavailable {
            throw .storeUnavailable(error)
        } catch {
            // The store's operations throw nothing else.
            throw .storeUnavailable(StoreUnavailable("the payment store failed (\(type(of: error)))"))
        }
    }

    /// The payment `id`; `PAYMENT_NOT_FOUND` when there is none.
    func paymentRecord(_ id: String) throws(CheckoutError) -> PaymentRecord {
        guard let record = try paymentStore({ try $0.record(id: id) }) else { throw .paymentNotFound(paymentId: id) }
        return record
    }

    /// The amount paid: the one given (its currency must be in the rates table), else the session's.
    func paymentAmount(_ given: AmountOfMoney?, in session: Session) throws(CheckoutError) -> AmountOfMoney {
        guard let given else { return session.context.amountOfMoney }
        guard configuration.rates.currency(code: given.currencyCode) != nil else {
            throw .unknownCurrency(currencyCode: given.currencyCode, path: "/amountOfMoney/currencyCode")
        }
        return given
    }

    /// The session's tax for a payment of `amount`: as it is in the session's currency,
    /// converted (half up) in another; never more than the amount.
    func paymentTax(_ amount: AmountOfMoney, in session: Session) -> Int64 {
        let tax = AmountOfMoney(amount: session.taxAmount, currencyCode: session.context.amountOfMoney.currencyCode)
        let converted = tax.currencyCode == amount.currencyCode ? tax.amount
            : ((try? configuration.rates.convert(tax, to: amount.currencyCode, rounding: .halfUp))?.amountOfMoney.amount ?? 0)
        return min(converted, amount.amount)
    }

    // MARK: Sources

    /// Opens `encryptedCustomerInput` with the platform key and prepares what it names.
    /// Anything that is not a JWE this key opens, for this session, is
    /// `DECRYPTION_FAILED` — whose detail never quotes the decrypted input; values that
    /// break the product's rules are `VALIDATION_FAILED`. The nonce is claimed with
    /// the payment, in one store operation (`create`): a nonce used before is
    /// `REPLAYED_REQUEST`, and only a kept payment uses one up.
    func prepare(_ draft: inout PaymentDraft, encryptedCustomerInput compact: String) throws {
        let session = draft.session
        let key = try platformKey.key()
        let plaintext: [UInt8]
        do {
            plaintext = try CompactJWE.decrypt(compact, with: key, readingHeader: Self.jweHeader)
        } catch .malformed(let reason) {
            throw CheckoutError.decryptionFailed(detail: reason)
        } catch {
            throw CheckoutError.decryptionFailed(detail: "the JWE does not open with this platform's key (wrong key, or altered)")
        }
        guard let parsed = try? JSONParser.parse(String(decoding: plaintext, as: UTF8.self)),
              case .success(let input) = ParamsDecoder.decode(CustomerInput.self, from: parsed)
        else {
            throw CheckoutError.decryptionFailed(detail: "the decrypted content is not a customer input")
        }
        guard input.clientSessionId == session.clientSessionId else {
            throw CheckoutError.decryptionFailed(detail: "the customer input was encrypted for another session")
        }
        let request = try paymentRequest(clientSessionId: ClientIdentifier(value: session.clientSessionId),
                                         paymentProductId: input.paymentProductId, accountOnFileId: input.accountOnFileId)
        var values: [String: String] = [:]
        for value in input.paymentValues { values[value.key] = value.value }
        let judgement = judgement(of: values, in: request)
        guard judgement.errors.isEmpty else { throw CheckoutError.validationFailed(judgement.errors) }
        draft.nonce = PaymentNonce(input.nonce, until: session.expiresAt.adding(seconds: sessions.timeToLive))
        draft.productId = request.product.id
        guard request.product.paymentMethod == .card else { return }
        let typed = Dictionary(judgement.paymentValues.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 })
        if let account = request.accountOnFile {
            draft.payWith(try storedToken(account.id, customerId: session.customerId))
            if let expiry = typed["expiryDate"], let date = ExpiryDate(expiry, currentMonth: configuration.clock.currentMonth()) {
                draft.card = draft.card?.withExpiryDate(date.mmyy)
            }
        } else {
            draft.card = try paymentCard(cardNumber: typed["cardNumber"] ?? "", expiryDate: typed["expiryDate"] ?? "",
                                         cardholderName: typed["cardholderName"], in: session, fieldId: "cardNumber")
            draft.tokenize = (input.tokenize || request.product.autoTokenized) && request.product.allowsTokenization
        }
    }

    /// Prepares a payment with the customer's token. A card token's account on file
    /// has its `cvv` MUST_WRITE, so a CVC session is required (`VALIDATION_FAILED`,
    /// fieldId `cvcSession`), and it must have the brand's CVC length.
    func prepare(_ draft: inout PaymentDraft, token: String, cvcSession: String?) throws {
        let session = draft.session
        let stored = try storedToken(token, customerId: session.customerId)
        let product = try offeredProduct(id: stored.paymentProductId, for: session)
        let account = accountOnFile(of: stored)
        let needsCVC = account.attributes.contains { $0.key == "cvv" && $0.status == .mustWrite }
        if needsCVC && cvcSession == nil {
            throw CheckoutError.validationFailed([
                ValidationError(fieldId: "cvcSession", errorMessageId: .required, locale: session.context.locale)])
        }
        if let cvcSession {
            let use = AccessSessionUse(id: cvcSession, kind: .cvc, path: "/cvcSession")
            let found = try accessSession(use, in: session)
            let expected = configuration.brands.brand(code: stored.brand)?.cvcLength
            if let expected, let length = found.cvcLength, length != expected {
                throw CheckoutError.validationFailed([
                    ValidationError(fieldId: "cvcSession", errorMessageId: .length, locale: session.context.locale)])
            }
            draft.accessSessions.append(use)
        }
        draft.productId = product.id
        draft.payWith(stored)
    }

    /// The card of the card access session `id` of `session`, which must still be one
    /// a product of the session takes (`VALIDATION_FAILED`, `allowedInContext` at the
    /// member `path` names); `ACCESS_SESSION_NOT_FOUND` when it is unknown, expired,
    /// used, or another session's. It is left in place: `use` takes it once the call
    /// has decided, so a call that fails before uses nothing up.
    func cardSession(_ id: String, in session: Session, path: String) throws -> PaymentCard {
        guard let card = try accessSession(AccessSessionUse(id: id, kind: .card, path: path), in: session).card else {
            throw CheckoutError.accessSessionNotFound(session: id, path: path)
        }
        guard isOffered(productId: card.paymentProductId, in: session) else {
            throw CheckoutError.validationFailed([
                ValidationError(fieldId: String(path.dropFirst()), errorMessageId: .allowedInContext,
                                locale: session.context.locale)])
        }
        return card
    }

    /// The live access session `use` names in `session`, left in place.
    func accessSession(_ use: AccessSessionUse, in session: Session) throws -> AccessSession {
        let store = configuration.store.accessSessions
        let now = configuration.clock.now()
        guard let found = try Sessions.reachable({ () throws(StoreUnavailable) in
            try store.session(id: use.id, kind: use.kind, clientSessionId: session.clientSessionId, now: now)
        }) else {
            throw CheckoutError.accessSessionNotFound(session: use.id, path: use.path)
        }
        return found
    }

    /// Takes each access session of `uses`: exactly one call across every process
    /// takes one, and the others get `ACCESS_SESSION_NOT_FOUND`.
    func use(_ uses: [AccessSessionUse], in session: Session) throws {
        let store = configuration.store.accessSessions
        let now = configuration.clock.now()
        for use in uses {
            guard try Sessions.reachable({ () throws(StoreUnavailable) in
                try store.take(id: use.id, kind: use.kind, clientSessionId: session.clientSessionId, now: now)
            }) != nil else {
                throw CheckoutError.accessSessionNotFound(session: use.id, path: use.path)
            }
        }
    }

    // MARK: Deciding

    /// Makes the payment `draft` describes and keeps it: a redirect product waits for
    /// the customer's return; a card runs the 3-D Secure rule (a challenge leaves it
    /// `PENDING_CHALLENGE`) and is then decided by the test-card table; anything else
    /// is captured. With an idempotency key already used in the session (by a
    /// request that raced this one), the first payment is returned; an encrypted
    /// input's nonce used before is `REPLAYED_REQUEST`, and nothing is kept.
    func create(_ draft: PaymentDraft) throws -> Payment {
        let session = draft.session
        let now = configuration.clock.now()
        let product = try offeredProduct(id: draft.productId, for: session)
        var payment = Payment(
            id: PaymentIdentifiers.paymentId(), status: .captured, statusOutput: PaymentStatusOutput(isAuthorized: true),
            amountOfMoney: draft.amount, taxAmount: paymentTax(draft.amount, in: session), paymentProductId: product.id,
            card: draft.card.map(PaymentCardSummary.init), token: draft.token, billingDetails: draft.billingDetails,
            shippingDetails: draft.shippingDetails, fraudSessionId: session.fraudSessionId,
            createdAt: now)
        var record = PaymentRecord(payment: payment, clientSessionId: session.clientSessionId, customerId: session.customerId,
                                   idempotencyKey: draft.idempotencyKey, card: draft.card, tokenize: draft.tokenize,
                                   locale: session.context.locale)
        if product.paymentMethod == .redirect {
            payment.status = .redirected
            payment.statusOutput = PaymentStatusOutput(isAuthorized: false)
            payment.merchantAction = .redirect(to: "https://checkoutd.invalid/redirect/\(product.id)/\(payment.id)")
        } else if let card = draft.card {
            let rates = configuration.rates
            let needed: Bool
            do {
                needed = try PaymentDecision.needsAuthentication(amount: draft.amount, preferences: session.threeDS, rates: rates)
            } catch .disabled {
                throw CheckoutError.threeDSDisabled(clientSessionId: session.clientSessionId)
            } catch {
                throw CheckoutError.unknownCurrency(currencyCode: ThreeDSAuthentication.frictionlessLimit.currencyCode, path: "")
            }
            var authentication: ThreeDSResult?
            if needed {
                if let earlier = session.authentication(ofCardWithFingerprint: card.fingerprint) {
                    authentication = earlier.result
                } else {
                    let decision: ThreeDSDecision
                    do {
                        decision = try ThreeDSAuthentication.decide(
                            card: card.threeDSCard(fingerprintKey: fingerprintKey), amount: draft.amount,
                            preferences: session.threeDS, rates: rates)
                    } catch {
                        throw CheckoutError.unknownCurrency(currencyCode: ThreeDSAuthentication.frictionlessLimit.currencyCode,
                                                            path: "")
                    }
                    let result = try challenges.start(decision, binding: ChallengeBinding(
                        clientSessionId: session.clientSessionId, cardFingerprint: card.fingerprint, paymentId: payment.id))
                    if result.status == .authenticationSucceeded {
                        try sessions.remember(CardAuthentication(cardFingerprint: card.fingerprint, result: result),
                                              in: session.clientSessionId)
                    }
                    authentication = result
                }
            }
            payment.threeDS = authentication
            if let challenge = authentication?.challenge {
                payment.status = .pendingChallenge
                payment.statusOutput = PaymentStatusOutput(isAuthorized: false)
                payment.merchantAction = .challenge(challenge)
            } else {
                record.payment = payment
                try decide(&record, authentication: authentication)
                payment = record.payment
            }
        }
        record.payment = payment
        try use(draft.accessSessions, in: session)
        switch try paymentStore({ try $0.insert(record, nonce: draft.nonce, now: now) }) {
        case .kept(let kept):
            try endSessionIfCaptured(kept)
            logger.info("payment created", metadata: ["payment": "\(kept.payment.id)", "status": "\(kept.payment.status.rawValue)"])
            return kept.payment
        case .existing(let first):
            return first.payment
        case .replayed:
            throw CheckoutError.replayedRequest
        }
    }

    /// Decides a card payment whose authentication is final, tokenizing its card
    /// when it is captured and asked to be.
    private func decide(_ record: inout PaymentRecord, authentication: ThreeDSResult?) throws {
        guard let card = record.card else { return }
        (record.payment.status, record.payment.statusOutput) = PaymentDecision.outcome(
            of: card.threeDSCard(fingerprintKey: fingerprintKey), authentication: authentication, locale: record.locale)
        if record.payment.status == .captured && record.tokenize {
            let stored = try vault { try $0.save(card.storedToken(id: ClientIdentifier.mint(prefix: "tok_").value,
                                                                   customerId: record.customerId,
                                                                   now: configuration.clock.now())) }
            record.payment.token = stored.id
        }
    }

    /// Decides the payment `id` that waited for a challenge, now answered with
    /// `result`. The challenge is taken once, so this runs once per payment.
    func decidePayment(_ id: String, after result: ThreeDSResult) throws {
        guard var record = try paymentStore({ try $0.record(id: id) }), record.payment.status == .pendingChallenge else { return }
        record.payment.threeDS = result
        record.payment.merchantAction = nil
        try decide(&record, authentication: result)
        if try paymentStore({ try $0.replace(record, ifStatus: .pendingChallenge) }) { try endSessionIfCaptured(record) }
    }

    /// Ends the payment's session when it was captured and the session has
    /// `endOnPayment` (a session gone by now is left alone).
    func endSessionIfCaptured(_ record: PaymentRecord) throws {
        guard record.payment.status == .captured,
              let session = try? sessions.anySession(id: record.clientSessionId), session.endOnPayment else { return }
        try sessions.complete(id: record.clientSessionId)
    }

    /// The members of a JWE protected header; nil when it is not a JSON object with string `alg` and `enc`.
    static func jweHeader(_ bytes: [UInt8]) -> JWEHeader? {
        guard let value = try? JSONParser.parse(String(decoding: bytes, as: UTF8.self)), case .object(let object) = value,
              let alg = object["alg"]?.stringValue, let enc = object["enc"]?.stringValue else { return nil }
        let kid = object["kid"]
        if let kid, kid.stringValue == nil { return nil }
        return JWEHeader(alg: alg, enc: enc, kid: kid?.stringValue, compressed: object["zip"] != nil,
                         critical: object["crit"] != nil)
    }
}
