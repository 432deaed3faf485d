/// The live sessions, bounded in time and in number.
///
/// A session lives `timeToLive` seconds from its creation. Once expired its data is
/// dropped and only a marker stays, so a lookup can answer "expired" rather than
/// "not found"; the marker itself is forgotten one further `timeToLive` later.
/// Sessions and markers together never exceed `capacity`: the oldest go first.
/// Re-initialising an id replaces the session and restarts its life.
public struct SessionTable: Sendable {
    public enum LookupError: Error, Sendable, Hashable {
        case notFound
        case expired(at: Timestamp)
    }

    public let timeToLive: Int64
    public let capacity: Int
    private var entries: [String: Entry] = [:]
    /// Live sessions in the order they were stored, and markers in the order they
    /// expired. Sessions expire in the order they were stored (the life is the same
    /// for all), so sweeping only looks at the fronts. A queued id whose entry has
    /// another generation or kind was replaced or removed and is skipped.
    private var liveOrder = FIFOQueue<QueuedId>()
    private var markerOrder = FIFOQueue<QueuedId>()
    private var nextGeneration: UInt64 = 0

    private struct QueuedId: Sendable {
        let id: String
        let generation: UInt64
        /// When the session queued under this id expires, so a sweep can stop at
        /// a front that is not due without looking its entry up.
        let expiresAt: Timestamp
    }

    private enum Entry: Sendable {
        case live(Session, generation: UInt64)
        case expired(at: Timestamp, generation: UInt64)
    }

    public init(timeToLive: Int64 = 3600, capacity: Int = 10_000) {
        precondition(timeToLive > 0 && capacity > 0)
        self.timeToLive = timeToLive
        self.capacity = capacity
    }

    /// How many sessions and expiry markers are held.
    public var count: Int { entries.count }

    /// How many ids the two expiry queues hold, stale ones included (for tests of
    /// the bound on memory).
    var queuedIdCount: Int { liveOrder.count + markerOrder.count }

    /// Stores `session`, replacing one with the same id, and evicts the oldest
    /// markers, then the oldest sessions, beyond `capacity`. Returns how many went.
    @discardableResult
    public mutating func insert(_ session: Session, now: Timestamp) -> Int {
        sweep(now: now)
        let generation = nextGeneration
        nextGeneration += 1
        entries[session.clientSessionId] = .live(session, generation: generation)
        liveOrder.append(QueuedId(id: session.clientSessionId, generation: generation, expiresAt: session.expiresAt))
        var evicted = 0
        while entries.count > capacity, let oldest = Self.popCurrent(&markerOrder, live: false, in: entries)
                ?? Self.popCurrent(&liveOrder, live: true, in: entries) {
            entries[oldest.id] = nil
            evicted += 1
        }
        compactQueuesIfMostlyStale()
        return evicted
    }

    /// The live session with `id`.
    public mutating func session(id: String, now: Timestamp) -> Result<Session, LookupError> {
        sweep(now: now)
        switch entries[id] {
        case .live(let session, _)?:
            return .success(session)
        case .expired(let at, _)?:
            return .failure(.expired(at: at))
        case nil:
            return .failure(.notFound)
        }
    }

    /// Changes the live session with `id` in place (its id and life stay).
    public mutating func update(id: String, now: Timestamp, _ change: (inout Session) -> Void) -> Result<Session, LookupError> {
        sweep(now: now)
        guard case .live(var session, let generation)? = entries[id] else { return self.session(id: id, now: now) }
        let (createdAt, expiresAt) = (session.createdAt, session.expiresAt)
        change(&session)
        session.clientSessionId = id
        session.createdAt = createdAt
        session.expiresAt = expiresAt
        entries[id] = .live(session, generation: generation)
        return .success(session)
    }

    /// Ends the live session with `id`; afterwards it is not found.
    public mutating func close(id: String, now: Timestamp) -> Result<Session, LookupError> {
        let found = session(id: id, now: now)
        if case .success = found {
            entries[id] = nil
            compactQueuesIfMostlyStale()
        }
        return found
    }

    /// Drops the queued ids of replaced and closed sessions once they outnumber
    /// the entries. Sweeping only drops stale ids from the fronts, so without this
    /// an old live session at the front would let a host that re-initialises or
    /// closes sessions grow the queues without bound. Amortised O(1): a compaction
    /// costs the queue's length and happens after at least as many stale ids.
    private mutating func compactQueuesIfMostlyStale() {
        let slack = 64
        if liveOrder.count > 2 * entries.count + slack {
            liveOrder = Self.current(liveOrder, live: true, in: entries)
        }
        if markerOrder.count > 2 * entries.count + slack {
            markerOrder = Self.current(markerOrder, live: false, in: entries)
        }
    }

    /// The ids of `queue` that still name an entry of their kind, in order.
    private static func current(_ queue: FIFOQueue<QueuedId>, live: Bool, in entries: [String: Entry]) -> FIFOQueue<QueuedId> {
        var queue = queue
        var kept = FIFOQueue<QueuedId>()
        while let front = front(of: &queue, live: live, in: entries) {
            kept.append(front)
            queue.removeFirst()
        }
        return kept
    }

    /// Turns sessions whose life is over into markers, and forgets markers one
    /// further `timeToLive` after their expiry.
    ///
    /// Most lookups find nothing due: the oldest queued expiry is checked first, so
    /// they then cost no dictionary lookup. Every id behind it was queued later and
    /// expires no sooner.
    private mutating func sweep(now: Timestamp) {
        if liveOrder.first.map({ $0.expiresAt > now }) ?? true,
           markerOrder.first.map({ $0.expiresAt.adding(seconds: timeToLive) > now }) ?? true { return }
        while let front = Self.front(of: &liveOrder, live: true, in: entries),
              case .live(let session, let generation)? = entries[front.id], session.expiresAt <= now {
            liveOrder.removeFirst()
            entries[front.id] = .expired(at: session.expiresAt, generation: generation)
            markerOrder.append(front)
        }
        while let front = Self.front(of: &markerOrder, live: false, in: entries),
              case .expired(let at, _)? = entries[front.id], at.adding(seconds: timeToLive) <= now {
            markerOrder.removeFirst()
            entries[front.id] = nil
        }
    }

    /// The oldest queued id that still names an entry of its kind, removed from the queue.
    private static func popCurrent(_ queue: inout FIFOQueue<QueuedId>, live: Bool, in entries: [String: Entry]) -> QueuedId? {
        guard let front = front(of: &queue, live: live, in: entries) else { return nil }
        queue.removeFirst()
        return front
    }

    /// The front of `queue` after dropping ids that no longer name an entry of their
    /// kind (replaced, closed or already expired).
    private static func front(of queue: inout FIFOQueue<QueuedId>, live: Bool, in entries: [String: Entry]) -> QueuedId? {
        while let front = queue.first {
            switch entries[front.id] {
            case .live(_, let generation)? where live && generation == front.generation: return front
            case .expired(_, let generation)? where !live && generation == front.generation: return front
            default: queue.removeFirst()
            }
        }
        return nil
    }
}
