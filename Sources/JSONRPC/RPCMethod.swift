/// One JSON-RPC method: its wire name and the shapes of its params and result.
/// Services declare one type per method and register it with a handler.
public protocol RPCMethod: Sendable {
    associatedtype Params: Decodable & Sendable
    associatedtype Result: Encodable & Sendable

    /// The method name on the wire, e.g. `mask.apply`.
    static var name: String { get }
    /// Where the handler runs; cheap methods stay on the reading thread.
    static var execution: Execution { get }
}

extension RPCMethod {
    public static var execution: Execution { .inline }
}

/// Where a handler runs.
public enum Execution: Sendable {
    /// On the thread that read the request, before the next line is read. Its
    /// effects are visible to every later request.
    case inline
    /// On a worker thread, so several can run at once and be cancelled.
    case concurrent
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
    public let id: JSONValue?
    let cancellation: CancellationFlag?
    let stopper: @Sendable () -> Void

    public init(id: JSONValue?, cancellation: CancellationFlag? = nil, stopper: @escaping @Sendable () -> Void = {}) {
        self.id = id
        self.cancellation = cancellation
        self.stopper = stopper
    }

    /// True once the host sent `$/cancelRequest` for this request; long work should stop.
    public var isCancelled: Bool { cancellation?.isCancelled ?? false }

    /// Asks the connection to stop reading after this request and exit once in-flight work is done.
    public func requestStop() { stopper() }
}
