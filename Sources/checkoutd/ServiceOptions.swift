import CheckoutCore
import CheckoutService
import CheckoutStore
import JSONRPC
import Logging

/// The flags every way of running checkoutd shares, with their defaults.
struct ServiceOptions: Equatable {
    var clock: Timestamp?
    var logLevel: Logger.Level = .warning
    var maxLineBytes = 1 << 20
    var sessionTimeToLive: Int64 = ServiceConfiguration.defaultSessionTimeToLive
    var catalog: String?
    var iin: String?
    var rates: String?
    var cardBrands: String?
    var assetBase = AssetBase.default
    var privateKey: String?
    var data: String?
    var storeKey: String?

    /// Every flag, in the order help lists them: each reads its value into the
    /// options, and says false when the value is not one it takes.
    static let flags: [Flag] = [
        Flag("--clock", "RFC3339", "Freeze the service clock at this RFC 3339 instant.",
             expecting: "an RFC 3339 instant, e.g. 2026-11-21T10:00:00Z") { options, value in
            guard let instant = Timestamp(rfc3339: value) else { return false }
            options.clock = instant
            return true
        },
        Flag("--log-level", "LEVEL", "Log level on stderr: error, warn, info or debug (default: warn).",
             expecting: "error, warn, info or debug") { options, value in
            guard let level = logLevels[value] else { return false }
            options.logLevel = level
            return true
        },
        Flag("--max-line-bytes", "BYTES", "Longest request line accepted, in bytes (default: 1048576, 64 to 1073741824).",
             expecting: "a whole number of bytes from 64 to 1073741824 (1 GiB)") { options, value in
            guard let bytes = Int(value), maxLineBytesRange.contains(bytes) else { return false }
            options.maxLineBytes = bytes
            return true
        },
        Flag("--session-ttl", "SECONDS", "How long a session lives (default: 3600, at most 31622400: 366 days).",
             expecting: "a whole number of seconds from 1 to 31622400 (366 days)") { options, value in
            guard let seconds = Int64(value), sessionTimeToLiveRange.contains(seconds) else { return false }
            options.sessionTimeToLive = seconds
            return true
        },
        Flag("--catalog", "PATH", "Replace the embedded payment-product catalog with this JSON file.") { $0.catalog = $1 },
        Flag("--iin", "PATH", "Replace the embedded IIN table with this JSON file.") { $0.iin = $1 },
        Flag("--rates", "PATH", "Replace the embedded exchange-rates table with this JSON file.") { $0.rates = $1 },
        Flag("--card-brands", "PATH", "Replace the embedded card brand table with this JSON file "
             + "(e.g. Data/brands-access-checkout.json).") { $0.cardBrands = $1 },
        Flag("--asset-url", "URL", "Where the brand images and product logos named in responses are served "
             + "(default: https://assets.checkoutd.invalid/).",
             expecting: "an absolute URL of at most \(AssetBase.maximumLength) characters without query or fragment, "
                 + "e.g. https://cdn.example.com/checkout/") { options, value in
            guard let base = AssetBase(value) else { return false }
            options.assetBase = base
            return true
        },
        Flag("--private-key", "PATH", "Encrypt for this RSA private key (PEM, PKCS#1 or PKCS#8, at least 2048 bits) "
             + "instead of one generated at start-up.") { $0.privateKey = $1 },
        Flag("--data", "LOCATION", "Keep sessions, challenges, tokens and the platform key in this store: a SQLite "
             + "file path (created if missing; its secrets are sealed with the key file PATH.key) or a PostgreSQL URI "
             + "(postgres://… or postgresql://…).") { $0.data = $1 },
        Flag("--store-key", "PATH", "The key file of a PostgreSQL --data store (created with mode 0600 if missing); "
             + "every process on the store needs the same one.") { $0.storeKey = $1 },
    ]

    /// The flags' ranges: a line is held in memory whole, and a session's life is
    /// added to the clock, so neither may be near the integers' limits.
    static let maxLineBytesRange = 64...(1 << 30)
    static let sessionTimeToLiveRange: ClosedRange<Int64> = 1...31_622_400

    /// Nil when the flags agree; otherwise what is wrong. A frozen clock must leave
    /// room for the longest life anything gets (a session, or a 3-D Secure
    /// challenge's 10 minutes) before `Timestamp.latest`, so that no `expiresAt`
    /// passes 9999-12-31.
    func disagreement() -> String? {
        guard let clock else { return nil }
        let life = max(sessionTimeToLive, ChallengeTable.defaultTimeToLive)
        guard clock.secondsSinceEpoch > Timestamp.latest.secondsSinceEpoch - life else { return nil }
        return "--clock \(clock.rfc3339) leaves less than \(life) seconds (the session or challenge life) "
            + "before \(Timestamp.latest.rfc3339), the last instant a timestamp can have"
    }

    private static let logLevels: [String: Logger.Level] = [
        "error": .error, "warn": .warning, "info": .info, "debug": .debug,
    ]

    /// The configuration the flags describe, with the data files they name loaded.
    /// A file that cannot be read or does not match its schema is a `StartupFailure`.
    func makeConfiguration() throws(StartupFailure) -> ServiceConfiguration {
        let brands = try cardBrands.map { path throws(StartupFailure) in
            try DataFileReader.load(path, flag: "--card-brands", CardBrandTable.load)
        }
        var configuration = ServiceConfiguration(
            clock: clock.map(FixedClock.init) ?? SystemClock(), sessionTimeToLive: sessionTimeToLive,
            brands: brands ?? .standard, assetBase: assetBase)
        if let catalog {
            configuration.catalog = try DataFileReader.load(catalog, flag: "--catalog", PaymentCatalog.load)
        }
        if let iin {
            configuration.iinTable = try DataFileReader.load(iin, flag: "--iin", IINTable.load)
        }
        if let rates {
            configuration.rates = try DataFileReader.load(rates, flag: "--rates", RatesTable.load)
        }
        if storeKey != nil, data == nil { throw StartupFailure("--store-key needs --data with a PostgreSQL URI") }
        let store = try data.map(openStore)
        if let store { configuration.store = store.platform }
        configuration.platformKey = try platformKey(store: store)
        return configuration
    }

    /// The `--data` store; one that cannot be opened or reached stops start-up.
    private func openStore(_ data: String) throws(StartupFailure) -> SQLPlatformStore {
        do {
            let location = try StoreLocation(parsing: data)
            if case .sqlite = location, storeKey != nil {
                throw StartupFailure("--store-key is for a PostgreSQL store; a SQLite store keeps its key in PATH.key")
            }
            return try SQLPlatformStore.open(location, storeKeyPath: storeKey, sessionTimeToLive: sessionTimeToLive)
        } catch let failure as StartupFailure {
            throw failure
        } catch {
            throw StartupFailure("--data \(error)")
        }
    }

    /// The `--private-key` key, else the one kept in the `--data` store (generated
    /// the first time); nil without either: the service then generates one in the
    /// background at start-up, so the first response does not wait for it.
    private func platformKey(store: SQLPlatformStore?) throws(StartupFailure) -> PlatformKey? {
        if let privateKey { return try DataFileReader.platformKey(privateKey, flag: "--private-key") }
        guard let store else { return nil }
        do {
            return try store.platformKey(generatingWith: PlatformKey.generate)
        } catch {
            throw StartupFailure("--data \(error)")
        }
    }

    var limits: Connection.Limits {
        Connection.Limits(maxLineBytes: maxLineBytes)
    }

    /// Sends swift-log output to stderr, one line per event, card numbers masked.
    func bootstrapLogging() -> Logger {
        let level = logLevel
        LoggingSystem.bootstrap { label in
            var handler = CardNumberMaskingLogHandler(wrapping: StreamLogHandler.standardError(label: label))
            handler.logLevel = level
            return handler
        }
        return Logger(label: "checkoutd")
    }
}

/// One flag of the command line: `NAME VALUE_NAME`, what it does, and how its
/// value is read (false: not a value it takes; `expecting` says what would be).
struct Flag: Sendable {
    let name: String
    let valueName: String
    let help: String
    let expecting: String
    let apply: @Sendable (inout ServiceOptions, String) -> Bool

    init(_ name: String, _ valueName: String, _ help: String, expecting: String,
         apply: @escaping @Sendable (inout ServiceOptions, String) -> Bool) {
        self.name = name
        self.valueName = valueName
        self.help = help
        self.expecting = expecting
        self.apply = apply
    }

    /// A flag that takes any value, such as a path.
    init(_ name: String, _ valueName: String, _ help: String, set: @escaping @Sendable (inout ServiceOptions, String) -> Void) {
        self.init(name, valueName, help, expecting: "any text") { options, value in
            set(&options, value)
            return true
        }
    }
}
