/// A payment on the simulated platform (API.md 9.7, Server API "create payment"),
/// everything a BlueSnap `purchaseFunc` result holds in one object:
/// `{id, status, statusOutput, amountOfMoney, taxAmount, paymentProductId, card?, threeDS?, token?, billingDetails?, shippingDetails?, payPalInvoiceId?, fraudSessionId, merchantAction?, createdAt}`.
public struct Payment: Sendable, Hashable, Codable {
    public var id: String
    public var status: PaymentStatus
    public var statusOutput: PaymentStatusOutput
    public var amountOfMoney: AmountOfMoney
    /// Tax included in the amount, in its minor units.
    public var taxAmount: Int64
    public var paymentProductId: Int
    public var card: PaymentCardSummary?
    /// The 3-D Secure authentication the payment relied on or ran.
    public var threeDS: ThreeDSResult?
    /// The token the payment was made with, or the one it created (`tokenize`).
    public var token: String?
    public var billingDetails: Address?
    public var shippingDetails: Address?
    /// PayPal's invoice id, once the customer approved the payment at PayPal.
    public var payPalInvoiceId: String?
    public var fraudSessionId: String
    /// What the merchant must do next: present a challenge or redirect the customer.
    public var merchantAction: MerchantAction?
    public var createdAt: Timestamp

    public init(
        id: String, status: PaymentStatus, statusOutput: PaymentStatusOutput, amountOfMoney: AmountOfMoney,
        taxAmount: Int64, paymentProductId: Int, card: PaymentCardSummary? = nil, threeDS: ThreeDSResult? = nil,
        token: String? = nil, billingDetails: Address? = nil, shippingDetails: Address? = nil,
        payPalInvoiceId: String? = nil, fraudSessionId: String, merchantAction: MerchantAction? = nil,
        createdAt: Timestamp
    ) {
        self.id = id
        self.status = status
        self.statusOutput = statusOutput
        self.amountOfMoney = amountOfMoney
        self.taxAmount = taxAmount
        self.paymentProductId = paymentProductId
        self.card = card
        self.threeDS = threeDS
        self.token = token
        self.billingDetails = billingDetails
        self.shippingDetails = shippingDetails
        self.payPalInvoiceId = payPalInvoiceId
        self.fraudSessionId = fraudSessionId
        self.merchantAction = merchantAction
        self.createdAt = createdAt
    }
}

public enum PaymentStatus: String, Sendable, Hashable, CaseIterable, Codable {
    /// Authorised and captured: the money is taken.
    case captured = "CAPTURED"
    /// Declined by the issuer, by 3-D Secure or by the redirect provider.
    case rejected = "REJECTED"
    /// Waiting for the customer's return from the redirect provider (`payments.complete`).
    case redirected = "REDIRECTED"
    /// Waiting for the customer's answer to a 3-D Secure challenge (`threeDS.challenge`).
    case pendingChallenge = "PENDING_CHALLENGE"
    /// The customer gave up: a cancelled challenge or redirect.
    case cancelled = "CANCELLED"
}

/// `{isAuthorized, errors: [{code, message}]}`: authorised exactly when captured;
/// the errors say why not.
public struct PaymentStatusOutput: Sendable, Hashable, Codable {
    public var isAuthorized: Bool
    public var errors: [PaymentError]

    public init(isAuthorized: Bool, errors: [PaymentError] = []) {
        self.isAuthorized = isAuthorized
        self.errors = errors
    }
}

/// Why a payment was not captured: a code of the test-card table, a 3-D Secure
/// status, or a redirect outcome, and its text in the session's locale.
public struct PaymentError: Sendable, Hashable, Codable {
    public var code: String
    public var message: String

    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public init(code: String, locale: String) {
        self.init(code: code, message: PaymentMessages.message(for: code, locale: locale))
    }
}

/// The card of a payment as it is shown: never more than the bin and the last 4.
public struct PaymentCardSummary: Sendable, Hashable, Codable {
    public var brand: String
    public var bin: String
    public var last4Digits: String
    public var expiryDate: String

    public init(_ card: PaymentCard) {
        brand = card.brand
        bin = card.bin
        last4Digits = card.last4Digits
        expiryDate = card.expiryDate
    }
}

/// `{actionType: "CHALLENGE", challengeId, expiresAt}` or `{actionType: "REDIRECT", redirectUrl}`.
public struct MerchantAction: Sendable, Hashable, Codable {
    public enum ActionType: String, Sendable, Hashable, Codable {
        case challenge = "CHALLENGE", redirect = "REDIRECT"
    }

    public var actionType: ActionType
    public var challengeId: String?
    public var expiresAt: Timestamp?
    public var redirectUrl: String?

    public static func challenge(_ challenge: ThreeDSChallenge) -> MerchantAction {
        MerchantAction(actionType: .challenge, challengeId: challenge.challengeId, expiresAt: challenge.expiresAt)
    }

    public static func redirect(to url: String) -> MerchantAction {
        MerchantAction(actionType: .redirect, redirectUrl: url)
    }

    private init(actionType: ActionType, challengeId: String? = nil, expiresAt: Timestamp? = nil, redirectUrl: String? = nil) {
        self.actionType = actionType
        self.challengeId = challengeId
        self.expiresAt = expiresAt
        self.redirectUrl = redirectUrl
    }
}
