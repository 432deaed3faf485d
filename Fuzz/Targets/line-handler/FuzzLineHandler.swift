// libFuzzer target: the JSON-RPC line handler with every checkoutd method.
//
// The input is a byte stream as a host would write it to stdin: it is cut into
// lines by `LineFramer` and each line goes to `Dispatcher.handle(line:)` of a
// fresh service (so a crash depends on this input alone). Every response,
// immediate or delivered later by a worker, must be one line of valid UTF-8
// JSON that is a JSON-RPC 2.0 response object (or a non-empty array of them),
// every error must carry `data.reason`, and none may be -32603 INTERNAL_ERROR.
import CheckoutCore
import CheckoutService
import JSONRPC
import Logging
import Synchronization

/// One RSA key for every input: generating it costs far more than a request.
private let platformKey: PlatformKey = {
    do { return try PlatformKey.generate() } catch { fatalError("cannot generate the platform key: \(error)") }
}()

private let clock = FixedClock(Timestamp(rfc3339: "2026-11-21T10:00:00Z")!)
// Small, so that inputs within -max_len also reach the over-long line path.
private let maxLineBytes = 4096

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLineHandler(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: start, count: count)
    let service = CheckoutService(configuration: ServiceConfiguration(
        clock: clock, sessionCapacity: 64, platformKey: platformKey))
    let deferred = Mutex<[[UInt8]]>([])
    let dispatcher = Dispatcher(
        registry: service.makeRegistry(),
        logger: Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() },
        deferredOutput: { line in deferred.withLock { $0.append(line) } })

    var framer = LineFramer(maxLineBytes: maxLineBytes)
    framer.append(input)
    var events: [LineFramer.Event] = []
    while let event = framer.next() { events.append(event) }
    if let event = framer.finish() { events.append(event) }

    for event in events {
        switch event {
        case .line(let line):
            if let response = dispatcher.handle(line: line) { checkResponseLine(response, request: line) }
        case .lineTooLong:
            checkResponseLine(dispatcher.lineTooLongResponse(limit: maxLineBytes), request: [])
        }
    }
    dispatcher.waitForInFlightWork()
    for response in deferred.withLock({ $0 }) { checkResponseLine(response, request: []) }
    return 0
}

/// Traps with the offending response and request, so libFuzzer saves the input.
private func violated(_ rule: String, _ response: [UInt8], _ request: [UInt8]) -> Never {
    fatalError("""
        \(rule)
        response: \(String(decoding: response, as: UTF8.self))
        request: \(String(decoding: request.prefix(2000), as: UTF8.self))
        """)
}

private func checkResponseLine(_ line: [UInt8], request: [UInt8]) {
    guard line.last == 0x0A, !line.dropLast().contains(0x0A), !line.contains(0x0D) else {
        violated("a response is not exactly one line", line, request)
    }
    let body = Array(line.dropLast())
    guard String(validating: body, as: UTF8.self) != nil else { violated("a response is not UTF-8", line, request) }
    let parsed: JSONValue
    do {
        parsed = try body.withUnsafeBytes { raw throws(JSONParseError) in try JSONParser.parse(raw) }
    } catch {
        violated("a response is not JSON: \(error)", line, request)
    }
    switch parsed {
    case .array(let responses):
        guard !responses.isEmpty else { violated("a batch response is empty", line, request) }
        for response in responses { checkResponseObject(response, line, request) }
    default:
        checkResponseObject(parsed, line, request)
    }
}

private func checkResponseObject(_ value: JSONValue, _ line: [UInt8], _ request: [UInt8]) {
    guard case .object(let object) = value else { violated("a response is not an object", line, request) }
    let keys = object.keys
    guard keys == ["jsonrpc", "id", "result"] || keys == ["jsonrpc", "id", "error"] else {
        violated("a response has members \(keys)", line, request)
    }
    guard object["jsonrpc"] == .string("2.0") else { violated("jsonrpc is not \"2.0\"", line, request) }
    switch object["id"] {
    case .string, .number, .null: break
    default: violated("a response id is not a string, number or null", line, request)
    }
    guard case .object(let error)? = object["error"] else { return }
    guard error.keys == ["code", "message", "data"],
          case .number(let code)? = error["code"], let code = Int(code),
          case .string? = error["message"]
    else { violated("an error object is malformed", line, request) }
    guard case .object(let data)? = error["data"], case .string(let reason)? = data["reason"], !reason.isEmpty else {
        violated("an error has no data.reason", line, request)
    }
    if code == -32603 { violated("INTERNAL_ERROR (-32603), which is always a bug", line, request) }
}
