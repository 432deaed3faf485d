import CheckoutCore
import JSONRPC

/// The `payments.*` namespace: the platform's server side (API.md 9.7, Server API
/// "create payment"), so a checkout can be closed offline — from the encrypted
/// customer input, a token, a card access session or a wallet's payment data.
enum PaymentMethods {
    static let routes: [any CheckoutMethod.Type] = [Create.self, Get.self, Complete.self]

    /// `payments.create`: decide a payment in the session, or start the challenge or
    /// redirect it waits for.
    enum Create: CheckoutMethod {
        static let name = "payments.create"
        /// Decrypting is RSA work and the store may be remote: worth a worker.
        static let placement = Placement.worker

        struct Params: Decodable, Sendable, ParamsChecking {
            let clientSessionId: ClientIdentifier
            let encryptedCustomerInput: String?
            let token: ClientIdentifier?
            let cvcSession: ClientIdentifier?
            let cardSession: ClientIdentifier?
            let mobilePaymentData: String?
            let paymentProductId: Int?
            let amountOfMoney: AmountOfMoney?
            let idempotencyKey: ClientIdentifier?

            static let maximumInputLength = 65_536

            func check(_ checks: inout ParamChecks) {
                let sources = [encryptedCustomerInput != nil, token != nil, cardSession != nil, mobilePaymentData != nil]
                checks.require(sources.contains(true), at: "/encryptedCustomerInput",
                               reading: ["/token", "/cardSession", "/mobilePaymentData"],
                               "is required unless token, cardSession or mobilePaymentData is given")
                checks.require(sources.filter { $0 }.count <= 1, at: "/encryptedCustomerInput",
                               reading: ["/token", "/cardSession", "/mobilePaymentData"],
                               "send exactly one of encryptedCustomerInput, token, cardSession and mobilePaymentData")
                checks.require(cvcSession == nil || token != nil, at: "/cvcSession", reading: ["/token"],
                               "is only used with token")
                checks.require((paymentProductId != nil) == (mobilePaymentData != nil), at: "/paymentProductId",
                               reading: ["/mobilePaymentData"], "is given exactly with mobilePaymentData")
                if let paymentProductId {
                    checks.require(MobilePayment.productIds.contains(paymentProductId), at: "/paymentProductId",
                                   "must be a mobile product: 302 (Apple Pay) or 320 (Google Pay)")
                }
                for (path, value) in [("/encryptedCustomerInput", encryptedCustomerInput), ("/mobilePaymentData", mobilePaymentData)] {
                    guard let value else { continue }
                    checks.require((1...Self.maximumInputLength).contains(value.utf8.count), at: path,
                                   "must be 1 to \(Self.maximumInputLength) bytes")
                }
                checks.refuseCardNumber(in: mobilePaymentData, at: "/mobilePaymentData")
                if let amountOfMoney {
                    checks.require((0...AmountOfMoney.maximumAmount).contains(amountOfMoney.amount), at: "/amountOfMoney/amount",
                                   "must be from 0 to \(AmountOfMoney.maximumAmount)")
                    checks.requireCurrencyCode(amountOfMoney.currencyCode, at: "/amountOfMoney/currencyCode")
                }
            }
        }

        typealias Result = Payment

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Payment {
            let session = try service.sessions.session(id: params.clientSessionId.value)
            if let key = params.idempotencyKey?.value,
               let first = try service.paymentStore({ try $0.record(clientSessionId: session.clientSessionId, idempotencyKey: key) }) {
                return first.payment
            }
            let amount = try service.paymentAmount(params.amountOfMoney, in: session)
            var draft = PaymentDraft(session: session, amount: amount, idempotencyKey: params.idempotencyKey?.value)
            if let input = params.encryptedCustomerInput {
                try service.prepare(&draft, encryptedCustomerInput: input)
            } else if let token = params.token {
                try service.prepare(&draft, token: token.value, cvcSession: params.cvcSession?.value)
            } else if let cardSession = params.cardSession {
                draft.card = try service.cardSession(cardSession.value, in: session, path: "/cardSession")
                draft.accessSessions.append(AccessSessionUse(id: cardSession.value, kind: .card, path: "/cardSession"))
                draft.productId = draft.card?.paymentProductId ?? 0
                _ = try service.offeredProduct(id: draft.productId, for: session)
            } else {
                let product = try service.offeredProduct(id: params.paymentProductId ?? 0, for: session)
                draft.productId = product.id
            }
            return try service.create(draft)
        }
    }

    /// `payments.get`: a payment as it stands now.
    enum Get: CheckoutMethod {
        static let name = "payments.get"
        static let access = StateAccess.reads
        typealias Result = Payment

        struct Params: Decodable, Sendable {
            let paymentId: ClientIdentifier
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Payment {
            try service.paymentRecord(params.paymentId.value).payment
        }
    }

    /// `payments.complete`: the customer's return from the redirect provider.
    enum Complete: CheckoutMethod {
        static let name = "payments.complete"
        typealias Result = Payment

        struct Params: Decodable, Sendable {
            let paymentId: ClientIdentifier
            let outcome: RedirectOutcome
        }

        /// Only a `REDIRECTED` payment can be completed, once (`PAYMENT_NOT_COMPLETABLE`);
        /// an approved PayPal payment gets its `payPalInvoiceId`.
        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Payment {
            var record = try service.paymentRecord(params.paymentId.value)
            guard record.payment.status == .redirected else {
                throw CheckoutError.paymentNotCompletable(paymentId: record.payment.id, status: record.payment.status)
            }
            (record.payment.status, record.payment.statusOutput) = PaymentDecision.outcome(of: params.outcome, locale: record.locale)
            record.payment.merchantAction = nil
            if record.payment.status == .captured && record.payment.paymentProductId == MobilePayment.payPal {
                record.payment.payPalInvoiceId = PaymentIdentifiers.payPalInvoiceId()
            }
            guard try service.paymentStore({ try $0.replace(record, ifStatus: .redirected) }) else {
                let now = try service.paymentRecord(params.paymentId.value)
                throw CheckoutError.paymentNotCompletable(paymentId: now.payment.id, status: now.payment.status)
            }
            try service.endSessionIfCaptured(record)
            return record.payment
        }
    }
}

/// Product ids the payment methods treat specially.
enum MobilePayment {
    static let applePay = 302
    static let googlePay = 320
    static let payPal = 840
    static let productIds: Set<Int> = [applePay, googlePay]
}

/// What a payment is being made with, gathered before it is decided.
struct PaymentDraft {
    let session: Session
    let amount: AmountOfMoney
    let idempotencyKey: String?
    var productId = 0
    var card: PaymentCard?
    /// The token paid with (`token`, an account on file).
    var token: String?
    /// The shopper's addresses kept with that token (API.md 9.6), which the payment carries.
    var billingDetails: Address?
    var shippingDetails: Address?
    var tokenize = false
    /// The encrypted input's nonce, claimed with the payment.
    var nonce: PaymentNonce?
    /// The access sessions the payment uses up, taken just before it is kept.
    var accessSessions: [AccessSessionUse] = []

    /// Pays with the customer's token `stored`: its card, and the addresses kept with it.
    mutating func payWith(_ stored: StoredToken) {
        card = PaymentCard(stored)
        token = stored.id
        billingDetails = stored.billingDetails
        shippingDetails = stored.shippingDetails
    }
}

/// An access session a call uses up, and the params member that named it.
struct AccessSessionUse {
    let id: String
    let kind: AccessSession.Kind
    let path: String
}

enum PaymentIdentifiers {
    static func paymentId() -> String { ClientIdentifier.mint(prefix: "pay_").value }

    /// PayPal-like: 17 upper-case letters and digits, never a card number.
    static func payPalInvoiceId() -> String {
        while true {
            let id = String(ClientIdentifier.mint(prefix: "").value.uppercased().prefix(17))
            if !EmbeddedCardNumber.isPresent(in: id) { return id }
        }
    }
}
