import CheckoutCore
import Synchronization

/// The service's pending 3-D Secure challenges, shared by every request: a
/// `ChallengeTable` behind a lock, on the service clock and the system's secure generator.
final class ChallengeStore: Sendable {
    private let table: Mutex<ChallengeTable>
    private let clock: any Clock

    init(timeToLive: Int64 = ChallengeTable.defaultTimeToLive, capacity: Int = ChallengeTable.defaultCapacity,
         clock: any Clock) {
        table = Mutex(ChallengeTable(timeToLive: timeToLive, capacity: capacity))
        self.clock = clock
    }

    /// The result `decision` starts with, keeping its challenge when it has one.
    func start(_ decision: ThreeDSDecision) -> ThreeDSResult {
        let now = clock.now()
        var generator = SystemRandomNumberGenerator()
        return table.withLock { $0.start(decision, now: now, using: &generator) }
    }

    /// The final result of the challenge `id`; `CHALLENGE_NOT_FOUND` when it is not pending.
    func complete(id: String, with response: ThreeDSChallengeResponse) throws(CheckoutError) -> ThreeDSResult {
        let now = clock.now()
        var generator = SystemRandomNumberGenerator()
        guard let result = table.withLock({ $0.complete(id: id, with: response, now: now, using: &generator) }) else {
            throw .challengeNotFound(challengeId: id)
        }
        return result
    }
}
