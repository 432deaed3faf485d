import ArgumentParser
import CheckoutCore
import CheckoutService
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

    func validate() throws {
        guard maxLineBytes >= 64 else { throw ValidationError("--max-line-bytes must be at least 64") }
    }

    var configuration: ServiceConfiguration {
        ServiceConfiguration(clock: clock.map { FixedClock($0.instant) } ?? SystemClock())
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
