import CheckoutService
import JSONRPC
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Serves JSON-RPC on stdin/stdout until end of input, `service.shutdown`, or
/// SIGTERM, SIGINT or SIGHUP, which act like `service.shutdown`.
enum Serve {
    /// Serves, and returns the exit code.
    static func run(_ options: ServiceOptions) throws(StartupFailure) -> Int32 {
        // First: no thread has started yet, and every later one inherits the mask.
        let stopSignals = StopSignals.block()
        guard let output = StandardIO.claimStandardOutput() else {
            throw StartupFailure("cannot duplicate standard output (\(String(cString: strerror(errno))))")
        }
        let pipeBuffers = [0, output].map { StandardIO.enlargePipeBuffer($0).map(String.init) ?? "not a pipe" }
        let logger = options.bootstrapLogging()
        let service = CheckoutService(configuration: try options.makeConfiguration(), logger: logger)
        service.preparePlatformKey()
        logger.info("serving", metadata: ["version": "\(CheckoutService.version)",
                                          "stdinPipeBytes": "\(pipeBuffers[0])", "stdoutPipeBytes": "\(pipeBuffers[1])"])
        let connection = Connection(input: 0, output: output, registry: service.makeRegistry(),
                                    limits: options.limits, logger: logger, redaction: CheckoutService.errorRedaction)
        stopSignals.watch { number in
            logger.info("stopping", metadata: ["signal": "\(StopSignals.name(of: number))"])
            connection.stop()
        }
        switch connection.run() {
        case .endOfInput, .stopRequested, .outputClosed:
            return 0
        case .inputFailed(let errno):
            logger.error("reading stdin failed", metadata: ["errno": "\(errno)"])
            return 1
        }
    }
}
