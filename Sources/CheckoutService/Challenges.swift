import CheckoutCore

/// The service's pending 3-D Secure challenges: the platform store's, on the
/// service clock and the system's secure generator.
struct Challenges: Sendable {
    let store: any ChallengeStore
    let clock: any Clock

    /// The result `decision` starts with, keeping its challenge (bound to `binding`) when it has one.
    func start(_ decision: ThreeDSDecision, binding: ChallengeBinding? = nil) throws(CheckoutError) -> ThreeDSResult {
        var generator = SystemRandomNumberGenerator()
        return try Sessions.reachable { () throws(StoreUnavailable) in
            try store.start(decision, now: clock.now(), binding: binding, using: &generator)
        }
    }

    /// The final result of the challenge `id` and what it was bound to;
    /// `CHALLENGE_NOT_FOUND` when it is not pending.
    func complete(id: String, with response: ThreeDSChallengeResponse)
        throws(CheckoutError) -> (result: ThreeDSResult, binding: ChallengeBinding?) {
        var generator = SystemRandomNumberGenerator()
        guard let finished = try Sessions.reachable({ () throws(StoreUnavailable) in
            try store.finish(id: id, with: response, now: clock.now(), using: &generator)
        }) else {
            throw .challengeNotFound(challengeId: id)
        }
        return finished
    }
}
