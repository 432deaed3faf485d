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
    static let access = StateAccess.none
    struct Params: Decodable, Sendable { let text: String; let times: Int? }
    struct Result: Encodable, Sendable { let text: String }
}

/// Waits on its gate on a worker; changes nothing.
enum Slow: RPCMethod {
    static let name = "test.slow"
    static let access = StateAccess.none
    static let placement = Placement.worker
    typealias Params = NoParams
    typealias Result = EmptyResult
}

enum Fails: RPCMethod {
    static let name = "test.fail"
    static let access = StateAccess.none
    typealias Params = NoParams
    typealias Result = EmptyResult
}

/// A method whose result fails to encode after its first member.
enum HalfWritten: RPCMethod {
    static let name = "test.halfWritten"
    static let access = StateAccess.none
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

/// Counts its calls: shared state, written in order.
enum Count: RPCMethod {
    static let name = "test.count"
    typealias Params = NoParams
    struct Result: Encodable, Sendable { let count: Int }
}

/// Answers its text and the thread it ran on; reads the count when asked with
/// `"count": true`, and touches no state otherwise.
enum Peek: RPCMethod {
    static let name = "test.peek"
    struct Params: Decodable, Sendable { let text: String?; let count: Bool? }
    struct Result: Encodable, Sendable { let text: String?; let count: Int?; let thread: UInt }
    static func access(for params: Params) -> StateAccess { params.count == true ? .reads : .none }
}

/// Appends its entry to the journal, after waiting on the named gate when given.
enum Record: RPCMethod {
    static let name = "test.record"
    static let access = StateAccess.writes
    static let placement = Placement.worker
    struct Params: Decodable, Sendable { let entry: String; let gate: String? }
    struct Result: Encodable, Sendable { let entries: [String] }
}

/// The journal as it stands, after waiting on the named gate when given.
enum Read: RPCMethod {
    static let name = "test.read"
    static let access = StateAccess.reads
    static let placement = Placement.worker
    struct Params: Decodable, Sendable { let gate: String? }
    struct Result: Encodable, Sendable { let entries: [String] }
}

/// `test.record` and `test.read` on the reading thread.
enum QuickRecord: RPCMethod {
    static let name = "test.quickRecord"
    static let access = StateAccess.writes
    struct Params: Decodable, Sendable { let entry: String }
    typealias Result = Record.Result
}

enum QuickRead: RPCMethod {
    static let name = "test.quickRead"
    static let access = StateAccess.reads
    typealias Params = NoParams
    typealias Result = Read.Result
}

/// Reads the journal where the engine places it when idle, after waiting on
/// the named gate when given, and answers the thread it ran on.
enum IdleRead: RPCMethod {
    static let name = "test.idleRead"
    static let access = StateAccess.reads
    static let placement = Placement.inlineWhenIdle
    struct Params: Decodable, Sendable { let gate: String? }
    struct Result: Encodable, Sendable { let entries: [String]; let thread: UInt }
}

/// Asks the connection to stop after it.
enum Stop: RPCMethod {
    static let name = "test.stop"
    static let access = StateAccess.none
    typealias Params = NoParams
    typealias Result = EmptyResult
}

/// A gate the slow method waits on, so tests decide when it completes.
final class Gate: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func wait() { semaphore.wait() }
    func open(_ count: Int = 1) { for _ in 0..<count { semaphore.signal() } }
}

/// Named gates, opened by tests, and a log of which gated requests have started.
final class Gates: Sendable {
    private let gates = Mutex<[String: Gate]>([:])
    private let startedNames = Mutex<[String]>([])

    func gate(_ name: String) -> Gate {
        gates.withLock { gates in
            if let gate = gates[name] { return gate }
            let gate = Gate()
            gates[name] = gate
            return gate
        }
    }

    func pass(_ name: String?) {
        guard let name else { return }
        startedNames.withLock { $0.append(name) }
        gate(name).wait()
    }

    var started: [String] { startedNames.withLock { $0 } }

    /// Waits (up to five seconds) until every one of `names` has started.
    func waitUntilStarted(_ names: Set<String>) -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while !names.isSubset(of: Set(started)) {
            guard ContinuousClock.now < deadline else { return false }
            Thread.sleep(0.001)
        }
        return true
    }
}

/// The state `test.record` writes and `test.read` reads.
final class Journal: Sendable {
    private let entries = Mutex<[String]>([])
    func append(_ entry: String) -> [String] { entries.withLock { $0.append(entry); return $0 } }
    var all: [String] { entries.withLock { $0 } }
}

struct TestError: Error {}

func testRegistry(gate: Gate = Gate(), gates: Gates = Gates(), journal: Journal = Journal()) -> MethodRegistry {
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
    registry.register(Record.self) { params, _ in
        gates.pass(params.gate)
        return Record.Result(entries: journal.append(params.entry))
    }
    registry.register(Read.self) { params, _ in
        gates.pass(params.gate)
        return Read.Result(entries: journal.all)
    }
    registry.register(QuickRecord.self) { params, _ in Record.Result(entries: journal.append(params.entry)) }
    registry.register(QuickRead.self) { _, _ in Read.Result(entries: journal.all) }
    registry.register(IdleRead.self) { params, _ in
        gates.pass(params.gate)
        return IdleRead.Result(entries: journal.all, thread: UInt(bitPattern: Int(bitPattern: pthread_self())))
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

    /// Waits (up to five seconds) until `count` lines have come.
    func waitFor(_ count: Int) -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while all.count < count {
            guard ContinuousClock.now < deadline else { return false }
            Thread.sleep(0.001)
        }
        return true
    }
}

@Suite("Dispatching")
struct DispatcherTests {
    let output = Output()
    let gate = Gate()
    let gates = Gates()
    let journal = Journal()
    let dispatcher: Dispatcher

    init() {
        let output = self.output
        dispatcher = Dispatcher(registry: testRegistry(gate: gate, gates: gates, journal: journal), maxBatchEntries: 3,
                                deliver: { output.append($0) })
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
        var output = Array("earlier\n".utf8)
        for line in [#"{"jsonrpc":"2.0","id":1,"method":"test.echo","params":{"text":"x"}}"#,
                     #"{"jsonrpc":"2.0","id":2,"method":"test.halfWritten"}"#,
                     #"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"unanswered"}}"#,
                     #"{"jsonrpc":"2.0","method":"test.halfWritten"}"#,
                     "{oops",
                     #"{"jsonrpc":"2.0","id":3,"method":"test.echo","params":{"text":"y"}}"#] {
            Array(line.utf8).withUnsafeBytes { dispatcher.handle(line: $0, appendingTo: &output) }
        }
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
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

    /// The redaction applies to every text of every error, the engine's and the
    /// methods', at once or later, and to nothing else: ids and results stay as sent.
    @Test func theRedactionRewritesEveryErrorAndOnlyErrors() {
        enum Refuse: RPCMethod {
            static let name = "test.refuse"
            static let access = StateAccess.none
            static let placement = Placement.worker
            struct Params: Decodable, Sendable { let text: String }
            typealias Result = EmptyResult
        }
        var registry = testRegistry()
        registry.register(Refuse.self) { params, _ in throw RPCError.invalidParams(path: "/text", "not \(params.text)") }
        let later = Output()
        let redacting = Dispatcher(registry: registry, logger: Logger(label: "test"), redaction: ErrorRedaction { $0.uppercased() },
                                   deliver: { later.append($0) })
        func reply(_ line: String) -> String? {
            redacting.handle(line: Array(line.utf8)).map { String(decoding: $0.dropLast(), as: UTF8.self) }
        }
        #expect(reply(#"{"jsonrpc":"2.0","id":"id","method":"secret.method"}"#)
                == #"{"jsonrpc":"2.0","id":"id","error":{"code":-32601,"message":"METHOD NOT FOUND","data":{"REASON":"METHOD_NOT_FOUND","METHOD":"SECRET.METHOD"}}}"#)
        #expect(reply(#"{"jsonrpc":"2.0","id":1,"method":"test.echo","params":{"text":"x","secret":1}}"#)?
                .contains(#"{"PATH":"/SECRET","MESSAGE":"IS NOT A KNOWN PARAMETER HERE"}"#) == true)
        #expect(reply(#"{"jsonrpc":"2.0","id":1,"method":"test.echo","secret":1}"#)?.contains(#""PATH":"/SECRET""#) == true)
        #expect(reply(#"[{"jsonrpc":"2.0","id":2,"method":"secret"},{"jsonrpc":"2.0","id":3,"method":"test.echo","params":{"text":"secret"}}]"#)
                == #"[{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"METHOD NOT FOUND","data":{"REASON":"METHOD_NOT_FOUND","METHOD":"SECRET"}}},{"jsonrpc":"2.0","id":3,"result":{"text":"secret"}}]"#)
        #expect(reply(#"{"jsonrpc":"2.0","id":"secret","method":"test.refuse","params":{"text":"secret"}}"#) == nil)
        redacting.waitForInFlightWork()
        #expect(later.all == [#"{"jsonrpc":"2.0","id":"secret","error":{"code":-32602,"message":"INVALID PARAMS","data":{"REASON":"INVALID_PARAMS","ERRORS":[{"PATH":"/TEXT","MESSAGE":"NOT SECRET"}]}}}"#])
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

    func send(_ line: String) -> String? { reply(line) }

    /// Reads between two writes run side by side: both start before either may finish.
    @Test func readsOverlapBetweenWrites() {
        #expect(send(#"{"jsonrpc":"2.0","id":1,"method":"test.quickRecord","params":{"entry":"w1"}}"#)?.contains(#"["w1"]"#) == true)
        #expect(send(#"{"jsonrpc":"2.0","id":2,"method":"test.read","params":{"gate":"a"}}"#) == nil)
        #expect(send(#"{"jsonrpc":"2.0","id":3,"method":"test.read","params":{"gate":"b"}}"#) == nil)
        #expect(send(#"{"jsonrpc":"2.0","id":4,"method":"test.quickRead"}"#) == #"{"jsonrpc":"2.0","id":4,"result":{"entries":["w1"]}}"#,
                "a quick read runs at once beside running reads")
        #expect(gates.waitUntilStarted(["a", "b"]), "both reads run at once")
        gates.gate("a").open()
        gates.gate("b").open()
        dispatcher.waitForInFlightWork()
        #expect(Set(output.all) == [#"{"jsonrpc":"2.0","id":2,"result":{"entries":["w1"]}}"#,
                                    #"{"jsonrpc":"2.0","id":3,"result":{"entries":["w1"]}}"#])
    }

    /// A write waits for every earlier read, and the reads see the state before it.
    @Test func aWriteWaitsForEarlierReads() {
        #expect(send(#"{"jsonrpc":"2.0","id":1,"method":"test.read","params":{"gate":"r"}}"#) == nil)
        #expect(send(#"{"jsonrpc":"2.0","id":2,"method":"test.quickRecord","params":{"entry":"w"}}"#) == nil, "queued behind the read")
        #expect(send(#"{"jsonrpc":"2.0","id":3,"method":"test.echo","params":{"text":"e"}}"#)?.contains(#""text":"e""#) == true,
                "a request touching no state is answered at once")
        #expect(gates.waitUntilStarted(["r"]))
        Thread.sleep(0.05)
        #expect(journal.all.isEmpty, "the write has not run while the read runs")
        gates.gate("r").open()
        dispatcher.waitForInFlightWork()
        #expect(output.all == [#"{"jsonrpc":"2.0","id":1,"result":{"entries":[]}}"#,
                               #"{"jsonrpc":"2.0","id":2,"result":{"entries":["w"]}}"#])
    }

    /// A read waits for every earlier write, and sees it; so does a later write.
    @Test func aReadWaitsForAnEarlierWrite() {
        #expect(send(#"{"jsonrpc":"2.0","id":1,"method":"test.record","params":{"entry":"w1","gate":"w"}}"#) == nil)
        #expect(send(#"{"jsonrpc":"2.0","id":2,"method":"test.quickRead"}"#) == nil, "queued behind the write")
        #expect(send(#"{"jsonrpc":"2.0","id":3,"method":"test.read"}"#) == nil)
        #expect(send(#"{"jsonrpc":"2.0","id":4,"method":"test.quickRecord","params":{"entry":"w2"}}"#) == nil)
        #expect(send(#"{"jsonrpc":"2.0","id":5,"method":"test.quickRead"}"#) == nil)
        #expect(gates.waitUntilStarted(["w"]))
        gates.gate("w").open()
        dispatcher.waitForInFlightWork()
        let byID = Dictionary(uniqueKeysWithValues: output.all.map { line in
            (line.split(separator: ",")[1], line)
        })
        #expect(byID[#""id":2"#] == #"{"jsonrpc":"2.0","id":2,"result":{"entries":["w1"]}}"#)
        #expect(byID[#""id":3"#] == #"{"jsonrpc":"2.0","id":3,"result":{"entries":["w1"]}}"#)
        #expect(byID[#""id":4"#] == #"{"jsonrpc":"2.0","id":4,"result":{"entries":["w1","w2"]}}"#)
        #expect(byID[#""id":5"#] == #"{"jsonrpc":"2.0","id":5,"result":{"entries":["w1","w2"]}}"#)
        #expect(output.all.count == 5)
    }

    /// `.inlineWhenIdle` runs on the reading thread only when no more input is
    /// waiting and nothing that touches state is in flight; otherwise on a worker.
    @Test func aRequestPlacedInlineWhenIdleRunsHereOnlyWhenAlone() {
        let here = UInt(bitPattern: Int(bitPattern: pthread_self()))
        func handle(_ line: String, idle: Bool) -> String? {
            var output: [UInt8] = []
            Array(line.utf8).withUnsafeBytes { dispatcher.handle(line: $0, appendingTo: &output, inputIsIdle: { idle }) }
            return output.isEmpty ? nil : String(decoding: output.dropLast(), as: UTF8.self)
        }
        let alone = handle(#"{"jsonrpc":"2.0","id":1,"method":"test.idleRead"}"#, idle: true)
        #expect(alone == #"{"jsonrpc":"2.0","id":1,"result":{"entries":[],"thread":\#(here)}}"#, "answered at once, on this thread")
        #expect(handle(#"{"jsonrpc":"2.0","id":2,"method":"test.idleRead","params":{"gate":"g"}}"#, idle: false) == nil,
                "more input is waiting: on a worker")
        #expect(gates.waitUntilStarted(["g"]))
        #expect(handle(#"{"jsonrpc":"2.0","id":3,"method":"test.idleRead"}"#, idle: true) == nil,
                "another read is in flight: on a worker beside it")
        gates.gate("g").open()
        dispatcher.waitForInFlightWork()
        #expect(output.all.count == 2)
        #expect(output.all.allSatisfy { !$0.contains(#""thread":\#(here)}"#) }, "both ran on workers")
    }

    /// A queued request that is cancelled is answered `-32800` at once and never runs.
    @Test func cancellingAQueuedRequestAnswersItAndItNeverRuns() {
        #expect(send(#"{"jsonrpc":"2.0","id":1,"method":"test.record","params":{"entry":"w","gate":"w"}}"#) == nil)
        #expect(send(#"{"jsonrpc":"2.0","id":2,"method":"test.read","params":{"gate":"never"}}"#) == nil)
        #expect(send(#"{"jsonrpc":"2.0","id":3,"method":"$/cancelRequest","params":{"id":2}}"#) == #"{"jsonrpc":"2.0","id":3,"result":{}}"#)
        #expect(output.waitFor(1))
        #expect(output.all == [#"{"jsonrpc":"2.0","id":2,"error":{"code":-32800,"message":"Request cancelled","data":{"reason":"REQUEST_CANCELLED"}}}"#])
        gates.gate("w").open()
        dispatcher.waitForInFlightWork()
        #expect(!gates.started.contains("never"), "the cancelled read never ran")
        #expect(output.all.count == 2)
    }

    /// A running read that is cancelled is answered `-32800` at once; its result is dropped.
    @Test func cancellingARunningReadAnswersItAtOnce() {
        #expect(send(#"{"jsonrpc":"2.0","id":7,"method":"test.read","params":{"gate":"r"}}"#) == nil)
        #expect(gates.waitUntilStarted(["r"]))
        #expect(send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":7}}"#) == nil)
        #expect(output.waitFor(1))
        gates.gate("r").open()
        dispatcher.waitForInFlightWork()
        #expect(output.all == [#"{"jsonrpc":"2.0","id":7,"error":{"code":-32800,"message":"Request cancelled","data":{"reason":"REQUEST_CANCELLED"}}}"#])
    }

    /// A running write may already have made its change: it answers with its outcome.
    @Test func aRunningWriteAnswersItsOutcomeWhenCancelled() {
        #expect(send(#"{"jsonrpc":"2.0","id":8,"method":"test.record","params":{"entry":"w","gate":"w"}}"#) == nil)
        #expect(gates.waitUntilStarted(["w"]))
        #expect(send(#"{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":8}}"#) == nil)
        gates.gate("w").open()
        dispatcher.waitForInFlightWork()
        #expect(output.all == [#"{"jsonrpc":"2.0","id":8,"result":{"entries":["w"]}}"#])
    }

    /// A batch's entries follow the same order as lines: the read in it sees the write before it.
    @Test func aBatchKeepsTheOrderOfItsEntries() {
        #expect(send(#"[{"jsonrpc":"2.0","id":1,"method":"test.record","params":{"entry":"b","gate":"w"}},{"jsonrpc":"2.0","id":2,"method":"test.quickRead"}]"#) == nil)
        gates.gate("w").open()
        dispatcher.waitForInFlightWork()
        #expect(output.all == [#"[{"jsonrpc":"2.0","id":1,"result":{"entries":["b"]}},{"jsonrpc":"2.0","id":2,"result":{"entries":["b"]}}]"#])
    }

    /// A batch's stateless entries run side by side after the batch is read;
    /// the answer still lists every entry in order, and state is seen in line order.
    @Test func aBatchsStatelessEntriesRunInParallelAndAnswerInOrder() throws {
        let journal = Journal()
        let big = Dispatcher(registry: testRegistry(journal: journal), maxBatchEntries: 1000, deliver: { _ in })
        var entries = [#"{"jsonrpc":"2.0","id":0,"method":"test.quickRecord","params":{"entry":"w"}}"#]
        entries += (1...200).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"test.echo","params":{"text":"t\#($0)"}}"# }
        entries.append(#"{"jsonrpc":"2.0","id":201,"method":"test.quickRead"}"#)
        let answer = try #require(big.handle(line: Array("[\(entries.joined(separator: ","))]".utf8)))
        let responses = try JSONParser.parse(String(decoding: answer, as: UTF8.self))
        guard case .array(let list) = responses else { Issue.record("not an array"); return }
        #expect(list.map { $0["id"] } == (0...201).map { JSONValue.number(String($0)) })
        #expect(list[1...200].enumerated().allSatisfy { $0.element["result"]?["text"] == .string("t\($0.offset + 1)") })
        #expect(list[201]["result"]?["entries"] == .array([.string("w")]))
    }

    /// A dispatcher whose batches of stateless calls go out in parts, each
    /// part recorded as it was handed over.
    private func partedDispatcher(journal: Journal = Journal()) -> (Dispatcher, Parts) {
        let parts = Parts()
        let dispatcher = Dispatcher(registry: testRegistry(journal: journal), maxBatchEntries: 1000, deliver: { _ in },
                                    writeLineInParts: { produce in produce { part in parts.append(part) } })
        return (dispatcher, parts)
    }

    private final class Parts: Sendable {
        private let parts = Mutex<[[UInt8]]>([])
        func append(_ part: [UInt8]) { parts.withLock { $0.append(part) } }
        var all: [[UInt8]] { parts.withLock { $0 } }
    }

    private func echoBatch(_ ids: ClosedRange<Int>, bytes: Int) -> String {
        let text = String(repeating: "e", count: bytes)
        return "[" + ids.map { #"{"jsonrpc":"2.0","id":\#($0),"method":"test.echo","params":{"text":"\#(text)\#($0)"}}"# }
            .joined(separator: ",") + "]"
    }

    /// A long answer to stateless calls goes out in parts as they finish, after
    /// what the output held; each part but the last ends with a comma and a
    /// TAB, and together they are the one line the batch answers.
    @Test func aLongStatelessBatchIsAnsweredInPartsEachButTheLastEndingWithATab() throws {
        let (dispatcher, parts) = partedDispatcher()
        var output = Array("earlier\n".utf8)
        Array(echoBatch(1...400, bytes: 200).utf8).withUnsafeBytes { dispatcher.handle(line: $0, appendingTo: &output) }
        #expect(output.isEmpty)
        let written = parts.all
        #expect(written.count > 2)
        #expect(written.first.map { Array($0.prefix(9)) } == Array("earlier\n[".utf8))
        // Each marked part is cut at the first answer that fills it, whatever order the runs ended in.
        let markedEnds = written.dropLast().filter { part in
            Array(part.suffix(2)) == [UInt8(ascii: ","), 0x09]
                && (BatchAnswerParts.partBytes..<BatchAnswerParts.partBytes + 260).contains(part.count)
        }
        #expect(markedEnds.count == written.count - 1)
        #expect(written.last.map { Array($0.suffix(2)) } == Array("]\n".utf8))
        let line = Array(written.joined().dropFirst(8))
        #expect(line.count { $0 == 0x09 } == written.count - 1)
        guard case .array(let list) = try JSONParser.parse(String(decoding: line.dropLast(), as: UTF8.self)) else {
            Issue.record("not an array")
            return
        }
        #expect(list.map { $0["id"] } == (1...400).map { JSONValue.number(String($0)) })
        let texts = list.map { $0["result"]?["text"] }
        #expect(texts == (1...400).map { JSONValue.string(String(repeating: "e", count: 200) + "\($0)") })
    }

    /// Lines answered before the batch in the same read may fill a part on
    /// their own; no part is marked before the batch's first answer is in it.
    @Test func earlierLinesThatFillAPartDoNotStartTheBatchWithAMark() throws {
        let (dispatcher, parts) = partedDispatcher()
        let earlier = Array(String(repeating: "e", count: BatchAnswerParts.partBytes + 100).utf8) + [0x0A]
        var output = earlier
        let batch = #"[{"jsonrpc":"2.0","id":0,"method":"test.quickRecord","params":{"entry":"first"}},"#
            + #"{"jsonrpc":"2.0","id":1,"method":"test.echo","params":{"text":"a"}}]"#
        Array(batch.utf8).withUnsafeBytes { dispatcher.handle(line: $0, appendingTo: &output) }
        let line = Array(parts.all.joined().dropFirst(earlier.count))
        guard case .array(let list) = try JSONParser.parse(String(decoding: line.dropLast(), as: UTF8.self)) else {
            Issue.record("not an array")
            return
        }
        #expect(list.map { $0["id"] } == [.number("0"), .number("1")])
    }

    /// A short answer is one part, and notifications only write nothing.
    @Test func aShortBatchIsOnePartAndNotificationsOnlyWriteNothing() {
        let (dispatcher, parts) = partedDispatcher()
        var output: [UInt8] = []
        Array(echoBatch(1...3, bytes: 10).utf8).withUnsafeBytes { dispatcher.handle(line: $0, appendingTo: &output) }
        #expect(output.isEmpty)
        #expect(parts.all.count == 1)
        #expect(parts.all.first?.contains(0x09) == false)
        let notifications = #"[{"jsonrpc":"2.0","method":"test.echo","params":{"text":"n"}},{"jsonrpc":"2.0","method":"test.echo","params":{"text":"m"}}]"#
        Array(notifications.utf8).withUnsafeBytes { dispatcher.handle(line: $0, appendingTo: &output) }
        #expect(output.isEmpty && parts.all.count == 1)
    }

    /// In a batch that mixes calls touching state with stateless ones, the
    /// stateless answers before a call that waits on a worker go out first;
    /// the line waits for that call, every answer comes in its place, and
    /// state is seen in the batch's order.
    @Test func aBatchsPartsWaitForACallOnAWorkerAndKeepEveryAnswerInPlace() throws {
        let journal = Journal()
        let gates = Gates()
        let parts = Parts()
        let dispatcher = Dispatcher(registry: testRegistry(gates: gates, journal: journal), maxBatchEntries: 1000,
                                    deliver: { _ in }, writeLineInParts: { produce in produce { parts.append($0) } })
        let text = String(repeating: "e", count: 200)
        var entries = [#"{"jsonrpc":"2.0","id":0,"method":"test.quickRecord","params":{"entry":"first"}}"#]
        entries += (1...200).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"test.echo","params":{"text":"\#(text)"}}"# }
        entries.append(#"{"jsonrpc":"2.0","id":201,"method":"test.record","params":{"entry":"held","gate":"g"}}"#)
        entries.append(#"{"jsonrpc":"2.0","method":"test.echo","params":{"text":"a notification"}}"#)
        entries.append("[1]")
        entries += (203...300).map { #"{"jsonrpc":"2.0","id":\#($0),"method":"test.echo","params":{"text":"\#(text)"}}"# }
        entries.append(#"{"jsonrpc":"2.0","id":301,"method":"test.quickRead"}"#)
        let line = Array("[\(entries.joined(separator: ","))]".utf8)
        let returned = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var output: [UInt8] = []
            line.withUnsafeBytes { dispatcher.handle(line: $0, appendingTo: &output) }
            returned.signal()
        }
        // The line waits for the call held at its gate; what comes before it is written.
        let deadline = ContinuousClock.now + .seconds(10)
        while parts.all.joined().count < 200 * 200 && ContinuousClock.now < deadline { Thread.sleep(0.005) }
        #expect(returned.wait(timeout: .now() + 0.1) == .timedOut)
        let before = parts.all.joined().count
        #expect(before >= 200 * 200)
        gates.gate("g").open()
        #expect(returned.wait(timeout: .now() + 10) == .success)
        let written = parts.all
        #expect(written.dropLast().allSatisfy { Array($0.suffix(2)) == [UInt8(ascii: ","), 0x09] })
        let whole = Array(written.joined())
        #expect(whole.last == 0x0A)
        guard case .array(let list) = try JSONParser.parse(String(decoding: whole.dropLast(), as: UTF8.self)) else {
            Issue.record("not an array")
            return
        }
        let ids: [JSONValue] = (0...201).map { .number(String($0)) } + [.null] + (203...301).map { .number(String($0)) }
        #expect(list.map { $0["id"] } == ids)
        #expect(list[201]["result"]?["entries"] == .array([.string("first"), .string("held")]))
        #expect(list[202]["error"]?["data"]?["reason"] == .string("INVALID_REQUEST"))
        #expect(list.last?["result"]?["entries"] == .array([.string("first"), .string("held")]))
    }

    /// With a write held, the reading thread may queue `maxWaitingRequests`
    /// requests behind it and is then held until half of them have started.
    @Test func readingWaitsWhileTooManyRequestsWait() throws {
        let output = Output()
        let gates = Gates()
        let held = Dispatcher(registry: testRegistry(gates: gates), maxBatchEntries: 3, logger: Logger(label: "test"),
                              deliver: { output.append($0) }, stopper: {},
                              workers: DispatchQueue(label: "workers", attributes: .concurrent), maxWaitingRequests: 2)
        let handled = Atomic<Int>(0)
        let answeredAtOnce = Atomic<Int>(0)
        let finished = DispatchSemaphore(value: 0)
        Thread.detach {
            _ = held.handle(line: Array(#"{"jsonrpc":"2.0","id":0,"method":"test.record","params":{"entry":"x","gate":"g"}}"#.utf8))
            for id in 1...3 {
                if held.handle(line: Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"test.quickRead"}"#.utf8)) != nil {
                    answeredAtOnce.add(1, ordering: .sequentiallyConsistent)
                }
                handled.add(1, ordering: .sequentiallyConsistent)
            }
            finished.signal()
        }
        let deadline = ContinuousClock.now + .seconds(5)
        while handled.load(ordering: .sequentiallyConsistent) < 1, ContinuousClock.now < deadline { Thread.sleep(0.001) }
        Thread.sleep(0.1)
        #expect(handled.load(ordering: .sequentiallyConsistent) == 1, "the second queued read fills the queue and waits")
        gates.gate("g").open()
        #expect(finished.wait(timeout: .now() + 5) == .success)
        held.waitForInFlightWork()
        #expect(output.all.count + answeredAtOnce.load(ordering: .sequentiallyConsistent) == 4)
    }
}

final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    /// Adds one and returns the new count.
    @discardableResult func add() -> Int { count.add(1, ordering: .relaxed).newValue }
    var value: Int { count.load(ordering: .relaxed) }
}
