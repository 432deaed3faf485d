#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Logging
import Synchronization

/// Serves JSON-RPC over a pair of file descriptors until end of input, a stop
/// request, or the host closing the output.
///
/// The calling thread reads with blocking `read(2)`, frames lines and runs
/// inline methods itself; their responses are gathered and written when no
/// complete line is left to handle, so a pipelining host gets few large writes
/// and a lock-step host gets its answer before the next read blocks. When one
/// read brings many lines, a second thread takes the turn to read the next
/// input while the first handles its own (`ReadingTurns`): the two threads
/// then read and handle in turns, answer in line order, and run a request that
/// must see the ones before it only after every earlier read is answered.
public final class Connection: Sendable {
    /// Why `run()` returned.
    public enum StopReason: Sendable, Equatable {
        case endOfInput
        case stopRequested
        case outputClosed
        case inputFailed(errno: Int32)
    }

    public struct Limits: Sendable {
        public var maxLineBytes: Int
        public var maxBatchEntries: Int

        public init(maxLineBytes: Int = 1 << 20, maxBatchEntries: Int = 1000) {
            self.maxLineBytes = maxLineBytes
            self.maxBatchEntries = maxBatchEntries
        }
    }

    private let input: Int32
    private let writer: ProtocolWriter
    private let limits: Limits
    private let logger: Logger
    private let dispatcher: Dispatcher
    private let stopFlag: StopFlag
    private let turns = ReadingTurns()
    private let secondThreadDone = DispatchSemaphore(value: 0)

    /// The most one read asks for, and the most responses gathered before they
    /// are written while the lines of one read are handled.
    static let readBytes = 262_144
    /// The least a read must bring, in whole lines, for the turn to pass to the
    /// other thread: about 500 `card.validate` requests, 0.4 ms of work, well
    /// above the 0.1–0.2 ms a thread took to wake on these machines.
    static let minimumPassedBytes = 65_536

    public init(input: Int32, output: Int32, registry: MethodRegistry, limits: Limits = Limits(),
                logger: Logger = Logger(label: "jsonrpc")) {
        let writer = ProtocolWriter(descriptor: output)
        let deferred = CoalescedOutput(writer: writer)
        let stopFlag = StopFlag()
        self.input = input
        self.stopFlag = stopFlag
        self.writer = writer
        self.limits = limits
        self.logger = logger
        self.dispatcher = Dispatcher(registry: registry, maxBatchEntries: limits.maxBatchEntries, logger: logger,
                                     deferred: deferred, stopper: { stopFlag.raise() })
    }

    /// Asks the read loop to stop after the line it is handling.
    public func stop() {
        stopFlag.raise()
    }

    /// Serves until the input ends or a stop is requested, then waits for
    /// in-flight work and writes its responses.
    public func run() -> StopReason {
        serve(as: 0)
        if turns.endSignal != nil { secondThreadDone.wait() }
        dispatcher.waitForInFlightWork()
        let reason = turns.reason ?? .endOfInput
        logger.info("connection stopped", metadata: ["reason": "\(reason)"])
        return writer.isClosed && reason != .outputClosed ? .outputClosed : reason
    }

    /// One thread's work: take the turn, read, pass the turn on when the read
    /// was large, handle and answer the read's lines, until the input ends.
    private func serve(as thread: Int) {
        var framer = LineFramer(maxLineBytes: limits.maxLineBytes)
        var pending = JSONTextBuffer(capacity: 4096)
        var unfinished: [UInt8] = []
        while var read = turns.take(thread, into: &framer) {
            while true {
                switch readInput(into: &framer) {
                case .ended:
                    return
                case .endOfInput:
                    turns.end(at: read, .endOfInput)
                    if turns.waitForEarlierReads(before: read) {
                        framer.finish { handle($0, into: &pending) }
                        _ = turns.answer(read) { flush(&pending) }
                    }
                    return
                case .failed(let failure):
                    turns.end(at: read, .inputFailed(errno: failure))
                    _ = turns.answer(read) { flush(&pending) }
                    return
                case .bytes:
                    break
                }
                var passing = ReadingTurns.Passing.kept
                if framer.detachUnfinishedLine(whenWholeLinesReach: Self.minimumPassedBytes, into: &unfinished) {
                    passing = turns.pass(from: thread, after: read, unfinished: &unfinished)
                    // Kept after all: the unfinished line goes back where it was.
                    if passing == .kept { framer.append(unfinished) }
                    if passing == .passedToNewThread {
                        DispatchQueue(label: "jsonrpc.second-reader").async { [self] in
                            serve(as: 1 - thread)
                            secondThreadDone.signal()
                        }
                    }
                }
                let handled = handleLines(of: read, in: &framer, into: &pending)
                guard handled != .abandoned, turns.answer(read, by: { flush(&pending) }), handled == .allLines else {
                    pending.removeAll()
                    return
                }
                if passing != .kept { break }
                read += 1
            }
        }
    }

    private enum ReadOutcome {
        case bytes
        case endOfInput
        case failed(errno: Int32)
        /// The input ended elsewhere while this thread waited to read.
        case ended
    }

    private func readInput(into framer: inout LineFramer) -> ReadOutcome {
        while true {
            var ended = false
            let count = framer.read(atMost: Self.readBytes) { room in
                if let signal = turns.endSignal, !Self.waitForInput(input, orSignal: signal) {
                    ended = true
                    return 0
                }
                return read(input, room.baseAddress, room.count)
            }
            if ended { return .ended }
            if count > 0 { return .bytes }
            if count == 0 { return .endOfInput }
            if errno != EINTR { return .failed(errno: errno) }
        }
    }

    /// Waits until `input` can be read (or is at its end); false when `signal`
    /// became readable first.
    private static func waitForInput(_ input: Int32, orSignal signal: Int32) -> Bool {
        var entries = [pollfd(fd: signal, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
        while poll(&entries, 2, -1) < 0 && errno == EINTR {}
        return entries[0].revents == 0
    }

    private enum LinesHandled {
        case allLines
        /// The lines up to a stop; the rest are left unanswered.
        case untilStop
        /// An earlier read ended the input, or the output closed: nothing more is answered.
        case abandoned
    }

    /// Handles the whole lines of read `read` in order, into `pending`. Until
    /// every earlier read is answered, only lines that may run beside them are
    /// handled; the first that may not waits for them.
    private func handleLines(of read: Int, in framer: inout LineFramer, into pending: inout JSONTextBuffer) -> LinesHandled {
        var inOrder = turns.areAnswered(before: read)
        while true {
            if inOrder {
                guard framer.next({ handle($0, into: &pending) }) else { return .allLines }
            } else {
                var declined = false
                let handled = framer.next(offering: { event in
                    declined = !handle(event, into: &pending, independentOnly: true)
                    return !declined
                })
                if !handled {
                    guard declined else { return .allLines }
                    guard turns.waitForEarlierReads(before: read) else { return .abandoned }
                    inOrder = true
                    continue
                }
            }
            if stopFlag.isRaised {
                turns.end(at: read, .stopRequested)
                return .untilStop
            }
            if pending.count >= Self.readBytes, inOrder || turns.areAnswered(before: read), !flush(&pending) {
                turns.end(at: read, .outputClosed)
                return .abandoned
            }
        }
    }

    /// Answers a line or limit event into `output`; with `independentOnly`,
    /// declines (false) a line that must run in order.
    @discardableResult
    private func handle(_ event: LineFramer.BorrowedEvent, into output: inout JSONTextBuffer, independentOnly: Bool = false) -> Bool {
        switch event {
        case .line(let line):
            if independentOnly { return dispatcher.handleIfIndependent(line: line, appendingTo: &output) }
            dispatcher.handle(line: line, appendingTo: &output)
        case .lineTooLong:
            logger.warning("discarded an over-long line", metadata: ["maxLineBytes": "\(limits.maxLineBytes)"])
            output.append(contentsOf: dispatcher.lineTooLongResponse(limit: limits.maxLineBytes))
        }
        return true
    }

    private func flush(_ pending: inout JSONTextBuffer) -> Bool {
        defer { pending.removeAll() }
        return writer.write(pending.written)
    }
}

/// Set once to make the read loop stop.
final class StopFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    var isRaised: Bool { raised.load(ordering: .acquiring) }

    func raise() { raised.store(true, ordering: .releasing) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
