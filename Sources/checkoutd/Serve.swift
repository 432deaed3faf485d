import CheckoutService
import JSONRPC

/// Serves JSON-RPC on stdin/stdout until end of input or `service.shutdown`.
enum Serve {
    /// Serves, and returns the exit code.
    static func run(_ options: ServiceOptions) throws(StartupFailure) -> Int32 {
        let output = StandardIO.claimStandardOutput()
        let pipeBuffers = [0, output].map { StandardIO.enlargePipeBuffer($0).map(String.init) ?? "not a pipe" }
        let logger = options.bootstrapLogging()
        let service = CheckoutService(configuration: try options.makeConfiguration(), logger: logger)
        service.preparePlatformKey()
        logger.info("serving", metadata: ["version": "\(CheckoutService.version)",
                                          "stdinPipeBytes": "\(pipeBuffers[0])", "stdoutPipeBytes": "\(pipeBuffers[1])"])
        let connection = Connection(input: 0, output: output, registry: service.makeRegistry(),
                                    limits: options.limits, logger: logger, redaction: CheckoutService.errorRedaction)
        switch connection.run() {
        case .endOfInput, .stopRequested, .outputClosed:
            return 0
        case .inputFailed(let errno):
            logger.error("reading stdin failed", metadata: ["errno": "\(errno)"])
            return 1
        }
    }
}
