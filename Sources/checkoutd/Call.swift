import CheckoutService
import JSONRPC
import Synchronization

/// `checkoutd call METHOD [PARAMS_JSON]`: one request, its result on stdout
/// (exit 0) or its error object on stderr (exit 1).
enum Call {
    /// Runs the request, prints what it answered, and returns the exit code.
    static func run(method: String, params: String, options: ServiceOptions) throws(StartupFailure) -> Int32 {
        let logger = options.bootstrapLogging()
        let service = CheckoutService(configuration: try options.makeConfiguration(), logger: logger)
        let later = Mutex<[UInt8]?>(nil)
        let dispatcher = Dispatcher(registry: service.makeRegistry(), logger: logger,
                                    redaction: CheckoutService.errorRedaction, deliver: { line in later.withLock { $0 = line } })
        var request = Array(#"{"jsonrpc":"2.0","id":1,"method":"#.utf8)
        JSONSerializer.writeString(method, to: &request)
        request.append(contentsOf: #","params":"#.utf8)
        request.append(contentsOf: params.utf8)
        request.append(UInt8(ascii: "}"))
        var line = dispatcher.handle(line: request)
        dispatcher.waitForInFlightWork()
        if line == nil { line = later.withLock { $0 } }
        guard let line, case .object(let response)? = try? JSONParser.parse(String(decoding: line, as: UTF8.self)) else {
            writeToStandardError("checkoutd call: no response\n")
            return 1
        }
        if let result = response["result"] {
            writeToStandardOutput(JSONSerializer.string(of: result) + "\n")
            return 0
        }
        writeToStandardError(JSONSerializer.string(of: response["error"] ?? .null) + "\n")
        return 1
    }
}
