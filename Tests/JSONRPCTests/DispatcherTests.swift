import Dispatch
#if canImport(Glibc)
import Glibc
#endif
@testable import JSONRPC
import Logging
import Synchronization
import Testing

/// Methods for exercising the engine without any payments code.
enum Echo: RPCMethod {
    static let name = "test.echo"
    struct Params: Decodable, Sendable { let text: String; let times: Int? }
    struct Result: Encodable, Sendable { let text: String }
}

enum Slow: RPCMethod {
    static let name = "test.slow"
    static let execution = Execution.concurrent
    typealias Params = NoParams
    typealias Result = EmptyResult
}

enum Fails: RPCMethod {
    static let name = "test.fail"
    typealias Params = NoParams
    typealias Result = EmptyResult
}

/// A method whose result fails to encode after its first member.
enum HalfWritten: RPCMethod {
    static let name = "test.halfWritten"
    typealias Params = NoParams
    struct Result: Encodable, Sendable {
        enum Key: CodingKey { case first }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode("written", forKey: .first)
            throw EncodingError.invalidValue(self, .init(codingPath: [Key.first], debugDescription: "no second member"))
        }
    }
}

/// Counts its calls: shared state, so it runs in order.
enum Count: RPCMethod {
    static let name = "test.count"
    typealias Params = NoParams
    struct Result: Encodable, Sendable { let count: Int }
}

/// Answers its text and the thread it ran on; reads the count, and then runs in
/// order, only when asked with `"count": true`.
enum Peek: RPCMethod {
    static let name = "test.peek"
    static let execution = Execution.independent(orderedWhenGiven: "count")
    struct Params: Decodable, Sendable { let text: String?; let count: Bool? }
    struct Result: Encodable, Sendable { let text: String?; let count: Int?; let thread: UInt }
}

/// Params read plainly, compact text included: answers what it read. Runs
/// beside earlier requests unless it names a `group`.
enum Plain: RPCMethod {
    static let name = "test.plain"
    static let execution = Execution.independent(orderedWhenGiven: "group")
    struct Params: Decodable, Sendable, Equatable, PlainParams {
        let name: String
        let code: String?
        let flag: Bool?
        let group: String?

        init?(plain params: inout PlainParamsReader) {
            guard let name = params.string("name") else { return nil }
            self.name = name
            code = params.string("code", as: { $0 == "bad" ? nil : $0 })
            flag = params.bool("flag")
            group = params.string("group")
        }

        enum CodingKeys: String, CodingKey { case name, code, flag, group }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            code = try container.decodeIfPresent(String.self, forKey: .code)
            flag = try container.decodeIfPresent(Bool.self, forKey: .flag)
            group = try container.decodeIfPresent(String.self, forKey: .group)
            if code == "bad" {
                throw DecodingError.dataCorruptedError(forKey: .code, in: container, debugDescription: "not bad")
            }
        }
    }
    struct Result: Encodable, Sendable { let name: String; let code: String?; let flag: Bool?; let group: String? }
}

/// Asks the connection to stop after it.
enum Stop: RPCMethod {
    static let name = "test.stop"
    typealias Params = NoParams
    typealias Result = EmptyResult
}

/// A gate the slow method waits on, so tests decide when it completes.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func wait() { semaphore.wait() }
    func open(_ count: Int = 1) { for _ in 0..<count { semaphore.signal() } }
}

struct TestError: Error {}

func testRegistry(gate: Gate = Gate()) -> MethodRegistry {
    var registry = MethodRegistry()
    registry.register(Echo.self) { params, _ in
        Echo.Result(text: String(repeating: params.text, count: params.times ?? 1))
    }
    registry.register(Slow.self) { _, _ in
        gate.wait()
        return EmptyResult()
    }
    registry.register(Fails.self) { _, _ in throw TestError() }
    registry.register(HalfWritten.self) { _, _ in HalfWritten.Result() }
    let count = Counter()
    registry.register(Count.self) { _, _ in Count.Result(count: count.add()) }
    registry.register(Peek.self) { params, _ in
        Peek.Result(text: params.text, count: params.count == true ? count.value : nil,
                    thread: UInt(bitPattern: Int(bitPattern: pthread_self())))
    }
    registry.register(Plain.self) { params, _ in
        Plain.Result(name: params.name, code: params.code, flag: params.flag, group: params.group)
    }
    registry.register(Stop.self) { _, context in
        context.requestStop()
        return EmptyResult()
    }
    return registry
}

/// Collects deferred output lines.
final class Output: Sendable {
    private let lines = Mutex<[String]>([])
    func append(_ bytes: [UInt8]) { lines.withLock { $0.append(String(decoding: bytes.dropLast(), as: UTF8.self)) } }
    var all: [String] { lines.withLock { $0 } }
}

@Suite("Dispatching")
struct DispatcherTests {
    let output = Output()
    let gate = Gate()
    let dispatcher: Dispatcher

    init() {
        let output = self.output
        dispatcher = Dispatcher(registry: testRegistry(gate: gate), maxBatchEntries: 3, deferredOutput: { output.append($0) })
    }

    func reply(_ line: String) -> String? {
        dispatcher.handle(line: Array(line.utf8)).map { String(decoding: $0.dropLast(), as: UTF8.self) }
    }

    @Test(arguments: [#""abc""#, "7", "-3", "2.50", "1e2", "null", "12345678901234567890", #""ü 😀""#])
    func idsAreEchoedExactly(_ id: String) {
        #expect(reply(#"{"jsonrpc":"2.0","id":\#(id),"method":"test.echo","params":{"text":"x"}}"#)
                == #"{"jsonrpc":"2.0","id":\#(id),"result":{"text":"x"}}"#)
    }

    @Test(arguments: [
        #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"x"}}"#,
        #"{"jsonrpc":"2.0","method":"nope"}"#,
        #"{"jsonrpc":"2.0","method":"test.echo","params":{"bad":1}}"#,
        #"{"jsonrpc":"2.0","method":"test.echo","params":[1]}"#,
        #"{"jsonrpc":"2.0","method":"test.fail"}"#,
    ])
    func notificationsAreNeverAnswered(_ line: String) {
        #expect(reply(line) == nil)
    }

    /// The reading loop's form: each response line goes after what the buffer
    /// holds, and a result that fails halfway leaves nothing of itself behind.
    @Test func responsesAreAppendedToTheOutputBuffer() {
        var output = JSONTextBuffer(capacity: 8)
        output.append(contentsOf: Array("earlier\n".utf8))
        for line in [#"{"jsonrpc":"2.0","id":1,"method":"test.echo","params":{"text":"x"}}"#,
                     #"{"jsonrpc":"2.0","id":2,"method":"test.halfWritten"}"#,
                     #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"unanswered"}}"#,
                     #"{"jsonrpc":"2.0","method":"test.halfWritten"}"#,
                     "{oops",
                     #"{"jsonrpc":"2.0","id":3,"method":"test.echo","params":{"text":"y"}}"#] {
            Array(line.utf8).withUnsafeBytes { dispatcher.handle(line: $0, appendingTo: &output) }
        }
        let lines = String(decoding: output.written, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 6 && lines.last == "")
        #expect(lines.first == "earlier")
        #expect(lines.dropFirst().first == #"{"jsonrpc":"2.0","id":1,"result":{"text":"x"}}"#)
        #expect(lines.dropFirst(2).first?.hasPrefix(#"{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"#) == true)
        #expect(lines.dropFirst(3).first?.hasPrefix(#"{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"#) == true)
        #expect(lines.dropFirst(4).first == #"{"jsonrpc":"2.0","id":3,"result":{"text":"y"}}"#)
    }

    @Test func parseErrorsAndInvalidUTF8AnswerWithNullID() {
        #expect(reply("{oops")?.contains(#""id":null,"error":{"code":-32700"#) == true)
        let invalid = dispatcher.handle(line: Array(#"{"a":""#.utf8) + [0xFF] + Array(#""}"#.utf8))
        #expect(invalid.map { String(decoding: $0, as: UTF8.self) }?.contains(#""reason":"INVALID_UTF8","offset":6"#) == true)
    }

    @Test(arguments: [
        (#"{"id":1,"method":"test.echo"}"#, "/jsonrpc"),
        (#"{"jsonrpc":"1.0","id":1,"method":"test.echo"}"#, "/jsonrpc"),
        (#"{"jsonrpc":"2.0","id":1,"method":5}"#, "/method"),
        (#"{"jsonrpc":"2.0","id":1,"method":"test.echo","params":"x"}"#, "/params"),
        (#"{"jsonrpc":"2.0","id":1,"method":"test.echo","extra":1}"#, "/extra"),
        (#"{"jsonrpc":"2.0","id":{"a":1},"method":"test.echo"}"#, "/id"),
    ])
    func invalidEnvelopesAre32600WithThePath(_ line: String, _ path: String) {
        let response = reply(line) ?? ""
        #expect(response.contains(#""code":-32600"#))
        #expect(response.contains(#""path":"\#(path)""#))
    }

    /// The envelope is read from the parser's tokens: escaped names and values
    /// count as what they decode to.
    @Test func escapedEnvelopeMembersReadAsTheirDecodedText() {
        #expect(reply(#"{"jsonr\u0070c":"2\u002e0","id":"\u0061","m\u0065thod":"test\u002eecho","p\u0061rams":{"t\u0065xt":"\u00e9\n"}}"#)
                == #"{"jsonrpc":"2.0","id":"a","result":{"text":"é\n"}}"#)
    }

    /// Every problem of an envelope is listed: repeated members, then unknown ones,
    /// then the members' own; the id answered is the last one given.
    @Test func everyEnvelopeProblemIsListedInOrder() {
        let response = reply(#"{"jsonrpc":"2.0","id":1,"id":2,"method":"test.echo","x":1,"method":3,"params":[]}"#)
        #expect(response == #"{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"Invalid Request","data":{"reason":"INVALID_REQUEST","errors":[{"path":"/id","message":"appears more than once"},{"path":"/method","message":"appears more than once"},{"path":"/x","message":"is not a member of a JSON-RPC 2.0 request"},{"path":"/method","message":"must be a string naming the method"}]}}}"#)
    }

    /// A concurrent method's params are read on the reading thread, so bad ones
    /// are answered at once, before any worker runs.
    @Test func aConcurrentMethodsBadParamsAreAnsweredAtOnce() {
        #expect(reply(#"{"jsonrpc":"2.0","id":5,"method":"test.slow","params":{"x":1}}"#)?.contains(#""id":5,"error":{"code":-32602"#) == true)
        #expect(reply(#"{"jsonrpc":"2.0","method":"test.slow","params":{"x":1}}"#) == nil)
    }

    @Test func anInvalidEnvelopeKeepsAWellFormedID() {
        #expect(reply(#"{"jsonrpc":"1.0","id":9,"method":"x"}"#)?.hasPrefix(#"{"jsonrpc":"2.0","id":9,"error""#) == true)
        #expect(reply(#"{"jsonrpc":"1.0","id":[9],"method":"x"}"#)?.hasPrefix(#"{"jsonrpc":"2.0","id":null,"error""#) == true)
    }

    @Test func unknownMethodsAndPositionalParams() {
        #expect(reply(#"{"jsonrpc":"2.0","id":1,"method":"nope"}"#)?.contains(#""code":-32601,"message":"Method not found","data":{"reason":"METHOD_NOT_FOUND","method":"nope"}"#) == true)
        #expect(reply(#"{"jsonrpc":"2.0","id":1,"method":"test.echo","params":["x"]}"#)?.contains(#""code":-32602"#) == true)
    }

    @Test func aThrownForeignErrorIsAnInternalErrorWithoutItsDescription() {
        #expect(reply(#"{"jsonrpc":"2.0","id":1,"method":"test.fail"}"#)?.contains(#""code":-32603"#) == true)
    }

    @Test func batchesAnswerEachRequestInOrder() {
        let response = reply(#"[{"jsonrpc":"2.0","id":1,"method":"test.echo","params":{"text":"a"}},{"jsonrpc":"2.0","method":"test.echo","params":{"text":"n"}},[1]]"#)
        #expect(response == #"[{"jsonrpc":"2.0","id":1,"result":{"text":"a"}},{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request","data":{"reason":"INVALID_REQUEST","errors":[{"path":"","message":"a request must be an object, not array"}]}}}]"#)
    }

    @Test func batchLimits() {
        #expect(reply("[]") == #"{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"Invalid Request","data":{"reason":"INVALID_REQUEST","errors":[{"path":"","message":"a batch must hold at least one request"}]}}}"#)
        #expect(reply(#"[{"jsonrpc":"2.0","method":"test.echo","params":{"text":"n"}}]"#) == nil)
        #expect(reply("[1,2,3,4]")?.contains(#""reason":"BATCH_TOO_LARGE","entries":4,"maxBatchEntries":3"#) == true)
        #expect(reply("[1,2,3]")?.hasPrefix("[") == true)
    }

    @Test func concurrentWorkIsAnsweredWhenItCompletes() {
        #expect(reply(#"{"jsonrpc":"2.0","id":"s","method":"test.slow"}"#) == nil)
        gate.open()
        dispatcher.waitForInFlightWork()
        #expect(output.all == [#"{"jsonrpc":"2.0","id":"s","result":{}}"#])
    }

    @Test func cancellingARunningRequestAnswersItOnceWithMinus32800() {
        #expect(reply(#"{"jsonrpc":"2.0","id":5,"method":"test.slow"}"#) == nil)
        #expect(reply(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":5}}"#) == nil)
        gate.open()
        dispatcher.waitForInFlightWork()
        #expect(output.all == [#"{"jsonrpc":"2.0","id":5,"error":{"code":-32800,"message":"Request cancelled","data":{"reason":"REQUEST_CANCELLED"}}}"#])
    }

    @Test func cancellingAnUnknownOrFinishedRequestDoesNothing() {
        #expect(reply(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":42}}"#) == nil)
        #expect(reply(#"{"jsonrpc":"2.0","id":1,"method":"test.slow"}"#) == nil)
        gate.open()
        dispatcher.waitForInFlightWork()
        #expect(reply(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}"#) == nil)
        #expect(output.all == [#"{"jsonrpc":"2.0","id":1,"result":{}}"#])
    }

    @Test func aBatchWithConcurrentWorkIsWrittenWhole() {
        #expect(reply(#"[{"jsonrpc":"2.0","id":1,"method":"test.slow"},{"jsonrpc":"2.0","id":2,"method":"test.echo","params":{"text":"b"}}]"#) == nil)
        gate.open()
        dispatcher.waitForInFlightWork()
        #expect(output.all == [#"[{"jsonrpc":"2.0","id":1,"result":{}},{"jsonrpc":"2.0","id":2,"result":{"text":"b"}}]"#])
    }

    /// What a connection's thread does with a line of its read while earlier
    /// reads are unanswered: its answer, or nil when it declined the line (and
    /// appended nothing).
    func replyIfIndependent(_ line: String) -> String?? {
        var output = JSONTextBuffer(capacity: 8)
        output.append(contentsOf: Array("earlier\n".utf8))
        let handled = Array(line.utf8).withUnsafeBytes { dispatcher.handleIfIndependent(line: $0, appendingTo: &output) }
        let answer = String(decoding: output.written.dropFirst(8), as: UTF8.self)
        guard handled else {
            #expect(answer.isEmpty, "a declined line appends nothing")
            return .none
        }
        return .some(answer.isEmpty ? nil : String(answer.dropLast()))
    }

    @Test(arguments: [
        (#"{"jsonrpc":"2.0","id":1,"method":"test.peek","params":{"text":"a"}}"#, #""result":{"text":"a","thread":"#),
        (#"{"jsonrpc":"2.0","id":1,"method":"test.plain","params":{"name":"a","code":"b"}}"#, #""result":{"name":"a","code":"b"}"#),
        (#"{"jsonrpc":"2.0","id":1,"method":"nope"}"#, #""code":-32601"#),
        (#"{"jsonrpc":"2.0","id":1,"method":"test.peek","params":{"text":7}}"#, #""code":-32602"#),
        (#"{"jsonrpc":"2.0","id":1}"#, #""code":-32600"#),
        (#"{"jsonrpc":"2.0","id":1,"method":"#, #""code":-32700"#),
    ])
    func independentRequestsAndErrorsAreAnsweredBesideEarlierLines(_ line: String, _ expected: String) {
        let answer = replyIfIndependent(line)
        #expect(answer??.contains(expected) == true, "\(String(describing: answer))")
    }

    @Test func anIndependentNotificationRunsWithoutAnAnswer() {
        #expect(replyIfIndependent(#"{"jsonrpc":"2.0","method":"test.peek","params":{"text":"a"}}"#) == .some(nil))
    }

    @Test(arguments: [
        #"{"jsonrpc":"2.0","id":1,"method":"test.count"}"#,
        #"{"jsonrpc":"2.0","method":"test.count"}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"test.peek","params":{"text":"a","count":true}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"test.plain","params":{"name":"a","group":"g"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"test.plain","params":{"name":"a", "group":"g"}}"#,
        #"{"jsonrpc":"2.0","id":1,"method":"test.slow"}"#,
        #"[{"jsonrpc":"2.0","id":1,"method":"test.peek","params":{}}]"#,
        #"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":5}}"#,
    ])
    func requestsThatMustRunInOrderAreDeclinedWithoutRunning(_ line: String) {
        #expect(replyIfIndependent(line) == .none)
        #expect(reply(#"{"jsonrpc":"2.0","id":2,"method":"test.count"}"#) == #"{"jsonrpc":"2.0","id":2,"result":{"count":1}}"#,
                "a declined count did not count")
        #expect(output.all.isEmpty, "nothing was queued for a worker")
    }

    /// With the workers held back, the reading thread may queue `maxWaitingWork`
    /// concurrent requests and is then held until one starts.
    @Test func readingWaitsWhileTooMuchWorkWaitsToStart() throws {
        let workQueue = DispatchQueue(label: "held workers")
        workQueue.suspend()
        let output = Output()
        let held = Dispatcher(registry: testRegistry(gate: gate), maxBatchEntries: 3, logger: Logger(label: "test"),
                              deferred: DeliverEachLine(handler: { output.append($0) }), stopper: {},
                              workQueue: workQueue, maxWaitingWork: 2)
        let handled = Atomic<Int>(0)
        let finished = DispatchSemaphore(value: 0)
        Thread.detach {
            for id in 1...3 {
                _ = held.handle(line: Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"test.slow"}"#.utf8))
                handled.add(1, ordering: .sequentiallyConsistent)
            }
            finished.signal()
        }
        let deadline = ContinuousClock.now + .seconds(5)
        while handled.load(ordering: .sequentiallyConsistent) < 2, ContinuousClock.now < deadline { Thread.sleep(0.001) }
        #expect(handled.load(ordering: .sequentiallyConsistent) == 2)
        Thread.sleep(0.1)
        #expect(handled.load(ordering: .sequentiallyConsistent) == 2, "the third request waits for a free slot")
        gate.open(3)
        workQueue.resume()
        #expect(finished.wait(timeout: .now() + 5) == .success)
        held.waitForInFlightWork()
        #expect(output.all.count == 3)
    }
}
