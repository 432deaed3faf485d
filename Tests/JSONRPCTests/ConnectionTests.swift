import Dispatch
@testable import JSONRPC
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A connection served on a background thread over two pipes, driven like a host would.
final class PipeHost: @unchecked Sendable {
    let toService: Int32
    let fromService: Int32
    let connection: Connection
    private let done = DispatchSemaphore(value: 0)
    private(set) var reason: Connection.StopReason?
    private var buffered: [UInt8] = []

    /// `waiting` is written before the connection starts, into a pipe enlarged
    /// to hold it, so the connection's first read brings all of it.
    init(limits: Connection.Limits = Connection.Limits(), gate: Gate = Gate(), waiting: String = "") {
        signal(SIGPIPE, SIG_IGN)
        var input: [Int32] = [0, 0]
        var output: [Int32] = [0, 0]
        _ = pipe(&input)
        _ = pipe(&output)
        toService = input[1]
        fromService = output[0]
        let pipeBytes = StandardIO.enlargePipeBuffer(input[1]) ?? 65_536
        precondition(waiting.utf8.count < pipeBytes, "more than the pipe holds")
        _ = Array(waiting.utf8).withUnsafeBytes { write(input[1], $0.baseAddress, $0.count) }
        connection = Connection(input: input[0], output: output[1], registry: testRegistry(gate: gate), limits: limits)
        let serviceInput = input[0]
        let serviceOutput = output[1]
        Thread.detach { [self] in
            reason = connection.run()
            close(serviceInput)
            close(serviceOutput)
            done.signal()
        }
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(toService, $0.baseAddress, $0.count) }
    }

    func closeInput() { close(toService) }

    func readLine() -> String? {
        while true {
            if let newline = buffered.firstIndex(of: 0x0A) {
                let line = String(decoding: buffered[..<newline], as: UTF8.self)
                buffered.removeSubrange(...newline)
                return line
            }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = chunk.withUnsafeMutableBytes { read(fromService, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            buffered.append(contentsOf: chunk[..<count])
        }
    }

    func waitUntilStopped() -> Connection.StopReason? {
        done.wait()
        return reason
    }

    /// Nil when the connection is still running after `seconds`.
    func waitUntilStopped(within seconds: Double) -> Connection.StopReason? {
        guard done.wait(timeout: .now() + seconds) == .success else { return nil }
        return reason
    }
}

enum Thread {
    /// Runs `body` on a thread of its own: a queue of its own is served by
    /// libdispatch's overcommitting pool, which starts a thread when none is
    /// free, so a body that blocks does not starve the work it waits for.
    static func detach(_ body: @escaping @Sendable () -> Void) {
        DispatchQueue(label: "test thread").async(execute: body)
    }

    static func sleep(_ seconds: Double) {
        usleep(useconds_t(seconds * 1_000_000))
    }
}

func echo(_ id: Int, _ text: String = "x") -> String {
    #"{"jsonrpc":"2.0","id":\#(id),"method":"test.echo","params":{"text":"\#(text)"}}"#
}

@Suite("Connection over pipes")
struct ConnectionTests {
    @Test func servesTwoRequestsFromOneWriteAndDrainsAtEndOfInput() {
        let host = PipeHost()
        host.send(echo(1) + "\n" + echo(2) + "\n" + echo(3))
        host.closeInput()
        #expect(host.readLine() == #"{"jsonrpc":"2.0","id":1,"result":{"text":"x"}}"#)
        #expect(host.readLine() == #"{"jsonrpc":"2.0","id":2,"result":{"text":"x"}}"#)
        #expect(host.readLine() == #"{"jsonrpc":"2.0","id":3,"result":{"text":"x"}}"#)
        #expect(host.readLine() == nil)
        #expect(host.waitUntilStopped() == .endOfInput)
    }

    @Test func anOverLongLineGetsOneErrorAndTheNextLineIsServed() {
        let host = PipeHost(limits: Connection.Limits(maxLineBytes: 100))
        host.send(String(repeating: "y", count: 70))
        host.send(String(repeating: "y", count: 70))
        host.send("\n" + echo(7) + "\n")
        #expect(host.readLine()?.contains(#""id":null,"error":{"code":-32600,"message":"Invalid Request","data":{"reason":"LINE_TOO_LONG","maxLineBytes":100"#) == true)
        #expect(host.readLine() == #"{"jsonrpc":"2.0","id":7,"result":{"text":"x"}}"#)
        host.closeInput()
        #expect(host.readLine() == nil)
    }

    @Test func concurrentWorkFinishesBeforeTheConnectionReturns() {
        let gate = Gate()
        let host = PipeHost(gate: gate)
        host.send(#"{"jsonrpc":"2.0","id":1,"method":"test.slow"}"# + "\n")
        host.closeInput()
        gate.open()
        #expect(host.readLine() == #"{"jsonrpc":"2.0","id":1,"result":{}}"#)
        #expect(host.waitUntilStopped() == .endOfInput)
    }

    @Test func aStopBeforeAnyInputReadsNothing() {
        let host = PipeHost()
        host.connection.stop()
        host.send(echo(1) + "\n" + echo(2) + "\n")
        #expect(host.readLine() == nil)
        #expect(host.waitUntilStopped() == .stopRequested)
    }

    /// What a signal does to checkoutd: the stop comes from another thread while the
    /// connection waits in its read, and wakes it; what it had read is answered.
    @Test func aStopWakesAConnectionWaitingForInput() {
        let host = PipeHost()
        host.send(echo(1) + "\n")
        #expect(host.readLine() == #"{"jsonrpc":"2.0","id":1,"result":{"text":"x"}}"#)
        Thread.sleep(0.05)
        host.connection.stop()
        #expect(host.waitUntilStopped(within: 5) == .stopRequested)
        host.send(echo(2) + "\n")
        #expect(host.readLine() == nil)
    }

    @Test func aHostThatClosedItsEndMakesTheConnectionStop() {
        let host = PipeHost()
        close(host.fromService)
        host.send(echo(1) + "\n")
        #expect(host.waitUntilStopped() == .outputClosed)
    }

    @Test func largeResponsesArriveWholeWhileTheHostReadsSlowly() {
        let host = PipeHost()
        for id in 0..<50 { host.send(echo(id, "abcdefgh") .replacingLast(#"}}"#, with: #","times":2000}}"#) + "\n") }
        host.closeInput()
        for id in 0..<50 {
            let line = host.readLine()
            #expect(line?.hasPrefix(#"{"jsonrpc":"2.0","id":\#(id),"result""#) == true)
            #expect(line?.count == 16_000 + 44 + String(id).count)
        }
        #expect(host.readLine() == nil)
    }
}

/// A host pipelining more than one read holds: the reads are taken in turns by
/// two threads, each handling the lines of its own.
@Suite("Connection: line order over a pipe")
struct LineOrderTests {
    static func peek(_ id: Int, count: Bool = false) -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"test.peek","params":{"text":"t\#(id)"\#(count ? #","count":true"# : "")}}"#
    }

    static func count(_ id: Int) -> String { #"{"jsonrpc":"2.0","id":\#(id),"method":"test.count"}"# }

    static func stop(_ id: Int) -> String { #"{"jsonrpc":"2.0","id":\#(id),"method":"test.stop"}"# }

    /// Lines of about 70 bytes: more than two reads' worth, less than the pipe holds.
    static let lineCount = 8_000

    static func waiting(_ requests: [String]) -> String {
        let text = requests.joined(separator: "\n") + "\n"
        precondition(text.utf8.count > Connection.readBytes * 2, "three reads or more")
        return text
    }

    func responses(_ host: PipeHost) -> [String] {
        var lines: [String] = []
        while let line = host.readLine() { lines.append(line) }
        return lines
    }

    /// The value of `"name":` in a response line, as text.
    func member(_ name: String, of line: String) -> Substring? {
        guard let start = line.range(of: "\"\(name)\":")?.upperBound else { return nil }
        return line[start...].prefix { $0 != "," && $0 != "}" }
    }

    @Test func linesRunOnTheReadingThreadAreAnsweredInLineOrder() {
        let host = PipeHost(waiting: Self.waiting((0..<Self.lineCount).map { Self.peek($0) }))
        host.closeInput()
        let answers = responses(host)
        #expect(answers.map { member("id", of: $0).map(String.init) } == (0..<Self.lineCount).map { "\($0)" })
        #expect(answers.map { member("text", of: $0).map(String.init) } == (0..<Self.lineCount).map { #""t\#($0)""# })
        #expect(Set(answers.compactMap { member("thread", of: $0) }).count == 1)
        #expect(host.waitUntilStopped() == .endOfInput)
    }

    /// Counts run in line order, and a request that reads the count sees every
    /// count before it and none after, in whichever read each falls.
    @Test func requestsThatMustRunInOrderSeeExactlyTheRequestsBeforeThem() {
        var requests: [String] = []
        var expected: [String: String] = [:]
        var counted = 0
        for id in 0..<Self.lineCount {
            switch id % 300 {
            case 40, 160, 161, 290:
                counted += 1
                requests.append(Self.count(id))
                expected["\(id)"] = "{\"count\":\(counted)}"
            case 41, 75, 299:
                requests.append(Self.peek(id, count: true))
                expected["\(id)"] = "\(counted)"
            default:
                requests.append(Self.peek(id))
            }
        }
        let host = PipeHost(waiting: Self.waiting(requests))
        host.closeInput()
        let answers = responses(host)
        #expect(answers.map { member("id", of: $0).map(String.init) } == (0..<Self.lineCount).map { "\($0)" })
        for answer in answers {
            guard let id = member("id", of: answer).map(String.init), let want = expected[id] else { continue }
            if answer.contains(#""result":{"count""#) {
                #expect(answer == #"{"jsonrpc":"2.0","id":\#(id),"result":\#(want)}"#)
            } else {
                #expect(member("count", of: answer).map(String.init) == want, "\(answer)")
            }
        }
    }

    /// A host that waits for each answer gets it before the service reads
    /// again, before and after a large pipeline.
    @Test func aLockStepHostIsServedByOneThread() {
        let host = PipeHost()
        var threads: Set<Substring> = []
        for id in 0..<200 {
            host.send(Self.peek(id) + "\n")
            guard let answer = host.readLine() else { return #expect(Bool(false), "no answer to \(id)") }
            #expect(member("id", of: answer) == "\(id)"[...])
            if let thread = member("thread", of: answer) { threads.insert(thread) }
        }
        #expect(threads.count == 1)
        host.send(Self.waiting((200..<Self.lineCount + 200).map { Self.peek($0) }))
        var answers: [String] = []
        while answers.count < Self.lineCount, let line = host.readLine() { answers.append(line) }
        #expect(answers.map { member("id", of: $0).map(String.init) } == (200..<Self.lineCount + 200).map { "\($0)" })
        for id in Self.lineCount + 200..<Self.lineCount + 220 {
            host.send(Self.count(id) + "\n")
            #expect(host.readLine() == #"{"jsonrpc":"2.0","id":\#(id),"result":{"count":\#(id - Self.lineCount - 199)}}"#)
        }
        host.closeInput()
        #expect(host.readLine() == nil)
        #expect(host.waitUntilStopped() == .endOfInput)
    }

    /// The lines after a request that stops the connection are not answered,
    /// with the host's input still open.
    @Test(arguments: [Self.lineCount / 20, Self.lineCount / 2, Self.lineCount - 1])
    func linesAfterAStopAreNotAnswered(stopAt: Int) {
        let requests = (0..<Self.lineCount).map { $0 == stopAt ? Self.stop($0) : Self.peek($0) }
        let host = PipeHost(waiting: Self.waiting(requests))
        let answers = responses(host)
        #expect(answers.map { member("id", of: $0).map(String.init) } == (0...stopAt).map { "\($0)" })
        #expect(host.waitUntilStopped() == .stopRequested)
    }

    /// A random mix of writes and reads, on the reading thread and on workers,
    /// piped at once: every read sees exactly the writes before it in line
    /// order, and every write the writes before it and itself.
    @Test(arguments: [1, 2, 3])
    func aRandomMixOfWritesAndReadsSeesLineOrder(seed: UInt64) {
        var requests: [String] = []
        var expected: [String: [String]] = [:]
        var journal: [String] = []
        for id in 0..<3_000 {
            // A multiplicative hash of the id and the seed: a mix that looks random and repeats.
            switch ((UInt64(id) &* 2_654_435_761 &+ seed &* 40_503) >> 11) % 8 {
            case 0:
                journal.append("e\(id)")
                requests.append(#"{"jsonrpc":"2.0","id":\#(id),"method":"test.record","params":{"entry":"e\#(id)"}}"#)
            case 1:
                journal.append("e\(id)")
                requests.append(#"{"jsonrpc":"2.0","id":\#(id),"method":"test.quickRecord","params":{"entry":"e\#(id)"}}"#)
            case 2, 3:
                requests.append(#"{"jsonrpc":"2.0","id":\#(id),"method":"test.read"}"#)
            case 4, 5:
                requests.append(#"{"jsonrpc":"2.0","id":\#(id),"method":"test.quickRead"}"#)
            default:
                requests.append(echo(id))
                continue
            }
            expected["\(id)"] = journal
        }
        let host = PipeHost()
        Thread.detach { [requests] in
            for request in requests { host.send(request + "\n") }
            host.closeInput()
        }
        var answered = 0
        while let answer = host.readLine() {
            answered += 1
            guard let id = member("id", of: answer).map(String.init), let entries = expected[id] else { continue }
            let list = entries.map { #""\#($0)""# }.joined(separator: ",")
            #expect(answer == #"{"jsonrpc":"2.0","id":\#(id),"result":{"entries":[\#(list)]}}"#)
        }
        #expect(answered == requests.count)
        #expect(host.waitUntilStopped() == .endOfInput)
    }

    @Test func aHostThatClosedItsEndStopsTheConnection() {
        let host = PipeHost(waiting: Self.waiting((0..<Self.lineCount).map { Self.peek($0) }))
        close(host.fromService)
        #expect(host.waitUntilStopped() == .outputClosed)
    }
}

extension String {
    func replacingLast(_ suffix: String, with replacement: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) + replacement : self
    }
}
