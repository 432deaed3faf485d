import CheckoutCore
import JSONRPC

/// The `rpc.*` and `service.*` namespace.
enum ServiceMethods {
    static let routes: [any CheckoutMethod.Type] = [Discover.self, Info.self, Shutdown.self]

    /// `rpc.discover`: the OpenRPC document shipped as `Schemas/openrpc.json`.
    enum Discover: CheckoutMethod {
        static let name = "rpc.discover"
        static let access = StateAccess.none
        typealias Params = NoParams
        typealias Result = JSONValue

        static func handle(_ params: NoParams, service: CheckoutService, context: RequestContext) throws -> JSONValue {
            OpenRPCDocument.value
        }
    }

    /// `service.info`: who is serving, since when, which methods, and which data.
    enum Info: CheckoutMethod {
        static let name = "service.info"
        static let access = StateAccess.none
        typealias Params = NoParams

        struct Result: Encodable, Sendable {
            let name: String
            let version: String
            let startedAt: Timestamp
            let now: Timestamp
            let methods: [String]
            let keyId: String
            let ratesAsOf: Timestamp
            let catalogVersion: String
            let store: StoreInfo
        }

        /// Where the platform's state is kept; never the path or URI.
        struct StoreInfo: Encodable, Sendable {
            let kind: PlatformStore.Kind
            let schemaVersion: Int?
        }

        static func handle(_ params: NoParams, service: CheckoutService, context: RequestContext) throws -> Result {
            Result(name: CheckoutService.name, version: CheckoutService.version, startedAt: service.startedAt,
                   now: service.configuration.clock.now(), methods: CheckoutService.methodNames,
                   keyId: try service.platformKey.key().keyId,
                   ratesAsOf: service.configuration.rates.asOf, catalogVersion: service.configuration.catalog.version,
                   store: StoreInfo(kind: service.configuration.store.kind,
                                    schemaVersion: service.configuration.store.schemaVersion))
        }
    }

    /// `service.shutdown`: answer, stop reading, finish in-flight work, exit 0.
    enum Shutdown: CheckoutMethod {
        static let name = "service.shutdown"
        static let access = StateAccess.none
        typealias Params = NoParams
        typealias Result = EmptyResult

        static func handle(_ params: NoParams, service: CheckoutService, context: RequestContext) throws -> EmptyResult {
            service.logger.info("shutdown requested")
            context.requestStop()
            return EmptyResult()
        }
    }
}
