import Synchronization

/// Set when the host cancels a request with `$/cancelRequest`.
public final class CancellationFlag: Sendable {
    private let cancelled = Atomic<Bool>(false)

    public init() {}

    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }

    func cancel() { cancelled.store(true, ordering: .releasing) }
}

/// A request with an id that waits for, or runs on, a worker: it can be
/// cancelled by id, and it is answered exactly once.
final class TrackedRequest: Sendable {
    enum Phase { case queued, running, answered }

    let id: JSONValue
    let access: StateAccess
    let flag = CancellationFlag()
    private let phase = Mutex(Phase.queued)
    private let deliver: @Sendable ([UInt8]) -> Void

    init(id: JSONValue, access: StateAccess, deliver: @escaping @Sendable ([UInt8]) -> Void) {
        self.id = id
        self.access = access
        self.deliver = deliver
    }

    /// Called as its turn comes: false when it was cancelled while it waited,
    /// and must not run.
    func start() -> Bool {
        phase.withLock { phase in
            guard phase == .queued else { return false }
            phase = .running
            return true
        }
    }

    /// Answers with `response` (a response object's text) unless already answered.
    func answer(_ response: [UInt8]) {
        let first = phase.withLock { phase in
            defer { phase = .answered }
            return phase != .answered
        }
        if first { deliver(response) }
    }

    /// The host cancelled it. One that waits is answered `-32800` and never
    /// runs; a running read is answered `-32800` at once and its result
    /// dropped; a running write, whose effects may already be made, is told
    /// through its flag and answers with its outcome.
    func cancel() {
        flag.cancel()
        let answerNow = phase.withLock { phase in
            switch phase {
            case .queued: true
            case .running: access != .writes
            case .answered: false
            }
        }
        if answerNow { answer(Response.error(id: id, .requestCancelled())) }
    }
}

/// The requests that wait for or run on workers, so they can be cancelled by id.
final class InFlightRequests: Sendable {
    private let requests = Mutex<[ObjectIdentifier: TrackedRequest]>([:])

    func insert(_ request: TrackedRequest) {
        requests.withLock { $0[ObjectIdentifier(request)] = request }
    }

    func remove(_ request: TrackedRequest) {
        _ = requests.withLock { $0.removeValue(forKey: ObjectIdentifier(request)) }
    }

    /// Cancels every in-flight request with `id`; unknown ids are ignored.
    func cancel(id: JSONValue) {
        let matching = requests.withLock { table in table.values.filter { $0.id == id } }
        for request in matching { request.cancel() }
    }
}
