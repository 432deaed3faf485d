import Synchronization

/// Where the platform keeps its checkout sessions. A session lives from its
/// creation to its `expiresAt`; after that a lookup answers `expired` for one
/// more time-to-live, then `notFound`. Re-initialising an id replaces the
/// session; closing it makes it not found at once, exactly once across every
/// process that shares the store.
public protocol SessionStore: Sendable {
    /// How long a session lives, in seconds.
    var timeToLive: Int64 { get }

    /// Keeps `session`, replacing one with the same id.
    func insert(_ session: Session, now: Timestamp) throws(StoreUnavailable)

    /// The live session with `id`.
    func session(id: String, now: Timestamp) throws(StoreUnavailable) -> Result<Session, SessionTable.LookupError>

    /// Changes the live session with `id` (its id and life stay), atomically
    /// with respect to every other change, and returns it as changed.
    func update(id: String, now: Timestamp, _ change: (inout Session) -> Void)
        throws(StoreUnavailable) -> Result<Session, SessionTable.LookupError>

    /// Ends the live session with `id`; afterwards it is not found.
    func close(id: String, now: Timestamp) throws(StoreUnavailable) -> Result<Session, SessionTable.LookupError>
}

/// Sessions in this process's memory: a `SessionTable` behind a lock.
public final class InMemorySessionStore: SessionStore {
    private let table: Mutex<SessionTable>
    public let timeToLive: Int64

    public init(timeToLive: Int64 = 3600, capacity: Int = 100_000) {
        table = Mutex(SessionTable(timeToLive: timeToLive, capacity: capacity))
        self.timeToLive = timeToLive
    }

    public func insert(_ session: Session, now: Timestamp) {
        table.withLock { _ = $0.insert(session, now: now) }
    }

    public func session(id: String, now: Timestamp) -> Result<Session, SessionTable.LookupError> {
        table.withLock { $0.session(id: id, now: now) }
    }

    public func update(id: String, now: Timestamp, _ change: (inout Session) -> Void) -> Result<Session, SessionTable.LookupError> {
        table.withLock { $0.update(id: id, now: now, change) }
    }

    public func close(id: String, now: Timestamp) -> Result<Session, SessionTable.LookupError> {
        table.withLock { $0.close(id: id, now: now) }
    }
}
