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

/// The requests running on worker threads, by id, so they can be cancelled.
final class InFlightRequests: Sendable {
    struct Entry: Sendable {
        let flag: CancellationFlag
        let slot: ResponseSlot
        let id: JSONValue
    }

    private let entries = Mutex<[JSONValue: [ObjectIdentifier: Entry]]>([:])

    func insert(_ entry: Entry) {
        entries.withLock { $0[entry.id, default: [:]][ObjectIdentifier(entry.flag)] = entry }
    }

    func remove(_ entry: Entry) {
        entries.withLock { table in
            table[entry.id]?[ObjectIdentifier(entry.flag)] = nil
            if table[entry.id]?.isEmpty == true { table[entry.id] = nil }
        }
    }

    /// Cancels every in-flight request with `id`; unknown ids are ignored.
    func cancel(id: JSONValue) {
        let matching = entries.withLock { $0.removeValue(forKey: id).map { Array($0.values) } ?? [] }
        for entry in matching {
            entry.flag.cancel()
            entry.slot.fill(Response.error(id: entry.id, .requestCancelled()))
        }
    }
}
