// libFuzzer target: the JSON-RPC line handler with every checkoutd method.
//
// The input is a byte stream as a host would write it to stdin: it is cut into
// lines by `LineFramer` (the same lines whether it arrives at once or in
// chunks) and each line goes to `Dispatcher.handle(line:)` of a fresh service
// (so a crash depends on this input alone), which runs it at once or schedules
// it after the requests it must follow (`RequestScheduler`). Every response, immediate or delivered later by a worker, must be one line
// of valid UTF-8 JSON that is a JSON-RPC 2.0 response object (or a non-empty
// array of them), every error must carry `data.reason`, and none may be -32603
// INTERNAL_ERROR. Every request gets exactly one reply with its id and a
// notification none: the replies (a batch's as one array, in order) are
// compared with those the envelope rules of Sources/JSONRPC/Request.swift call
// for.
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
        deliver: { line in deferred.withLock { $0.append(line) } })

    var framer = LineFramer(maxLineBytes: maxLineBytes)
    framer.append(input)
    var events: [LineFramer.Event] = []
    while let event = framer.next() { events.append(event) }
    if let event = framer.finish() { events.append(event) }
    // Framing does not depend on how the bytes arrive: read in chunks of 1 to 64 bytes
    // (sized by the input itself) and lent line by line as the read loop takes
    // them, the stream gives the same lines.
    var chunkedFramer = LineFramer(maxLineBytes: maxLineBytes)
    var chunkedEvents: [LineFramer.Event] = []
    func keep(_ event: LineFramer.BorrowedEvent) { chunkedEvents.append(LineFramer.copy(event)) }
    var offset = 0
    while offset < input.count {
        let end = min(offset + Int(input[offset] % 64) + 1, input.count)
        chunkedFramer.append(UnsafeRawBufferPointer(rebasing: input[offset..<end]))
        while chunkedFramer.next(keep) {}
        offset = end
    }
    chunkedFramer.finish(keep)
    if chunkedEvents != events { violated("framing in chunks gives other lines: \(chunkedEvents)", [], Array(input)) }

    var expected: [Reply] = []
    var replies: [Reply] = []
    for event in events {
        switch event {
        case .line(let line):
            if let reply = expectedReply(to: line) { expected.append(reply) }
            if let response = dispatcher.handle(line: line) {
                replies.append(checkResponseLine(response, request: line))
            }
        case .lineTooLong:
            expected.append(.single(.null))
            replies.append(checkResponseLine(dispatcher.lineTooLongResponse(limit: maxLineBytes), request: []))
        }
    }
    dispatcher.waitForInFlightWork()
    for response in deferred.withLock({ $0 }) { replies.append(checkResponseLine(response, request: [])) }
    if counts(of: replies) != counts(of: expected) {
        violated("the replies \(replies) are not the expected \(expected)", [], Array(input))
    }
    return 0
}

/// The reply to one line, by the ids of the responses it holds.
private enum Reply: Hashable, CustomStringConvertible {
    case single(JSONValue)
    case batch([JSONValue])

    var description: String {
        switch self {
        case .single(let id): return JSONSerializer.string(of: id)
        case .batch(let ids): return "[" + ids.map { JSONSerializer.string(of: $0) }.joined(separator: ",") + "]"
        }
    }
}

private func counts(of replies: [Reply]) -> [Reply: Int] {
    replies.reduce(into: [:]) { $0[$1, default: 0] += 1 }
}

/// What the protocol promises for a line: one reply with id null for a line that is
/// not UTF-8 JSON, an empty or an over-long batch; else the reply to each entry.
private func expectedReply(to line: [UInt8]) -> Reply? {
    guard String(validating: line, as: UTF8.self) != nil,
          let value = try? line.withUnsafeBytes({ raw throws(JSONParseError) in try JSONParser.parse(raw) })
    else { return .single(.null) }
    guard case .array(let entries) = value else { return expectedID(for: value).map(Reply.single) }
    if entries.isEmpty || entries.count > 1000 { return .single(.null) }
    let ids = entries.compactMap(expectedID(for:))
    return ids.isEmpty ? nil : .batch(ids)
}

/// The id a request's response carries, or nil when it is a notification and has none.
private func expectedID(for entry: JSONValue) -> JSONValue? {
    guard case .object(let object) = entry else { return .null }
    let keys = object.keys
    let id = object["id"]
    let envelopeIsValid = Set(keys).count == keys.count
        && keys.allSatisfy(["jsonrpc", "id", "method", "params"].contains)
        && object["jsonrpc"] == .string("2.0")
        && object["method"]?.stringValue != nil
        && { switch object["params"] { case nil, .object?, .array?: true; default: false } }()
        && { switch id { case nil, .null?, .string?, .number?: true; default: false } }()
    guard envelopeIsValid else {
        switch id {
        case .string?, .number?: return id
        default: return .null
        }
    }
    return id
}

/// Traps with the offending response and request, so libFuzzer saves the input.
private func violated(_ rule: String, _ response: [UInt8], _ request: [UInt8]) -> Never {
    fatalError("""
        \(rule)
        response: \(String(decoding: response, as: UTF8.self))
        request: \(String(decoding: request.prefix(2000), as: UTF8.self))
        """)
}

@discardableResult
private func checkResponseLine(_ line: [UInt8], request: [UInt8]) -> Reply {
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
        return .batch(responses.map { checkResponseObject($0, line, request) })
    default:
        return .single(checkResponseObject(parsed, line, request))
    }
}

/// Checks one response object and returns its id.
private func checkResponseObject(_ value: JSONValue, _ line: [UInt8], _ request: [UInt8]) -> JSONValue {
    guard case .object(let object) = value else { violated("a response is not an object", line, request) }
    let keys = object.keys
    guard keys == ["jsonrpc", "id", "result"] || keys == ["jsonrpc", "id", "error"] else {
        violated("a response has members \(keys)", line, request)
    }
    guard object["jsonrpc"] == .string("2.0") else { violated("jsonrpc is not \"2.0\"", line, request) }
    let id: JSONValue
    switch object["id"] {
    case let value? where value == .null || value.stringValue != nil: id = value
    case .number(let text)?: id = .number(text)
    default: violated("a response id is not a string, number or null", line, request)
    }
    guard case .object(let error)? = object["error"] else { return id }
    guard error.keys == ["code", "message", "data"],
          case .number(let code)? = error["code"], let code = Int(code),
          case .string? = error["message"]
    else { violated("an error object is malformed", line, request) }
    guard case .object(let data)? = error["data"], case .string(let reason)? = data["reason"], !reason.isEmpty else {
        violated("an error has no data.reason", line, request)
    }
    if code == -32603 { violated("INTERNAL_ERROR (-32603), which is always a bug", line, request) }
    return id
}
