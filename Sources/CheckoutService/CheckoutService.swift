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
    let sessions: Sessions
    let platformKey: PlatformKeyring
    let challenges: Challenges

    public init(configuration: ServiceConfiguration = ServiceConfiguration(), logger: Logger = Logger(label: "checkoutd")) {
        self.configuration = configuration
        self.startedAt = configuration.clock.now()
        self.logger = logger
        self.sessions = Sessions(store: configuration.store.sessions, clock: configuration.clock)
        self.platformKey = PlatformKeyring(configured: configuration.platformKey)
        self.challenges = Challenges(store: configuration.store.challenges, clock: configuration.clock)
    }

    /// Generates the platform key in the background when none was configured.
    public func preparePlatformKey() {
        platformKey.prepareInBackground()
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
        let kind = configuration.store.kind
        registry.register(method, placing: { access in Self.placement(of: access, in: kind) }) { [self] params, context in
            try Method.handle(params, service: self, context: context)
        }
    }
}

extension CheckoutService {
    /// Where a request that touches state runs, by the store it waits on: in
    /// memory where it may (nothing to wait for); with SQLite, reads there too
    /// (WAL readers never wait) and writes on a worker (one may wait for another
    /// process's lock); with PostgreSQL, on the reading thread when it is the only
    /// request in flight (a thread hop would only add to the round trip) and on a
    /// worker otherwise, so the reading thread goes on reading and reads overlap.
    static func placement(of access: StateAccess, in store: PlatformStore.Kind) -> Placement? {
        switch (store, access) {
        case (.memory, _), (_, .none): nil
        case (.sqlite, .reads): nil
        case (.sqlite, .writes): .worker
        case (.postgresql, _): .inlineWhenIdle
        }
    }
}

/// What the operator chose at start-up.
public struct ServiceConfiguration: Sendable {
    public var clock: any Clock
    /// How long a session lives, in seconds (`--session-ttl`).
    public var sessionTimeToLive: Int64
    /// How many sessions (and expiry markers) are kept before the oldest are dropped.
    public var sessionCapacity: Int
    /// The payment products (`--catalog`, else the embedded catalog). Like the
    /// IIN table and the rates, the embedded one is decoded when first used,
    /// not at start-up: decoding the data was most of start-up's work, and card
    /// and mask methods need none of it.
    public var catalog: PaymentCatalog {
        get { chosenCatalog ?? .embedded }
        set { chosenCatalog = newValue }
    }
    private var chosenCatalog: PaymentCatalog?
    /// The issuer identification numbers (`--iin`, else the embedded table).
    public var iinTable: IINTable {
        get { chosenIINTable ?? .embedded }
        set { chosenIINTable = newValue }
    }
    private var chosenIINTable: IINTable?
    /// The card brands and the prefixes that identify them (`--card-brands`, else the
    /// standard table), with their images below `assetBase`.
    public var brands: CardBrandTable
    /// Where brand images and product logos are served from (`--asset-url`).
    public var assetBase: AssetBase
    /// The exchange rates (`--rates`, else the embedded table).
    public var rates: RatesTable {
        get { chosenRates ?? .embedded }
        set { chosenRates = newValue }
    }
    private var chosenRates: RatesTable?
    /// Where sessions, challenges and tokens are kept: in memory, or the store
    /// `--data` opens. Made from the session life and capacity when not given.
    public var store: PlatformStore
    /// The key payment requests are encrypted for (`--private-key`, else one
    /// generated at start-up); nil: generated when first needed.
    public var platformKey: PlatformKey?

    public static let defaultSessionTimeToLive: Int64 = 3600
    public static let defaultSessionCapacity = 100_000

    public init(
        clock: any Clock = SystemClock(), sessionTimeToLive: Int64 = defaultSessionTimeToLive,
        sessionCapacity: Int = defaultSessionCapacity, catalog: PaymentCatalog? = nil,
        iinTable: IINTable? = nil, brands: CardBrandTable = .standard, assetBase: AssetBase = .default,
        rates: RatesTable? = nil, store: PlatformStore? = nil, platformKey: PlatformKey? = nil
    ) {
        self.clock = clock
        self.sessionTimeToLive = sessionTimeToLive
        self.sessionCapacity = sessionCapacity
        self.chosenCatalog = catalog
        self.chosenIINTable = iinTable
        // A table is made with the default base's images: only another base rebuilds it.
        self.brands = assetBase == .default ? brands : brands.withImages(at: assetBase)
        self.assetBase = assetBase
        self.chosenRates = rates
        self.store = store ?? .memory(sessionTimeToLive: sessionTimeToLive, sessionCapacity: sessionCapacity)
        self.platformKey = platformKey
    }
}
