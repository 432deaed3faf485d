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

    /// The live session with `id`; `SESSION_NOT_FOUND` or `SESSION_EXPIRED` otherwise.
    func session(id: String) throws(CheckoutError) -> Session {
        try Self.unwrap(Self.reachable { () throws(StoreUnavailable) in try store.session(id: id, now: clock.now()) }, id: id)
    }

    /// Changes the live session with `id` and returns it as changed.
    func update(id: String, _ change: (inout Session) -> Void) throws(CheckoutError) -> Session {
        try Self.unwrap(Self.reachable { () throws(StoreUnavailable) in try store.update(id: id, now: clock.now(), change) }, id: id)
    }

    func close(id: String) throws(CheckoutError) {
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
