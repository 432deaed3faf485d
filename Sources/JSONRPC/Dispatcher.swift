import Dispatch
import Logging
import Synchronization

/// Turns protocol lines into responses: envelope checks, batches, notifications,
/// method lookup, scheduling and cancellation. It does no I/O of its own: a
/// line's response is appended to the caller's output when it is ready at once,
/// handed to `deliver` (a whole line) when it completes later on a worker, and a
/// batch's answer to `writeLineInParts`, when given, as its calls finish.
public final class Dispatcher: Sendable {
    public static let cancelMethod = "$/cancelRequest"

    /// How many requests may wait for their turn before the reading thread
    /// stops reading (until half of them have started): enough to keep the
    /// workers busy, few enough to keep a flood of queued work within a megabyte or so.
    public static let maxWaitingRequests = 256

    let registry: MethodRegistry
    let maxBatchEntries: Int
    let logger: Logger
    let redaction: ErrorRedaction
    private let deliver: @Sendable ([UInt8]) -> Void
    private let writeLineInParts: LinePartsWriter?
    private let stopper: @Sendable () -> Void
    private let scheduler: RequestScheduler
    private let inFlight = InFlightRequests()

    /// - Parameters:
    ///   - deliver: receives each whole response line (or batch line) that completes later.
    ///   - writeLineInParts: when given, a batch is answered through it, a part
    ///     at a time as its calls finish, instead of appended to the output (or
    ///     delivered) whole when the last one is done.
    ///   - stopper: what `RequestContext.requestStop` calls.
    ///   - redaction: applied to every error before it is written.
    public convenience init(
        registry: MethodRegistry, maxBatchEntries: Int = 1000, logger: Logger = Logger(label: "jsonrpc"),
        redaction: ErrorRedaction = .none,
        deliver: @escaping @Sendable ([UInt8]) -> Void, writeLineInParts: LinePartsWriter? = nil,
        stopper: @escaping @Sendable () -> Void = {}
    ) {
        self.init(registry: registry, maxBatchEntries: maxBatchEntries, logger: logger, redaction: redaction,
                  deliver: deliver, writeLineInParts: writeLineInParts, stopper: stopper,
                  workers: DispatchQueue(label: "jsonrpc.workers", attributes: .concurrent),
                  maxWaitingRequests: Self.maxWaitingRequests)
    }

    /// `workers` and `maxWaitingRequests` are for tests that hold work back.
    init(
        registry: MethodRegistry, maxBatchEntries: Int, logger: Logger, redaction: ErrorRedaction = .none,
        deliver: @escaping @Sendable ([UInt8]) -> Void, writeLineInParts: LinePartsWriter? = nil,
        stopper: @escaping @Sendable () -> Void, workers: DispatchQueue, maxWaitingRequests: Int
    ) {
        self.registry = registry
        self.maxBatchEntries = maxBatchEntries
        self.logger = logger
        self.redaction = redaction
        self.deliver = deliver
        self.writeLineInParts = writeLineInParts
        self.stopper = stopper
        self.scheduler = RequestScheduler(workers: workers, maxWaiting: maxWaitingRequests)
    }

    /// Handles one line (without its newline). Returns the response line to write
    /// now, or nil when there is none yet (notifications, or work still running).
    public func handle(line: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        line.withUnsafeBytes { handle(line: $0, appendingTo: &output) }
        return output.isEmpty ? nil : output
    }

    /// Handles one line (without its newline), appending the response line to
    /// write now, if there is one, to `output`. `inputIsIdle` says whether no
    /// more input is waiting behind the line (for `Placement.inlineWhenIdle`).
    public func handle(line raw: UnsafeRawBufferPointer, appendingTo output: inout [UInt8],
                       inputIsIdle: () -> Bool = { false }) {
        if let offset = UTF8Validation.firstInvalidOffset(raw) {
            reject(.invalidUTF8(offset: offset), into: &output)
            return
        }
        do throws(JSONParseError) {
            try JSONParser.withTape(of: raw) { tape in
                if tape[0].kind == .array {
                    handleBatch(tape, into: &output)
                    return
                }
                let outcome = handleEntry(tape, at: 0, inputIsIdle: inputIsIdle, later: { self.deliver(Response.line($0)) })
                if case .answered(let response) = outcome {
                    output.append(contentsOf: response)
                    output.append(0x0A)
                }
            }
        } catch {
            reject(.parseError(error), into: &output)
        }
    }

    /// Response line for an over-long line the framer discarded.
    public func lineTooLongResponse(limit: Int) -> [UInt8] {
        Response.line(errorObject(id: .null, .lineTooLong(limit: limit)))
    }

    /// Waits until every request handed to a worker has delivered its response.
    public func waitForInFlightWork() {
        scheduler.waitUntilIdle()
    }

    private func reject(_ error: RPCError, into output: inout [UInt8]) {
        logger.debug("rejected a line", metadata: ["reason": "\(error.reason)"])
        output.append(contentsOf: Response.line(errorObject(id: .null, error)))
    }

    /// Answers a batch: through `writeLineInParts`, when there is one, with
    /// what `output` held before it; else into `output`, or later through
    /// `deliver` when some call runs on a worker.
    private func handleBatch(_ tape: JSONTape, into output: inout [UInt8]) {
        let count = Int(tape[0].count)
        guard count > 0 else { return output.append(contentsOf: Response.line(errorObject(id: .null, .emptyBatch()))) }
        guard count <= maxBatchEntries else {
            let error = RPCError.batchTooLarge(entries: count, limit: maxBatchEntries)
            return output.append(contentsOf: Response.line(errorObject(id: .null, error)))
        }
        // The envelopes are read here, where the tape lives.
        var entries: [ReadEntry] = []
        entries.reserveCapacity(count)
        var index = 1
        for _ in 0..<count {
            entries.append(readEntry(tape, at: index))
            index = tape.after(index)
        }
        let answers = entries.count { $0.isAnswered }
        guard answers > 0, let writeLineInParts else {
            let collector = BatchCollector(count: count) { responses in self.deliver(Response.batchLine(responses)) }
            answer(entries, in: tape, to: collector)
            if let responses = collector.finishImmediately() { output.append(contentsOf: Response.batchLine(responses)) }
            return
        }
        // Written as the calls finish: this thread waits for the line's end,
        // also when a call that touches state runs on a worker.
        let earlier = output
        output.removeAll(keepingCapacity: true)
        writeLineInParts { part in
            let line = BatchAnswerParts(count: count, answers: answers, earlier: earlier, write: part)
            answer(entries, in: tape, to: line)
            line.waitUntilWritten()
        }
    }

    /// Answers a batch's entries to `sink`. Reading each call's params and
    /// running the calls that touch no state depend on nothing else, so they
    /// are done side by side on every core (this thread among them), each run
    /// of neighbours handed over as it ends: JSON-RPC lets a batch's calls run
    /// in any order. Then, here and in the batch's order, what is no call is
    /// answered and the calls that touch state are scheduled.
    private func answer(_ entries: [ReadEntry], in tape: JSONTape, to sink: some BatchAnswer) {
        let ran = Self.inRuns(count: entries.count, { [self] position -> RanEntry in
            guard case .call(let read) = entries[position] else { return .notACall }
            switch read.entry.prepare(read.params) {
            case .failure(let error): return .answered(refusal(of: read, error))
            case .success(let call) where call.access == .none && call.placement == .inline:
                let outcome = logIfInternal(call.run(RequestContext(id: read.request.id, stopper: stopper)), read.method)
                return .answered(read.request.id.map { .answered(outcomeObject(id: $0, outcome)) } ?? .none)
            case .success(let call): return .touchingState(call)
            }
        }, finished: { range, ran in sink.ran(range, ran.map(\.outcome)) })
        for (position, ran) in ran.enumerated() {
            switch (ran, entries[position]) {
            case (.answered, _): continue
            case (.touchingState(let call), .call(let read)):
                sink.settle(position, dispatch(read, call, later: { sink.complete(position, $0) }))
            case (_, let read): sink.settle(position, answer(read, in: tape))
            }
        }
    }

    /// How many runs of neighbours a batch's calls are shared out in: a few,
    /// so results are gathered once per run, not once per call.
    private static func runs(_ count: Int) -> Int { min(count, 16) }

    /// `body` of each position below `count`, worked out in runs of neighbours
    /// on every core; `finished` gets each run's positions and results as it ends.
    private static func inRuns<T: Sendable>(
        count: Int, _ body: @Sendable (Int) -> T, finished: @Sendable (Range<Int>, [T]) -> Void
    ) -> [T] {
        let runs = runs(count)
        let results = Mutex([[T]](repeating: [], count: runs))
        DispatchQueue.concurrentPerform(iterations: runs) { run in
            let positions = (run * count / runs)..<((run + 1) * count / runs)
            let done = positions.map(body)
            finished(positions, done)
            results.withLock { $0[run] = done }
        }
        return results.withLock { $0.flatMap { $0 } }
    }

    /// Handles the request object at `index` of the tape: its response object
    /// when it is known now; `later` gets it when the request runs on a worker.
    private func handleEntry(_ tape: JSONTape, at index: Int, inputIsIdle: () -> Bool = { false },
                             later: @escaping @Sendable ([UInt8]) -> Void) -> EntryOutcome {
        let read = readEntry(tape, at: index)
        guard case .call(let call) = read else { return answer(read, in: tape) }
        switch call.entry.prepare(call.params) {
        case .success(let prepared): return dispatch(call, prepared, inputIsIdle: inputIsIdle, later: later)
        case .failure(let error): return refusal(of: call, error)
        }
    }

    /// The answer to a call whose params were refused (none for a notification).
    private func refusal(of call: ReadEntry.Call, _ error: RPCError) -> EntryOutcome {
        call.request.id.map { .answered(errorObject(id: $0, error)) } ?? .none
    }

    /// The envelope of the request object at `index`, its method looked up and its params taken from the tape.
    private func readEntry(_ tape: JSONTape, at index: Int) -> ReadEntry {
        let request: Request
        do throws(InvalidRequest) {
            request = try Request.read(tape, at: index)
        } catch {
            return .answered(error.isNotification ? .none : .answered(errorObject(id: error.id, error.error)))
        }
        let method = tape.string(at: request.methodIndex)
        if method == Self.cancelMethod { return .cancel(request) }
        guard let entry = registry[method] else {
            logger.debug("unknown method", metadata: ["method": "\(method)"])
            return .answered(request.id.map { .answered(errorObject(id: $0, .methodNotFound(method))) } ?? .none)
        }
        logger.debug("request", metadata: ["method": "\(method)", "id": "\(request.id.map(JSONSerializer.string) ?? "-")"])
        return .call(ReadEntry.Call(request: request, method: method, entry: entry,
                                    params: request.paramsIndex.map { tape.value(at: $0) } ?? .object(JSONObject())))
    }

    /// What an entry that is not a call answers: its envelope's error, or a cancellation's outcome.
    private func answer(_ read: ReadEntry, in tape: JSONTape) -> EntryOutcome {
        switch read {
        case .answered(let outcome): outcome
        case .cancel(let request): cancel(request, in: tape)
        case .call: preconditionFailure("a call is dispatched, not answered")
        }
    }

    /// Schedules a call whose params were read: it runs here when it may, else
    /// on a worker in its turn, and `later` gets its response object.
    private func dispatch(_ read: ReadEntry.Call, _ call: PreparedCall, inputIsIdle: () -> Bool = { false },
                          later: @escaping @Sendable ([UInt8]) -> Void) -> EntryOutcome {
        let (request, method) = (read.request, read.method)
        guard let id = request.id else {
            // A notification runs for its effects in its turn; whatever it answers goes nowhere.
            let context = RequestContext(id: nil, stopper: stopper)
            let runHere = scheduler.schedule(call.access, call.placement, inputIsIdle: inputIsIdle) { [self] in
                logIfInternal(call.run(context), method)
            }
            if runHere { logIfInternal(call.run(context), method) }
            return .none
        }
        let tracked = TrackedRequest(id: id, access: call.access, deliver: later)
        let context = RequestContext(id: id, cancellation: tracked.flag, stopper: stopper)
        inFlight.insert(tracked)
        let runHere = scheduler.schedule(call.access, call.placement, inputIsIdle: inputIsIdle) { [self] in
            defer { inFlight.remove(tracked) }
            guard tracked.start() else { return }
            tracked.answer(outcomeObject(id: id, logIfInternal(call.run(context), method)))
        }
        guard runHere else { return .later }
        inFlight.remove(tracked)
        return .answered(outcomeObject(id: id, logIfInternal(call.run(context), method)))
    }

    /// The error response object to `id`, its texts redacted.
    private func errorObject(id: JSONValue, _ error: RPCError) -> [UInt8] {
        Response.error(id: id, redaction.apply(to: error))
    }

    /// The response object to `id` for a call's outcome, an error's texts redacted.
    private func outcomeObject(id: JSONValue, _ outcome: Swift.Result<[UInt8], RPCError>) -> [UInt8] {
        switch outcome {
        case .success(let text): Response.result(id: id, text: text)
        case .failure(let error): errorObject(id: id, error)
        }
    }

    @discardableResult
    private func logIfInternal(_ outcome: Swift.Result<[UInt8], RPCError>, _ method: String) -> Swift.Result<[UInt8], RPCError> {
        if case .failure(let error) = outcome, error.code == -32603 {
            logger.error("internal error", metadata: ["method": "\(method)", "detail": "\(error.data["detail"].map(JSONSerializer.string) ?? "")"])
        }
        return outcome
    }

    private func cancel(_ request: Request, in tape: JSONTape) -> EntryOutcome {
        guard let params = request.paramsIndex, tape[params].count == 1, tape.string(at: params + 1, equals: "id") else {
            guard let requestID = request.id else { return .none }
            return .answered(errorObject(id: requestID, .invalidParams(path: "/id",
                "$/cancelRequest takes exactly one parameter, the id of the request to cancel")))
        }
        inFlight.cancel(id: tape.value(at: params + 2))
        return request.id.map { .answered(Response.result(id: $0, .object(JSONObject()))) } ?? .none
    }
}

/// What handling one request object produced.
enum EntryOutcome: Sendable {
    /// The response object's text.
    case answered([UInt8])
    /// A notification: no response.
    case none
    /// The response comes later, from a worker.
    case later

    var isAnswer: Bool { if case .answered = self { true } else { false } }
    var isLater: Bool { if case .later = self { true } else { false } }
}

/// A request object as read from the tape, before its params are read.
enum ReadEntry: Sendable {
    /// Not a call: an invalid envelope or an unknown method, answered (or not) at once.
    case answered(EntryOutcome)
    /// `$/cancelRequest`.
    case cancel(Request)
    /// A call of a registered method, with its params.
    case call(Call)

    struct Call: Sendable {
        let request: Request
        let method: String
        let entry: MethodRegistry.Entry
        let params: JSONValue
    }

    /// Whether the entry gets a response (it is not a notification).
    var isAnswered: Bool {
        switch self {
        case .answered(let outcome): outcome.isAnswer
        case .cancel(let request): request.id != nil
        case .call(let call): call.request.id != nil
        }
    }
}

/// A batch's entry after the pass over every core.
enum RanEntry: Sendable {
    /// Answered (or, for a notification, done): it touched no state and ran, or its params were refused.
    case answered(EntryOutcome)
    /// A call that touches state, to be scheduled in the batch's order.
    case touchingState(PreparedCall)
    /// The entry is no call.
    case notACall

    /// What is known of its outcome after the pass.
    var outcome: EntryOutcome? {
        if case .answered(let outcome) = self { outcome } else { nil }
    }
}

/// Where a batch's responses go as they are known: a run of entries from the
/// pass over every core (nil: not known yet), an entry settled on the reading
/// thread, or a response a worker completes later.
protocol BatchAnswer: Sendable {
    func ran(_ positions: Range<Int>, _ outcomes: [EntryOutcome?])
    func settle(_ position: Int, _ outcome: EntryOutcome)
    func complete(_ position: Int, _ response: [UInt8])
}

/// Gathers a batch's responses in order, including those that complete later.
final class BatchCollector: BatchAnswer {
    private struct State {
        var responses: [[UInt8]?]
        var pending = 0
        var immediatePhaseOver = false

        mutating func settle(_ index: Int, _ outcome: EntryOutcome) {
            switch outcome {
            case .answered(let response): responses[index] = response
            case .later: pending += 1
            case .none: break
            }
        }
    }

    private let state: Mutex<State>
    private let onComplete: @Sendable ([[UInt8]]) -> Void

    /// `onComplete` gets the responses when the last one came later (never none).
    init(count: Int, onComplete: @escaping @Sendable ([[UInt8]]) -> Void) {
        state = Mutex(State(responses: Array(repeating: nil, count: count)))
        self.onComplete = onComplete
    }

    func ran(_ positions: Range<Int>, _ outcomes: [EntryOutcome?]) {
        state.withLock { state in
            for (position, outcome) in zip(positions, outcomes) {
                if let outcome { state.settle(position, outcome) }
            }
        }
    }

    func settle(_ index: Int, _ outcome: EntryOutcome) {
        state.withLock { $0.settle(index, outcome) }
    }

    func complete(_ index: Int, _ response: [UInt8]) {
        let finished: [[UInt8]]? = state.withLock { state in
            state.responses[index] = response
            state.pending -= 1
            return state.pending == 0 && state.immediatePhaseOver ? state.responses.compactMap { $0 } : nil
        }
        if let finished, !finished.isEmpty { onComplete(finished) }
    }

    /// Called once every entry was dispatched: the responses when nothing is still running.
    func finishImmediately() -> [[UInt8]]? {
        state.withLock { state in
            state.immediatePhaseOver = true
            guard state.pending == 0 else { return nil }
            let responses = state.responses.compactMap { $0 }
            return responses.isEmpty ? nil : responses
        }
    }
}
