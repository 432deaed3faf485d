import Dispatch
import Logging
import Synchronization

/// Turns protocol lines into responses: envelope checks, batches, notifications,
/// method lookup, inline or concurrent execution and cancellation. It does no
/// I/O of its own: a line's response is returned when it is ready at once, and
/// handed to its `DeferredResponses` sink when it completes later on a worker thread.
public final class Dispatcher: Sendable {
    public static let cancelMethod = "$/cancelRequest"

    let registry: MethodRegistry
    let maxBatchEntries: Int
    let logger: Logger
    private let deferred: any DeferredResponses
    private let stopper: @Sendable () -> Void
    private let inFlight = InFlightRequests()
    private let workers = DispatchGroup()
    private let queue: DispatchQueue
    private let waitingWork: WaitingWorkLimit
    /// Whether each request is logged; asked once, as the logger's level cannot
    /// change under it and asking costs a copy of its handler.
    private let logsRequests: Bool

    /// How many concurrent requests may wait for a worker before the reading
    /// thread stops reading (until half of them have started). Without a bound,
    /// a host pipelining a million encryptions would have them all parsed and
    /// queued at once; 256 keeps the workers busy for milliseconds and the queue
    /// within a megabyte or so.
    public static let maxWaitingWork = 256

    public convenience init(
        registry: MethodRegistry,
        maxBatchEntries: Int = 1000,
        logger: Logger = Logger(label: "jsonrpc"),
        deferred: any DeferredResponses,
        stopper: @escaping @Sendable () -> Void = {}
    ) {
        self.init(registry: registry, maxBatchEntries: maxBatchEntries, logger: logger, deferred: deferred,
                  stopper: stopper, workQueue: DispatchQueue(label: "jsonrpc.workers", attributes: .concurrent),
                  maxWaitingWork: Self.maxWaitingWork)
    }

    /// `workQueue` and `maxWaitingWork` are for tests that hold work back.
    init(
        registry: MethodRegistry, maxBatchEntries: Int, logger: Logger, deferred: any DeferredResponses,
        stopper: @escaping @Sendable () -> Void, workQueue: DispatchQueue, maxWaitingWork: Int
    ) {
        self.registry = registry
        self.maxBatchEntries = maxBatchEntries
        self.logger = logger
        self.deferred = deferred
        self.stopper = stopper
        self.queue = workQueue
        self.waitingWork = WaitingWorkLimit(limit: maxWaitingWork)
        self.logsRequests = logger.logLevel <= .debug
    }

    /// A dispatcher that hands each deferred response line to `deferredOutput` as it completes.
    public convenience init(
        registry: MethodRegistry,
        maxBatchEntries: Int = 1000,
        logger: Logger = Logger(label: "jsonrpc"),
        deferredOutput: @escaping @Sendable ([UInt8]) -> Void,
        stopper: @escaping @Sendable () -> Void = {}
    ) {
        self.init(registry: registry, maxBatchEntries: maxBatchEntries, logger: logger,
                  deferred: DeliverEachLine(handler: deferredOutput), stopper: stopper)
    }

    /// Handles one line (without its newline). Returns the response line to write
    /// now, or nil when there is none yet (notifications, or work still running).
    /// Blocks while too many concurrent requests wait for a worker (`maxWaitingWork`).
    public func handle(line: [UInt8]) -> [UInt8]? {
        line.withUnsafeBytes { raw in
            if let offset = UTF8Validation.firstInvalidOffset(raw) { return rejected(.invalidUTF8(offset: offset)) }
            do throws(JSONParseError) {
                return try JSONParser.withTape(of: raw) { tape in
                    if tape[0].kind == .array { return handleBatch(tape) }
                    guard case .response(let response) = handleEntry(tape, at: 0, slot: { self.deferred.deliver(Response.line($0)) })
                    else { return nil }
                    return Response.line(response)
                }
            } catch {
                return rejected(.parseError(error))
            }
        }
    }

    private func rejected(_ error: RPCError) -> [UInt8] {
        logger.debug("rejected a line", metadata: ["reason": "\(error.reason)"])
        return Response.line(Response.error(id: .null, error))
    }

    /// Response line for an over-long line the framer discarded.
    public func lineTooLongResponse(limit: Int) -> [UInt8] {
        Response.line(Response.error(id: .null, .lineTooLong(limit: limit)))
    }

    /// Waits until every request running on a worker thread has delivered its response.
    public func waitForInFlightWork() {
        workers.wait()
    }

    private func handleBatch(_ tape: JSONTape) -> [UInt8]? {
        let count = Int(tape[0].count)
        guard count > 0 else { return Response.line(Response.error(id: .null, .emptyBatch())) }
        guard count <= maxBatchEntries else {
            return Response.line(Response.error(id: .null, .batchTooLarge(entries: count, limit: maxBatchEntries)))
        }
        let collector = BatchCollector(count: count) { responses in
            if !responses.isEmpty { self.deferred.deliver(Response.batchLine(responses)) }
        }
        var entry = 1
        for position in 0..<count {
            collector.settle(position, handleEntry(tape, at: entry, slot: { collector.complete(position, $0) }))
            entry = tape.after(entry)
        }
        return collector.finishImmediately().map(Response.batchLine)
    }

    /// Handles the request object at `index` of the tape. Returns its response when it is known now;
    /// `.none` for notifications; calls `slot` later for concurrent work (and then returns `pending`).
    private func handleEntry(_ tape: JSONTape, at index: Int, slot deliver: @escaping @Sendable ([UInt8]) -> Void) -> EntryOutcome {
        let request: Request
        do throws(InvalidRequest) {
            request = try Request.read(tape, at: index)
        } catch {
            return error.isNotification ? .none : .response(Response.error(id: error.id, error.error))
        }
        if tape.string(at: request.methodIndex, equals: "$/cancelRequest") { return cancel(request, in: tape) }
        guard let entry = registry.entry(namedAt: request.methodIndex, in: tape) else {
            let method = tape.string(at: request.methodIndex)
            logger.debug("unknown method", metadata: ["method": "\(method)"])
            return request.id.map { .response(Response.error(id: $0, .methodNotFound(method))) } ?? .none
        }
        if logsRequests {
            logger.debug("request", metadata: ["method": "\(entry.name)", "id": "\(request.id.map(JSONSerializer.string) ?? "-")"])
        }
        let params = request.params(in: tape)
        switch entry.execution {
        case .inline:
            let context = RequestContext(id: request.id, stopper: stopper)
            return respond(to: request, method: entry.name, context: context) { entry.invoke(params, $0, appendingResultTo: &$1) }
        case .concurrent:
            // The params are read here, while the line is at hand; the method runs on a worker.
            switch entry.prepare(params) {
            case .failure(let error):
                return request.id.map { .response(Response.error(id: $0, error)) } ?? .none
            case .success(let call):
                runConcurrently(call, request, method: entry.name, deliver: deliver)
                return request.id == nil ? .none : .pending
            }
        }
    }

    /// Runs `call` and answers with its result or error (nothing for a notification).
    private func respond(
        to request: Request, method: String, context: RequestContext, _ call: (RequestContext, inout [UInt8]) -> RPCError?
    ) -> EntryOutcome {
        let outcome = Response.result(id: request.id ?? .null) { text in call(context, &text) }
        if case .failure(let error) = outcome, error.code == -32603 {
            logger.error("internal error", metadata: ["method": "\(method)", "detail": "\(error.data["detail"].map(JSONSerializer.string) ?? "")"])
        }
        guard let id = request.id else { return .none }
        switch outcome {
        case .success(let response): return .response(response)
        case .failure(let error): return .response(Response.error(id: id, error))
        }
    }

    /// Queues the call for a worker; waits first when `maxWaitingWork` others
    /// are queued and not started, which is what holds the reading thread back.
    private func runConcurrently(
        _ call: @escaping MethodRegistry.Entry.PreparedCall, _ request: Request, method: String,
        deliver: @escaping @Sendable ([UInt8]) -> Void
    ) {
        let flag = CancellationFlag()
        let slot = ResponseSlot(deliver: deliver)
        let tracked = request.id.map { InFlightRequests.Entry(flag: flag, slot: slot, id: $0) }
        if let tracked { inFlight.insert(tracked) }
        workers.enter()
        waitingWork.enqueue()
        deferred.workQueued()
        queue.async { [self] in
            waitingWork.started()
            deferred.workStarted()
            if !flag.isCancelled {
                let context = RequestContext(id: request.id, cancellation: flag, stopper: stopper)
                if case .response(let response) = respond(to: request, method: method, context: context, call) {
                    slot.fill(flag.isCancelled ? Response.error(id: request.id!, .requestCancelled()) : response)
                }
            }
            if let tracked { inFlight.remove(tracked) }
            deferred.workFinished()
            workers.leave()
        }
    }

    private func cancel(_ request: Request, in tape: JSONTape) -> EntryOutcome {
        guard let params = request.paramsIndex, tape[params].count == 1, tape.string(at: params + 1, equals: "id") else {
            guard let requestID = request.id else { return .none }
            return .response(Response.error(id: requestID, .invalidParams(path: "/id",
                "$/cancelRequest takes exactly one parameter, the id of the request to cancel")))
        }
        inFlight.cancel(id: tape.value(at: params + 2))
        return request.id.map { .response(Response.result(id: $0, .object(JSONObject()))) } ?? .none
    }
}

/// What handling one request object produced.
enum EntryOutcome: Sendable {
    /// The response object's text.
    case response([UInt8])
    case none
    case pending
}

/// Gathers a batch's responses in order, including those that complete later.
final class BatchCollector: Sendable {
    private struct State {
        var responses: [[UInt8]?]
        var pending: Int
        var immediatePhaseOver = false
    }

    private let state: Mutex<State>
    private let onComplete: @Sendable ([[UInt8]]) -> Void

    init(count: Int, onComplete: @escaping @Sendable ([[UInt8]]) -> Void) {
        state = Mutex(State(responses: Array(repeating: nil, count: count), pending: 0))
        self.onComplete = onComplete
    }

    func settle(_ index: Int, _ outcome: EntryOutcome) {
        state.withLock { state in
            switch outcome {
            case .response(let response): state.responses[index] = response
            case .pending: state.pending += 1
            case .none: break
            }
        }
    }

    /// A concurrent entry finished.
    func complete(_ index: Int, _ response: [UInt8]) {
        let finished: [[UInt8]]? = state.withLock { state in
            state.responses[index] = response
            state.pending -= 1
            return state.pending == 0 && state.immediatePhaseOver ? state.responses.compactMap { $0 } : nil
        }
        if let finished { onComplete(finished) }
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
