import Synchronization

/// Where the platform keeps the challenges that wait for an answer. A challenge
/// is taken exactly once, across every process that shares the store: answering,
/// expiry and eviction all forget it.
public protocol ChallengeStore: Sendable {
    /// How long a challenge can be answered, in seconds.
    var timeToLive: Int64 { get }

    /// Keeps `pending` until it is taken or expires.
    func keep(_ pending: PendingChallenge, now: Timestamp) throws(StoreUnavailable)

    /// Removes and returns the pending challenge `id`; nil when there is none or it expired.
    func take(id: String, now: Timestamp) throws(StoreUnavailable) -> PendingChallenge?
}

extension ChallengeStore {
    /// Starts the authentication `decision` describes, keeping its challenge (bound
    /// to `binding`) when it has one.
    public func start(
        _ decision: ThreeDSDecision, now: Timestamp, binding: ChallengeBinding? = nil,
        using generator: inout some RandomNumberGenerator
    ) throws(StoreUnavailable) -> ThreeDSResult {
        let (result, pending) = PendingChallenge.start(decision, now: now, timeToLive: timeToLive, binding: binding,
                                                       using: &generator)
        if let pending { try keep(pending, now: now) }
        return result
    }

    /// The final result of answering the challenge `id` and what it was bound to;
    /// nil when it is not pending.
    public func finish(
        id: String, with response: ThreeDSChallengeResponse, now: Timestamp,
        using generator: inout some RandomNumberGenerator
    ) throws(StoreUnavailable) -> (result: ThreeDSResult, binding: ChallengeBinding?)? {
        try take(id: id, now: now).map { ($0.result(after: response, using: &generator), $0.binding) }
    }

    /// The final result of answering the challenge `id`; nil when it is not pending.
    public func complete(
        id: String, with response: ThreeDSChallengeResponse, now: Timestamp,
        using generator: inout some RandomNumberGenerator
    ) throws(StoreUnavailable) -> ThreeDSResult? {
        try take(id: id, now: now).map { $0.result(after: response, using: &generator) }
    }
}

/// Challenges in this process's memory: a `ChallengeTable` behind a lock.
public final class InMemoryChallengeStore: ChallengeStore {
    private let table: Mutex<ChallengeTable>
    public let timeToLive: Int64

    public init(timeToLive: Int64 = ChallengeTable.defaultTimeToLive, capacity: Int = ChallengeTable.defaultCapacity) {
        table = Mutex(ChallengeTable(timeToLive: timeToLive, capacity: capacity))
        self.timeToLive = timeToLive
    }

    public func keep(_ pending: PendingChallenge, now: Timestamp) {
        table.withLock { $0.keep(pending, now: now) }
    }

    public func take(id: String, now: Timestamp) -> PendingChallenge? {
        table.withLock { $0.take(id: id, now: now) }
    }
}
