/// How an authentication goes: straight to an outcome, or through a challenge the
/// customer answers with `threeDS.challenge`.
public enum ThreeDSFlow: Sendable, Hashable {
    case frictionless(ThreeDSOutcome)
    case challenge(ThreeDSChallengeOutcomes)
}

/// What a challenge ends in, for each way the customer can answer it. Canceling
/// always ends in `AUTHENTICATION_CANCELED` without a `transStatus`.
public struct ThreeDSChallengeOutcomes: Sendable, Hashable, Codable {
    /// After the one-time code `1234`.
    public var afterCorrectCode: ThreeDSOutcome
    /// After any other code.
    public var afterOtherCode: ThreeDSOutcome

    /// The one-time code that passes, as on the Cardinal sandbox challenge screen.
    public static let correctCode = "1234"

    public init(afterCorrectCode: ThreeDSOutcome, afterOtherCode: ThreeDSOutcome) {
        self.afterCorrectCode = afterCorrectCode
        self.afterOtherCode = afterOtherCode
    }

    /// The default rules' challenge: `1234` authenticates (Y), anything else fails (N).
    public static let standard = ThreeDSChallengeOutcomes(afterCorrectCode: .succeeded, afterOtherCode: .failed)

    /// The outcome of answering with `response`. Codes are compared exactly (`" 1234"` is another code).
    public func outcome(after response: ThreeDSChallengeResponse) -> ThreeDSOutcome {
        switch response {
        case .code(let code): return code == Self.correctCode ? afterCorrectCode : afterOtherCode
        case .cancel: return .canceled
        }
    }
}

/// How the customer answered a challenge.
public enum ThreeDSChallengeResponse: Sendable, Hashable {
    /// The one-time code the customer typed.
    case code(String)
    /// The customer closed the challenge.
    case cancel
}
