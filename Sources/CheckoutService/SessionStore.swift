import CheckoutCore
import Synchronization

/// The service's sessions, shared by every request: a `SessionTable` behind a lock,
/// with lookups that fail as the API's domain errors.
final class SessionStore: Sendable {
    private let table: Mutex<SessionTable>
    private let clock: any Clock

    init(timeToLive: Int64, capacity: Int, clock: any Clock) {
        table = Mutex(SessionTable(timeToLive: timeToLive, capacity: capacity))
        self.clock = clock
    }

    var timeToLive: Int64 { table.withLock { $0.timeToLive } }

    func insert(_ session: Session) {
        let now = clock.now()
        table.withLock { _ = $0.insert(session, now: now) }
    }

    /// The live session with `id`; `SESSION_NOT_FOUND` or `SESSION_EXPIRED` otherwise.
    func session(id: String) throws(CheckoutError) -> Session {
        let now = clock.now()
        return try Self.unwrap(table.withLock { $0.session(id: id, now: now) }, id: id)
    }

    /// Changes the live session with `id` and returns it as changed.
    func update(id: String, _ change: (inout Session) -> Void) throws(CheckoutError) -> Session {
        let now = clock.now()
        return try Self.unwrap(table.withLock { $0.update(id: id, now: now, change) }, id: id)
    }

    func close(id: String) throws(CheckoutError) {
        let now = clock.now()
        _ = try Self.unwrap(table.withLock { $0.close(id: id, now: now) }, id: id)
    }

    private static func unwrap(_ result: Result<Session, SessionTable.LookupError>, id: String) throws(CheckoutError) -> Session {
        switch result {
        case .success(let session): return session
        case .failure(.notFound): throw .sessionNotFound(clientSessionId: id)
        case .failure(.expired(let at)): throw .sessionExpired(clientSessionId: id, at: at)
        }
    }
}
