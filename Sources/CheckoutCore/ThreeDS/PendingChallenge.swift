/// A challenge waiting for the customer's answer: everything its final result
/// needs, as a store keeps it between `threeDS.authenticate` and `threeDS.challenge`.
public struct PendingChallenge: Sendable, Hashable, Codable {
    public let challengeId: String
    public let outcomes: ThreeDSChallengeOutcomes
    public let brandCode: String?
    public let threeDSVersion: String
    public let dsTransId: String
    public let expiresAt: Timestamp
    /// The session (and payment) the challenge was started for; absent in
    /// challenges kept before payments existed.
    public var binding: ChallengeBinding?

    /// Starts the authentication `decision` describes: a frictionless flow's final
    /// result, or `CHALLENGE_REQUIRED` with the challenge to keep, answerable for
    /// `timeToLive` seconds. Ids and authentication values come from `generator`.
    public static func start(
        _ decision: ThreeDSDecision, now: Timestamp, timeToLive: Int64, binding: ChallengeBinding? = nil,
        using generator: inout some RandomNumberGenerator
    ) -> (ThreeDSResult, PendingChallenge?) {
        let dsTransId = RandomUUID.make(using: &generator)
        switch decision.flow {
        case .frictionless(let outcome):
            return (ThreeDSResult(outcome: outcome, brandCode: decision.brandCode, threeDSVersion: decision.threeDSVersion,
                                  dsTransId: dsTransId, using: &generator), nil)
        case .challenge(let outcomes):
            let challenge = ThreeDSChallenge(challengeId: RandomUUID.make(using: &generator),
                                             expiresAt: now.adding(seconds: timeToLive))
            let pending = PendingChallenge(
                challengeId: challenge.challengeId, outcomes: outcomes, brandCode: decision.brandCode,
                threeDSVersion: decision.threeDSVersion, dsTransId: dsTransId, expiresAt: challenge.expiresAt,
                binding: binding)
            return (ThreeDSResult(challenge: challenge, threeDSVersion: decision.threeDSVersion, dsTransId: dsTransId),
                    pending)
        }
    }

    /// The final result of answering it with `response`; it keeps the challenge's `dsTransId`.
    public func result(after response: ThreeDSChallengeResponse, using generator: inout some RandomNumberGenerator) -> ThreeDSResult {
        ThreeDSResult(outcome: outcomes.outcome(after: response), brandCode: brandCode, threeDSVersion: threeDSVersion,
                      dsTransId: dsTransId, using: &generator)
    }
}
