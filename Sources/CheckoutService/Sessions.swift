import CheckoutCore

/// The service's sessions: the platform store's, on the service clock, with
/// lookups that fail as the API's domain errors.
struct Sessions: Sendable {
    let store: any SessionStore
    let clock: any Clock

    var timeToLive: Int64 { store.timeToLive }

    func insert(_ session: Session) throws(CheckoutError) {
        try Self.reachable { () throws(StoreUnavailable) in try store.insert(session, now: clock.now()) }
    }

    /// The live session with `id`; `SESSION_NOT_FOUND` or `SESSION_EXPIRED` otherwise,
    /// and `SESSION_COMPLETED` once it ended with its payment (`endOnPayment`).
    func session(id: String) throws(CheckoutError) -> Session {
        let session = try anySession(id: id)
        guard !session.completed else { throw .sessionCompleted(clientSessionId: id) }
        return session
    }

    /// The live session with `id`, completed or not: only `session.get` shows a completed one.
    func anySession(id: String) throws(CheckoutError) -> Session {
        try Self.unwrap(Self.reachable { () throws(StoreUnavailable) in try store.session(id: id, now: clock.now()) }, id: id)
    }

    /// Changes the live session with `id` and returns it as changed; a completed
    /// session is left as it is (`SESSION_COMPLETED`).
    func update(id: String, _ change: (inout Session) -> Void) throws(CheckoutError) -> Session {
        var completed = false
        let session = try Self.unwrap(Self.reachable { () throws(StoreUnavailable) in
            try store.update(id: id, now: clock.now()) { session in
                if session.completed {
                    completed = true
                } else {
                    change(&session)
                }
            }
        }, id: id)
        if completed { throw .sessionCompleted(clientSessionId: id) }
        return session
    }

    /// Marks the session `id` completed (its payment was captured and it has
    /// `endOnPayment`); a session that is gone by now is left alone.
    func complete(id: String) throws(CheckoutError) {
        _ = try Self.reachable { () throws(StoreUnavailable) in
            try store.update(id: id, now: clock.now()) { $0.completed = true }
        }
    }

    /// Remembers a successful 3-D Secure authentication of a card in the session,
    /// which a later payment with the same card relies on; a session that is gone
    /// by now is left alone.
    func remember(_ authentication: CardAuthentication, in id: String) throws(CheckoutError) {
        _ = try Self.reachable { () throws(StoreUnavailable) in
            try store.update(id: id, now: clock.now()) { $0.remember(authentication) }
        }
    }

    func close(id: String) throws(CheckoutError) {
        _ = try session(id: id)
        _ = try Self.unwrap(Self.reachable { () throws(StoreUnavailable) in try store.close(id: id, now: clock.now()) }, id: id)
    }

    /// `body`'s answer; a store that cannot answer is `STORE_UNAVAILABLE`.
    static func reachable<Value>(_ body: () throws(StoreUnavailable) -> Value) throws(CheckoutError) -> Value {
        do {
            return try body()
        } catch {
            throw .storeUnavailable(error)
        }
    }

    private static func unwrap(_ result: Result<Session, SessionTable.LookupError>, id: String) throws(CheckoutError) -> Session {
        switch result {
        case .success(let session): return session
        case .failure(.notFound): throw .sessionNotFound(clientSessionId: id)
        case .failure(.expired(let at)): throw .sessionExpired(clientSessionId: id, at: at)
        }
    }
}
