/// One JSON-RPC method: its wire name and the shapes of its params and result.
/// Services declare one type per method and register it with a handler.
public protocol RPCMethod: Sendable {
    associatedtype Params: Decodable & Sendable
    associatedtype Result: Encodable & Sendable

    /// The method name on the wire, e.g. `mask.apply`.
    static var name: String { get }
    /// Where the handler runs; cheap methods stay on the reading thread.
    static var execution: Execution { get }

    /// Reads the request's params: through `ParamsDecoder`, plainly first for `PlainParams`.
    static func readParams(_ params: RequestParams) -> Swift.Result<Params, ParamsError>

    /// Reads the params from the unparsed text of a request in the envelope's
    /// usual form: for `PlainParams`, when they are compact (see
    /// `PlainParams.readCompactly`); nil sends the caller to `readParams`, as
    /// does a member named `declined` among them.
    static func readCompactParams(_ text: UnsafeRawBufferPointer, declining declined: StaticString?) -> Params?

    /// Appends the result's JSON text: through `JSONTextEncoder`, directly for a
    /// `JSONTextWritable` result.
    static func appendResult(_ result: Result, to output: inout JSONTextBuffer) throws

    /// Reads `params`, runs `handler` and appends the JSON text of its result to
    /// `output`; on failure returns the error. A requirement with a default, so
    /// each method runs its own specialized copy: run as generic code, it looked up
    /// the metadata of its `Result<Params, ParamsError>` on every request.
    static func invoke(
        _ handler: (Params, RequestContext) throws -> Result, params: RequestParams, context: RequestContext,
        appendingResultTo output: inout JSONTextBuffer
    ) -> RPCError?

    /// `invoke` on the unparsed params of a request in the envelope's usual
    /// form, read by `readCompactParams`; `unread`, having run nothing, when
    /// that reads nothing. A requirement for the same reason as `invoke`.
    static func invoke(
        _ handler: (Params, RequestContext) throws -> Result, compactParams text: UnsafeRawBufferPointer,
        declining declined: StaticString?, context: RequestContext, appendingResultTo output: inout JSONTextBuffer
    ) -> CompactParamsCall

    /// Reads `params` and returns the call of `handler` on them, to run later
    /// on a worker thread; on failure the error. The first half of `invoke`, for
    /// a concurrent method, and a requirement for the same reason as `invoke`:
    /// run as generic code, it looked up the metadata of the `Result` it maps
    /// on every request.
    static func prepare(
        _ handler: @escaping @Sendable (Params, RequestContext) throws -> Result, params: RequestParams
    ) -> Swift.Result<MethodRegistry.Entry.PreparedCall, RPCError>

    /// Runs `handler` on params already read and appends the JSON text of its
    /// result to `output`; on failure returns the error. The second half of
    /// `invoke`, which a concurrent method runs on a worker thread.
    static func run(
        _ handler: (Params, RequestContext) throws -> Result, params: Params, context: RequestContext,
        appendingResultTo output: inout JSONTextBuffer
    ) -> RPCError?
}

// The defaults below are chosen when a method type conforms, by the types of its
// params and result, so no request (and no start-up) asks the runtime whether
// a type conforms to a protocol; each such question scans every conformance
// record in the binary the first time it is asked.
extension RPCMethod {
    public static var execution: Execution { .inline }

    @inlinable
    public static func readParams(_ params: RequestParams) -> Swift.Result<Params, ParamsError> {
        ParamsDecoder.decode(Params.self, from: params.value)
    }

    @inlinable
    public static func readCompactParams(_ text: UnsafeRawBufferPointer, declining declined: StaticString?) -> Params? { nil }

    @inlinable
    public static func appendResult(_ result: Result, to output: inout JSONTextBuffer) throws {
        output.append(contentsOf: try JSONTextEncoder.bytes(of: result))
    }

    @inlinable
    public static func invoke(
        _ handler: (Params, RequestContext) throws -> Result, params: RequestParams, context: RequestContext,
        appendingResultTo output: inout JSONTextBuffer
    ) -> RPCError? {
        switch readParams(params) {
        case .success(let decoded): run(handler, params: decoded, context: context, appendingResultTo: &output)
        case .failure(let error): .invalidParams(error.problems)
        }
    }

    @inlinable
    public static func invoke(
        _ handler: (Params, RequestContext) throws -> Result, compactParams text: UnsafeRawBufferPointer,
        declining declined: StaticString?, context: RequestContext, appendingResultTo output: inout JSONTextBuffer
    ) -> CompactParamsCall {
        guard let params = readCompactParams(text, declining: declined) else { return .unread }
        return .ran(run(handler, params: params, context: context, appendingResultTo: &output))
    }

    @inlinable
    public static func prepare(
        _ handler: @escaping @Sendable (Params, RequestContext) throws -> Result, params: RequestParams
    ) -> Swift.Result<MethodRegistry.Entry.PreparedCall, RPCError> {
        switch readParams(params) {
        case .success(let decoded):
            .success { context, output in run(handler, params: decoded, context: context, appendingResultTo: &output) }
        case .failure(let error):
            .failure(.invalidParams(error.problems))
        }
    }

    @inlinable
    public static func run(
        _ handler: (Params, RequestContext) throws -> Result, params: Params, context: RequestContext,
        appendingResultTo output: inout JSONTextBuffer
    ) -> RPCError? {
        do {
            try appendResult(try handler(params, context), to: &output)
            return nil
        } catch let error as any RPCErrorConvertible {
            return error.rpcError
        } catch let error as ParamsError {
            return .invalidParams(error.problems)
        } catch {
            return .internalError("\(name) failed: \(type(of: error))")
        }
    }
}

extension RPCMethod where Params: PlainParams {
    @inlinable
    public static func readParams(_ params: RequestParams) -> Swift.Result<Params, ParamsError> {
        // Bound and returned, not mapped: `map` would copy the params out of the optional.
        if let read = Params.readPlainly(from: params) { return .success(read) }
        return ParamsDecoder.decode(Params.self, from: params.value)
    }

    @inlinable
    public static func readCompactParams(_ text: UnsafeRawBufferPointer, declining declined: StaticString?) -> Params? {
        Params.readCompactly(from: text, declining: declined)
    }
}

extension RPCMethod where Params: PlainParams & ParamsChecking {
    /// Plainly read params that fail their own rules go to the decoder, so the
    /// problems are reported in its order.
    @inlinable
    public static func readParams(_ params: RequestParams) -> Swift.Result<Params, ParamsError> {
        if let read = Params.readPlainly(from: params), read.meetsItsChecks { return .success(read) }
        return ParamsDecoder.decode(Params.self, from: params.value)
    }

    @inlinable
    public static func readCompactParams(_ text: UnsafeRawBufferPointer, declining declined: StaticString?) -> Params? {
        guard let read = Params.readCompactly(from: text, declining: declined), read.meetsItsChecks else { return nil }
        return read
    }
}

extension RPCMethod where Result: JSONTextWritable {
    @inlinable
    public static func appendResult(_ result: Result, to output: inout JSONTextBuffer) {
        JSONTextWriter.append(result, to: &output)
    }
}

/// What running a method on a request's unparsed params did.
public enum CompactParamsCall {
    /// The params were not read: nothing ran and nothing was appended.
    case unread
    /// The method ran; its error if it failed, else its result was appended.
    case ran(RPCError?)
}

/// Where a handler runs.
public enum Execution: Sendable {
    /// On the thread that read the request, before the next line is read. Its
    /// effects are visible to every later request.
    case inline
    /// On a worker thread, so several can run at once and be cancelled.
    case concurrent
    /// Inline, and reading or writing nothing that other requests write, so when
    /// a host pipelines many requests it may run beside the requests before it
    /// (see `Connection`). A request whose params have the member
    /// `orderedWhenGiven` (a session's id, say) reads shared state and runs in
    /// order like an inline one.
    case independent(orderedWhenGiven: StaticString? = nil)
}

/// Params of methods that take none: accepts `{}` (or no `params`) and nothing else.
public struct NoParams: Decodable, Sendable, Hashable {
    public init() {}
    public init(from decoder: any Decoder) throws {
        _ = try decoder.container(keyedBy: DynamicKey.self)
    }
}

/// The result `{}`.
public struct EmptyResult: Encodable, Sendable, Hashable {
    public init() {}
    public func encode(to encoder: any Encoder) throws {
        _ = encoder.container(keyedBy: DynamicKey.self)
    }
}

/// What a handler can see of the request it serves and of its connection.
public struct RequestContext: Sendable {
    /// The request's id; nil for a notification.
    public var id: JSONValue? {
        switch identity {
        case .value(let id): id
        case .integer(let id): .number(String(id))
        }
    }
    private let identity: Identity
    let cancellation: CancellationFlag?
    /// The dispatcher's stopper, which outlives every request it serves. Held
    /// without a reference count: the connection's two threads made every
    /// request count one on this shared object, whose count then bounced
    /// between the CPUs.
    private unowned(unsafe) let stopper: ConnectionStopper
    /// The stopper made for a context built outside a dispatcher, kept alive here.
    private let ownStopper: ConnectionStopper?

    /// An integer id is kept as one until asked for: few handlers look at
    /// their id, and making its text into a `JSONValue` for every request cost
    /// about 150 instructions.
    private enum Identity: Sendable {
        case value(JSONValue?)
        case integer(Int)
    }

    public init(id: JSONValue?, cancellation: CancellationFlag? = nil, stopper: @escaping @Sendable () -> Void = {}) {
        let own = ConnectionStopper(stopper)
        identity = .value(id)
        self.cancellation = cancellation
        self.stopper = own
        ownStopper = own
    }

    /// A request the dispatcher serves, whose `stopper` it keeps alive.
    init(id: JSONValue?, cancellation: CancellationFlag? = nil, dispatcherStopper stopper: ConnectionStopper) {
        identity = .value(id)
        self.cancellation = cancellation
        self.stopper = stopper
        ownStopper = nil
    }

    /// A request whose id is `id`, written as `String(id)` writes it.
    init(integerID id: Int, dispatcherStopper stopper: ConnectionStopper) {
        identity = .integer(id)
        cancellation = nil
        self.stopper = stopper
        ownStopper = nil
    }

    /// True once the host sent `$/cancelRequest` for this request; long work should stop.
    public var isCancelled: Bool { cancellation?.isCancelled ?? false }

    /// Asks the connection to stop reading after this request and exit once in-flight work is done.
    public func requestStop() { stopper.stop() }
}

/// What a request calls to stop its connection (`RequestContext.requestStop`).
final class ConnectionStopper: Sendable {
    let stop: @Sendable () -> Void

    init(_ stop: @escaping @Sendable () -> Void) {
        self.stop = stop
    }
}
