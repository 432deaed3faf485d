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
    private var entries: [String: PendingChallenge] = [:]
    /// Ids in the order they were opened, which is also the order they expire (the life
    /// is the same for all). An id no longer in `entries` was answered and is skipped.
    private var order = FIFOQueue<String>()

    public init(timeToLive: Int64 = defaultTimeToLive, capacity: Int = defaultCapacity) {
        precondition(timeToLive > 0 && capacity > 0)
        self.timeToLive = timeToLive
        self.capacity = capacity
    }

    /// How many challenges are pending (expired ones may be counted until the next call).
    public var count: Int { entries.count }

    /// Starts the authentication `decision` describes (`PendingChallenge.start`),
    /// keeping its challenge when it has one.
    public mutating func start(
        _ decision: ThreeDSDecision, now: Timestamp, using generator: inout some RandomNumberGenerator
    ) -> ThreeDSResult {
        let (result, pending) = PendingChallenge.start(decision, now: now, timeToLive: timeToLive, using: &generator)
        if let pending { keep(pending, now: now) }
        return result
    }

    /// The final result of answering the challenge `id` with `response`, which uses the
    /// challenge up; nil when no such challenge is pending (never opened, already answered,
    /// expired or evicted). The result keeps the challenge's `dsTransId`.
    public mutating func complete(
        id: String, with response: ThreeDSChallengeResponse, now: Timestamp,
        using generator: inout some RandomNumberGenerator
    ) -> ThreeDSResult? {
        take(id: id, now: now).map { $0.result(after: response, using: &generator) }
    }

    /// Keeps `pending`, evicting the oldest beyond `capacity`.
    public mutating func keep(_ pending: PendingChallenge, now: Timestamp) {
        sweep(now: now)
        entries[pending.challengeId] = pending
        order.append(pending.challengeId)
        while entries.count > capacity, let oldest = popOldest() { entries[oldest] = nil }
        compactOrderIfMostlyAnswered()
    }

    /// Removes and returns the pending challenge `id`; nil when there is none or it expired.
    public mutating func take(id: String, now: Timestamp) -> PendingChallenge? {
        sweep(now: now)
        guard let pending = entries.removeValue(forKey: id), now < pending.expiresAt else { return nil }
        return pending
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
