/// A successful 3-D Secure authentication of one card in a session: the card's
/// keyed fingerprint and the final result. A payment with the same card later in
/// the session relies on it instead of authenticating again (API.md 9.7).
public struct CardAuthentication: Sendable, Hashable, Codable {
    public var cardFingerprint: String
    public var result: ThreeDSResult

    public init(cardFingerprint: String, result: ThreeDSResult) {
        self.cardFingerprint = cardFingerprint
        self.result = result
    }

    /// How many authentications a session remembers; the oldest are forgotten first.
    public static let maximumPerSession = 20
}

/// What a challenge started for a session, and possibly for a payment, is bound
/// to: where its success is remembered, and which payment it decides.
public struct ChallengeBinding: Sendable, Hashable, Codable {
    public var clientSessionId: String
    public var cardFingerprint: String
    /// The payment waiting for this challenge (`PENDING_CHALLENGE`), if any.
    public var paymentId: String?

    public init(clientSessionId: String, cardFingerprint: String, paymentId: String? = nil) {
        self.clientSessionId = clientSessionId
        self.cardFingerprint = cardFingerprint
        self.paymentId = paymentId
    }
}
