import ArgumentParser
import CheckoutCore
import CheckoutService
import CheckoutStore
import JSONRPC
import Logging

/// The flags every way of running checkoutd shares.
struct ServiceOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Freeze the service clock at this RFC 3339 instant.", valueName: "RFC3339"))
    var clock: FrozenClock?

    @Option(help: "Log level on stderr: error, warn, info or debug.")
    var logLevel: LogLevel = .warn

    @Option(help: ArgumentHelp("Longest request line accepted, in bytes.", valueName: "BYTES"))
    var maxLineBytes: Int = 1 << 20

    @Option(name: .customLong("session-ttl"), help: ArgumentHelp("How long a session lives.", valueName: "SECONDS"))
    var sessionTimeToLive: Int64 = ServiceConfiguration.defaultSessionTimeToLive

    @Option(help: ArgumentHelp("Replace the embedded payment-product catalog with this JSON file.", valueName: "PATH"))
    var catalog: String?

    @Option(help: ArgumentHelp("Replace the embedded IIN table with this JSON file.", valueName: "PATH"))
    var iin: String?

    @Option(help: ArgumentHelp("Replace the embedded exchange-rates table with this JSON file.", valueName: "PATH"))
    var rates: String?

    @Option(help: ArgumentHelp("Encrypt for this RSA private key (PEM, PKCS#1 or PKCS#8, at least 2048 bits) "
                               + "instead of one generated at start-up.", valueName: "PATH"))
    var privateKey: String?

    @Option(help: ArgumentHelp("Keep tokens and the platform key in this SQLite database (created if missing); "
                               + "its secrets are sealed with the key file PATH.key.", valueName: "PATH"))
    var data: String?

    func validate() throws {
        guard maxLineBytes >= 64 else { throw ValidationError("--max-line-bytes must be at least 64") }
        guard sessionTimeToLive >= 1 else { throw ValidationError("--session-ttl must be at least 1 second") }
    }

    /// The configuration the flags describe, with the data files they name loaded.
    /// A file that cannot be read or does not match its schema is a `StartupFailure`.
    func makeConfiguration() throws(StartupFailure) -> ServiceConfiguration {
        var configuration = ServiceConfiguration(
            clock: clock.map { FixedClock($0.instant) } ?? SystemClock(), sessionTimeToLive: sessionTimeToLive)
        if let catalog {
            configuration.catalog = try DataFileReader.load(catalog, flag: "--catalog", PaymentCatalog.load)
        }
        if let iin {
            configuration.iinTable = try DataFileReader.load(iin, flag: "--iin", IINTable.load)
        }
        if let rates {
            configuration.rates = try DataFileReader.load(rates, flag: "--rates", RatesTable.load)
        }
        let store = try data.map(openStore)
        if let store { configuration.vault = store }
        configuration.platformKey = try platformKey(store: store)
        return configuration
    }

    /// The `--data` store; one that cannot be opened stops start-up.
    private func openStore(_ path: String) throws(StartupFailure) -> SQLiteTokenVault {
        do {
            return try SQLiteTokenVault(path: path)
        } catch {
            throw StartupFailure("--data \(error)")
        }
    }

    /// The `--private-key` key, else the one kept in the `--data` store (generated
    /// the first time); nil without either: the service then generates one in the
    /// background at start-up, so the first response does not wait for it.
    private func platformKey(store: SQLiteTokenVault?) throws(StartupFailure) -> PlatformKey? {
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

    /// Sends swift-log output to stderr, one line per event.
    func bootstrapLogging() -> Logger {
        let level = logLevel.level
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = level
            return handler
        }
        return Logger(label: "checkoutd")
    }
}

/// `--clock` as parsed from the command line.
struct FrozenClock: ExpressibleByArgument {
    let instant: Timestamp

    init?(argument: String) {
        guard let instant = Timestamp(rfc3339: argument) else { return nil }
        self.instant = instant
    }
}

enum LogLevel: String, ExpressibleByArgument, CaseIterable {
    case error, warn, info, debug

    var level: Logger.Level {
        switch self {
        case .error: return .error
        case .warn: return .warning
        case .info: return .info
        case .debug: return .debug
        }
    }
}
