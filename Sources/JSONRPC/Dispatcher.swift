import Dispatch
import Logging
import Synchronization

/// Turns protocol lines into responses: envelope checks, batches, notifications,
/// method lookup, inline or concurrent execution and cancellation. It does no
/// I/O of its own: a line's response is returned when it is ready at once, and
/// handed to its `DeferredResponses` sink when it completes later on a worker thread.
public final class Dispatcher: Sendable {
    public static let cancelMethod: StaticString = "$/cancelRequest"

    let registry: MethodRegistry
    let maxBatchEntries: Int
    let logger: Logger
    private let deferred: any DeferredResponses
    /// Kept alive here for every request context, which holds it uncounted.
    private let stopper: ConnectionStopper
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
        self.stopper = ConnectionStopper(stopper)
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
        let response = JSONTextBuffer.bytes { response in line.withUnsafeBytes { handle(line: $0, appendingTo: &response) } }
        return response.isEmpty ? nil : response
    }

    /// Handles one line (without its newline), appending the response line to
    /// write now, if there is one, to `output`: the reading thread's buffer of
    /// responses, so a cheap request's answer is written where it will be sent
    /// from, with no array of its own.
    public func handle(line raw: UnsafeRawBufferPointer, appendingTo output: inout JSONTextBuffer) {
        _ = handle(line: raw, appendingTo: &output, independentOnly: false)
    }

    /// Handles the line as `handle(line:appendingTo:)` does when it may run
    /// beside the lines before it: a request for an independent method
    /// (`Execution.independent`), or one answered with an error without running
    /// anything. Otherwise (a batch, a cancellation, any other method) returns
    /// false, having run nothing and appended nothing.
    public func handleIfIndependent(line raw: UnsafeRawBufferPointer, appendingTo output: inout JSONTextBuffer) -> Bool {
        handle(line: raw, appendingTo: &output, independentOnly: true)
    }

    private func handle(line raw: UnsafeRawBufferPointer, appendingTo output: inout JSONTextBuffer, independentOnly: Bool) -> Bool {
        if let offset = UTF8Validation.firstInvalidOffset(raw) {
            reject(.invalidUTF8(offset: offset), into: &output)
            return true
        }
        // Requests are logged the general way only.
        if !logsRequests, let envelope = CanonicalEnvelope(raw),
           let handled = handleCanonical(envelope, into: &output, independentOnly: independentOnly) {
            return handled
        }
        do throws(JSONParseError) {
            return try JSONParser.withTape(of: raw) { tape in
                if tape[0].kind == .array {
                    if independentOnly { return false }
                    if let batch = handleBatch(tape) { output.append(contentsOf: batch) }
                    return true
                }
                switch handleEntry(tape, at: 0, into: &output, independentOnly: independentOnly,
                                   slot: { self.deferred.deliver(Response.line($0)) }) {
                case .written: output.append(0x0A)
                case .declined: return false
                case .none, .pending: break
                }
                return true
            }
        } catch {
            reject(.parseError(error), into: &output)
            return true
        }
    }

    /// Answers a line in the envelope's usual form (`CanonicalEnvelope`) whose
    /// method runs on this thread: from the params' unparsed text when the
    /// method reads it (`RPCMethod.readCompactParams`), else parsing only the
    /// params. Nil, having appended nothing, when the general way must handle
    /// it: a method it does not know or that runs on a worker, or params that
    /// do not parse (so every error is worded in one place).
    private func handleCanonical(_ envelope: CanonicalEnvelope, into output: inout JSONTextBuffer, independentOnly: Bool) -> Bool? {
        registry.withEntry(namedBytes: envelope.method) { entry in
            handleCanonical(envelope, of: entry, into: &output, independentOnly: independentOnly)
        } ?? nil
    }

    private func handleCanonical(_ envelope: CanonicalEnvelope, of entry: MethodRegistry.Entry, into output: inout JSONTextBuffer,
                                 independentOnly: Bool) -> Bool? {
        if case .concurrent = entry.execution { return nil }
        let context = envelope.context(stopper: stopper)
        // A line offered to run beside earlier ones is answered from unparsed
        // params only when their reading shows it may; otherwise parsing
        // decides (a line that does not parse is answered at once either way).
        let start = output.count
        var call = CompactParamsCall.unread
        let failure = Response.appendResult(idText: envelope.idText, to: &output) {
            call = entry.invoke(compactParams: envelope.params, independentOnly: independentOnly, context,
                                appendingResultTo: &$0)
            guard case .ran(let failure) = call else { return nil }
            return failure
        }
        if case .ran = call {
            finishAnswer(failure, of: entry, context: context, into: &output)
            return true
        }
        output.removeBytes(from: start)
        do throws(JSONParseError) {
            return try JSONParser.withTape(of: envelope.params, enclosingDepth: 1) { tape -> Bool in
                let params = RequestParams(tape: tape, index: 0)
                if independentOnly, !entry.runsIndependently(params) { return false }
                let failure = Response.appendResult(idText: envelope.idText, to: &output) {
                    entry.invoke(params, context, appendingResultTo: &$0)
                }
                finishAnswer(failure, of: entry, context: context, into: &output)
                return true
            }
        } catch {
            return nil
        }
    }

    /// Ends a usual-form request's answer: its error response when it failed, then the newline.
    private func finishAnswer(_ failure: RPCError?, of entry: MethodRegistry.Entry, context: RequestContext, into output: inout JSONTextBuffer) {
        if let failure {
            logIfInternal(failure, entry.name)
            output.append(contentsOf: Response.error(id: context.id ?? .null, failure))
        }
        output.append(0x0A)
    }

    private func reject(_ error: RPCError, into output: inout JSONTextBuffer) {
        logger.debug("rejected a line", metadata: ["reason": "\(error.reason)"])
        output.append(contentsOf: Response.line(Response.error(id: .null, error)))
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
            var outcome = EntryOutcome.none
            let response = JSONTextBuffer.bytes { response in
                outcome = handleEntry(tape, at: entry, into: &response, slot: { collector.complete(position, $0) })
            }
            collector.settle(position, outcome, response)
            entry = tape.after(entry)
        }
        return collector.finishImmediately().map(Response.batchLine)
    }

    /// Handles the request object at `index` of the tape. Appends its response
    /// to `output` when it is known now (`written`); `none` for notifications;
    /// calls `slot` later for concurrent work (and then returns `pending`).
    private func handleEntry(
        _ tape: JSONTape, at index: Int, into output: inout JSONTextBuffer, independentOnly: Bool = false,
        slot deliver: @escaping @Sendable ([UInt8]) -> Void
    ) -> EntryOutcome {
        let request: Request
        do throws(InvalidRequest) {
            request = try Request.read(tape, at: index)
        } catch {
            if error.isNotification { return .none }
            return write(Response.error(id: error.id, error.error), to: &output)
        }
        if tape.string(at: request.methodIndex, equals: Self.cancelMethod) {
            return independentOnly ? .declined : cancel(request, in: tape, into: &output)
        }
        guard let entry = registry.entry(namedAt: request.methodIndex, in: tape) else {
            let method = tape.string(at: request.methodIndex)
            logger.debug("unknown method", metadata: ["method": "\(method)"])
            guard let id = request.id else { return .none }
            return write(Response.error(id: id, .methodNotFound(method)), to: &output)
        }
        let params = request.params(in: tape)
        if independentOnly, !entry.runsIndependently(params) { return .declined }
        if logsRequests {
            logger.debug("request", metadata: ["method": "\(entry.name)", "id": "\(request.id.map(JSONSerializer.string) ?? "-")"])
        }
        switch entry.execution {
        case .inline, .independent:
            let context = RequestContext(id: request.id, dispatcherStopper: stopper)
            return respond(to: request, method: entry.name, context: context, into: &output) {
                entry.invoke(params, $0, appendingResultTo: &$1)
            }
        case .concurrent:
            // The params are read here, while the line is at hand; the method runs on a worker.
            switch entry.prepare(params) {
            case .failure(let error):
                guard let id = request.id else { return .none }
                return write(Response.error(id: id, error), to: &output)
            case .success(let call):
                runConcurrently(call, request, method: entry.name, deliver: deliver)
                return request.id == nil ? .none : .pending
            }
        }
    }

    private func write(_ response: [UInt8], to output: inout JSONTextBuffer) -> EntryOutcome {
        output.append(contentsOf: response)
        return .written
    }

    /// Runs `call` and appends its result or error response to `output` (nothing for a notification).
    private func respond(
        to request: Request, method: String, context: RequestContext, into output: inout JSONTextBuffer,
        _ call: (RequestContext, inout JSONTextBuffer) -> RPCError?
    ) -> EntryOutcome {
        guard let id = request.id else {
            // A notification runs for its effects; whatever it answers goes nowhere.
            var discarded = JSONTextBuffer()
            if let error = Response.appendResult(id: .null, to: &discarded, { call(context, &$0) }) { logIfInternal(error, method) }
            return .none
        }
        if let error = Response.appendResult(id: id, to: &output, { call(context, &$0) }) {
            logIfInternal(error, method)
            return write(Response.error(id: id, error), to: &output)
        }
        return .written
    }

    private func logIfInternal(_ error: RPCError, _ method: String) {
        guard error.code == -32603 else { return }
        logger.error("internal error", metadata: ["method": "\(method)", "detail": "\(error.data["detail"].map(JSONSerializer.string) ?? "")"])
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
                let context = RequestContext(id: request.id, cancellation: flag, dispatcherStopper: stopper)
                var outcome = EntryOutcome.none
                let response = JSONTextBuffer.bytes { outcome = respond(to: request, method: method, context: context, into: &$0, call) }
                if outcome == .written {
                    slot.fill(flag.isCancelled ? Response.error(id: request.id!, .requestCancelled()) : response)
                }
            }
            if let tracked { inFlight.remove(tracked) }
            deferred.workFinished()
            workers.leave()
        }
    }

    private func cancel(_ request: Request, in tape: JSONTape, into output: inout JSONTextBuffer) -> EntryOutcome {
        guard let params = request.paramsIndex, tape[params].count == 1, tape.string(at: params + 1, equals: "id") else {
            guard let requestID = request.id else { return .none }
            return write(Response.error(id: requestID, .invalidParams(path: "/id",
                "$/cancelRequest takes exactly one parameter, the id of the request to cancel")), to: &output)
        }
        inFlight.cancel(id: tape.value(at: params + 2))
        guard let id = request.id else { return .none }
        return write(Response.result(id: id, .object(JSONObject())), to: &output)
    }
}

/// What handling one request object produced.
enum EntryOutcome: Sendable {
    /// The response object's text was appended to the output.
    case written
    case none
    case pending
    /// Not handled: it must run in order (`Dispatcher.handleIfIndependent`).
    case declined
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

    /// An entry was dispatched; `response` is its text when `outcome` is `written`.
    func settle(_ index: Int, _ outcome: EntryOutcome, _ response: [UInt8]) {
        state.withLock { state in
            switch outcome {
            case .written: state.responses[index] = response
            case .pending: state.pending += 1
            case .none, .declined: break
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
