/// One JSON-RPC method: its wire name, the shapes of its params and result, and
/// what it does to the state its service shares between requests. Services
/// declare one type per method and register it with a handler.
public protocol RPCMethod: Sendable {
    associatedtype Params: Decodable & Sendable
    associatedtype Result: Encodable & Sendable

    /// The method name on the wire, e.g. `mask.apply`.
    static var name: String { get }

    /// What a request with `params` does to shared state; this alone decides
    /// when it may run (`RequestScheduler`). Defaults to `access`.
    static func access(for params: Params) -> StateAccess

    /// What the method does to shared state. Defaults to `.writes`, the one
    /// choice that is never wrong, only slower.
    static var access: StateAccess { get }

    /// Where the method runs once it may run: on the reading thread, or on a
    /// worker when it is slow (CPU-heavy, or waiting on a store).
    static var placement: Placement { get }
}

extension RPCMethod {
    public static var access: StateAccess { .writes }
    public static var placement: Placement { .inline }
    public static func access(for params: Params) -> StateAccess { access }
}

/// What a request does to the state its service shares between requests.
public enum StateAccess: Sendable, Equatable {
    /// Touches no shared state: runs as soon as it is read.
    case none
    /// Only reads shared state: runs beside other reads, after every earlier write.
    case reads
    /// Changes shared state: runs after every earlier read and write, alone.
    case writes
}

/// Where a request runs once the requests it must follow are done.
public enum Placement: Sendable, Equatable {
    /// On the reading thread when it may run at once; worth it for work that
    /// costs less than waking another thread.
    case inline
    /// On a worker thread, so the reading thread goes on reading.
    case worker
    /// On the reading thread when no other request that touches state is in
    /// flight and no more input is waiting, else on a worker: for work that
    /// waits (on a database across a socket). Alone, a hop to a worker only
    /// adds two thread wake-ups to its latency; among others, waiting on
    /// workers lets them overlap.
    case inlineWhenIdle
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
    private let stopper: @Sendable () -> Void

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
