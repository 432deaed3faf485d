/// The simulated issuer's challenges that wait for the customer's answer, bounded in
/// time and in number, and the one place an authentication starts and ends.
///
/// A challenge can be answered until `timeToLive` seconds (10 minutes) after it was
/// opened, once: answering, expiry and eviction all forget it, and a forgotten challenge
/// is simply not found. Beyond `capacity` pending challenges the oldest go first.
public struct ChallengeTable: Sendable {
    public static let defaultTimeToLive: Int64 = 600
    public static let defaultCapacity = 10_000

    public let timeToLive: Int64
    public let capacity: Int
    private var entries: [String: Pending] = [:]
    /// Ids in the order they were opened, which is also the order they expire (the life
    /// is the same for all). An id no longer in `entries` was answered and is skipped.
    private var order = FIFOQueue<String>()

    /// What a challenge needs to produce its final result.
    private struct Pending: Sendable {
        let outcomes: ThreeDSChallengeOutcomes
        let brandCode: String?
        let threeDSVersion: String
        let dsTransId: String
        let expiresAt: Timestamp
    }

    public init(timeToLive: Int64 = defaultTimeToLive, capacity: Int = defaultCapacity) {
        precondition(timeToLive > 0 && capacity > 0)
        self.timeToLive = timeToLive
        self.capacity = capacity
    }

    /// How many challenges are pending (expired ones may be counted until the next call).
    public var count: Int { entries.count }

    /// Starts the authentication `decision` describes: a frictionless flow's final result,
    /// or `CHALLENGE_REQUIRED` with a new challenge kept here, evicting the oldest beyond
    /// `capacity`. Transaction and challenge ids and authentication values come from `generator`.
    public mutating func start(
        _ decision: ThreeDSDecision, now: Timestamp, using generator: inout some RandomNumberGenerator
    ) -> ThreeDSResult {
        let dsTransId = RandomUUID.make(using: &generator)
        switch decision.flow {
        case .frictionless(let outcome):
            return ThreeDSResult(outcome: outcome, brandCode: decision.brandCode, threeDSVersion: decision.threeDSVersion,
                                 dsTransId: dsTransId, using: &generator)
        case .challenge(let outcomes):
            sweep(now: now)
            var challengeId = RandomUUID.make(using: &generator)
            while entries[challengeId] != nil { challengeId = RandomUUID.make(using: &generator) }
            let challenge = ThreeDSChallenge(challengeId: challengeId, expiresAt: now.adding(seconds: timeToLive))
            entries[challengeId] = Pending(outcomes: outcomes, brandCode: decision.brandCode,
                                           threeDSVersion: decision.threeDSVersion, dsTransId: dsTransId,
                                           expiresAt: challenge.expiresAt)
            order.append(challengeId)
            while entries.count > capacity, let oldest = popOldest() { entries[oldest] = nil }
            compactOrderIfMostlyAnswered()
            return ThreeDSResult(challenge: challenge, threeDSVersion: decision.threeDSVersion, dsTransId: dsTransId)
        }
    }

    /// The final result of answering the challenge `id` with `response`, which uses the
    /// challenge up; nil when no such challenge is pending (never opened, already answered,
    /// expired or evicted). The result keeps the challenge's `dsTransId`.
    public mutating func complete(
        id: String, with response: ThreeDSChallengeResponse, now: Timestamp,
        using generator: inout some RandomNumberGenerator
    ) -> ThreeDSResult? {
        sweep(now: now)
        guard let pending = entries.removeValue(forKey: id), now < pending.expiresAt else { return nil }
        return ThreeDSResult(outcome: pending.outcomes.outcome(after: response), brandCode: pending.brandCode,
                             threeDSVersion: pending.threeDSVersion, dsTransId: pending.dsTransId, using: &generator)
    }

    /// Forgets challenges whose life is over, from the oldest.
    private mutating func sweep(now: Timestamp) {
        while let front = order.first {
            if let pending = entries[front], pending.expiresAt > now { return }
            order.removeFirst()
            entries[front] = nil
        }
    }

    /// The oldest pending id, removed from the queue (answered ids before it are dropped).
    private mutating func popOldest() -> String? {
        while let front = order.first {
            order.removeFirst()
            if entries[front] != nil { return front }
        }
        return nil
    }

    /// Rebuilds the queue without answered ids once they outnumber the pending ones by far,
    /// so many quickly answered challenges cannot grow it beyond a few times `capacity`.
    private mutating func compactOrderIfMostlyAnswered() {
        guard order.count > 2 * capacity else { return }
        var compacted = FIFOQueue<String>()
        while let front = order.first {
            order.removeFirst()
            if entries[front] != nil { compacted.append(front) }
        }
        order = compacted
    }
}
