import CheckoutCore
import JSONRPC
import Logging

/// The checkoutd service: its configuration, its state, and the method table
/// that connects JSON-RPC requests to `CheckoutCore`.
public final class CheckoutService: Sendable {
    /// The version reported by `service.info`, `--version` and the client meta info.
    public static let version = "0.1.0"
    public static let name = "checkoutd"

    public let configuration: ServiceConfiguration
    /// When this service instance started, on its clock.
    public let startedAt: Timestamp
    let logger: Logger

    public init(configuration: ServiceConfiguration = ServiceConfiguration(), logger: Logger = Logger(label: "checkoutd")) {
        self.configuration = configuration
        self.startedAt = configuration.clock.now()
        self.logger = logger
    }

    /// The wire names of every method, sorted.
    public static var methodNames: [String] { routes.map { $0.name }.sorted() }

    /// The method table for a JSON-RPC connection.
    public func makeRegistry() -> MethodRegistry {
        var registry = MethodRegistry()
        for route in Self.routes { register(route, in: &registry) }
        return registry
    }

    private func register<Method: CheckoutMethod>(_ method: Method.Type, in registry: inout MethodRegistry) {
        registry.register(method) { [self] params, context in
            try Method.handle(params, service: self, context: context)
        }
    }
}

/// What the operator chose at start-up.
public struct ServiceConfiguration: Sendable {
    public var clock: any Clock

    public init(clock: any Clock = SystemClock()) {
        self.clock = clock
    }
}
