import Synchronization

/// Set when the host cancels a request with `$/cancelRequest`.
public final class CancellationFlag: Sendable {
    private let cancelled = Atomic<Bool>(false)

    public init() {}

    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func cancel() { cancelled.store(true, ordering: .releasing) }
}

/// Where exactly one response to a request goes: the first fill wins, so a
/// request that is cancelled while it completes is answered once.
final class ResponseSlot: Sendable {
    private let filled = Atomic<Bool>(false)
    private let deliver: @Sendable ([UInt8]) -> Void

    init(deliver: @escaping @Sendable ([UInt8]) -> Void) {
        self.deliver = deliver
    }

    /// `response` is the response object's text.
    func fill(_ response: [UInt8]) {
        guard filled.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        deliver(response)
    }
}

/// The requests running on worker threads, so they can be cancelled by id.
///
/// Kept by the identity of each request's flag: the reading thread inserts and a
/// worker removes one entry per request, and those short critical sections are
/// what the two contend on. A cancellation, which is rare, looks through every
/// entry; there are at most a few hundred (`Dispatcher.maxWaitingWork` waiting
/// and the ones running).
final class InFlightRequests: Sendable {
    struct Entry: Sendable {
        let flag: CancellationFlag
        let slot: ResponseSlot
        let id: JSONValue
    }

    private let entries = Mutex<[ObjectIdentifier: Entry]>([:])

    func insert(_ entry: Entry) {
        entries.withLock { $0[ObjectIdentifier(entry.flag)] = entry }
    }

    func remove(_ entry: Entry) {
        _ = entries.withLock { $0.removeValue(forKey: ObjectIdentifier(entry.flag)) }
    }

    /// Cancels every in-flight request with `id`; unknown ids are ignored.
    func cancel(id: JSONValue) {
        let matching = entries.withLock { table in
            let matching = table.values.filter { $0.id == id }
            for entry in matching { table[ObjectIdentifier(entry.flag)] = nil }
            return matching
        }
        for entry in matching {
            entry.flag.cancel()
            entry.slot.fill(Response.error(id: entry.id, .requestCancelled()))
        }
    }
}
