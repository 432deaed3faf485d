import Logging
import Synchronization

/// Serves JSON-RPC over a pair of file descriptors until end of input, a stop
/// request, or the host closing the output.
///
/// The calling thread reads with blocking `read(2)`, frames lines and runs
/// inline methods itself; their responses are gathered and written when no
/// complete line is left to handle, so a pipelining host gets few large writes
/// and a lock-step host gets its answer before the next read blocks. When one
/// read brings many lines, the later half is lent to a `LaterLinesHelper` on a
/// second thread, which runs the independent requests among them.
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
    private let helper: LaterLinesHelper

    /// The least a read must bring, in whole lines, for half of them to be lent
    /// to the helper: about 500 `card.validate` requests, 0.4 ms of work. The
    /// helper took 0.1–0.2 ms to start on these machines, so the half it gets
    /// must be worth more than that.
    static let minimumLentBytes = 65_536
    /// Reads without lending after the helper declined the first line it was
    /// lent (a pipeline of requests that run in order, such as encryptions).
    static let readsWithoutLendingAfterDecline = 64

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
        self.helper = LaterLinesHelper(maxLineBytes: limits.maxLineBytes)
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
        let reason = readLoop()
        dispatcher.waitForInFlightWork()
        logger.info("connection stopped", metadata: ["reason": "\(reason)"])
        return writer.isClosed && reason != .outputClosed ? .outputClosed : reason
    }

    private func readLoop() -> StopReason {
        var framer = LineFramer(maxLineBytes: limits.maxLineBytes)
        var pending = JSONTextBuffer(capacity: 4096)
        var isLending = false
        var readsBeforeLending = 0
        let chunkSize = 262_144

        /// Waits for lent lines that will not be answered: the loop is stopping
        /// at an earlier line, so the independent requests among them are as
        /// if never read.
        func abandonLentLines() {
            if isLending { helper.wait { _, _ in } }
        }

        while true {
            if !isLending, readsBeforeLending == 0 {
                isLending = framer.lendLaterLines(minimumBytes: Self.minimumLentBytes) { lent in
                    helper.start(lent) { [self] event, output in
                        handle(event, into: &output, independentOnly: true)
                    }
                } != nil
            }
            while framer.next({ _ = handle($0, into: &pending, independentOnly: false) }) {
                if stopFlag.isRaised {
                    abandonLentLines()
                    return flush(&pending) ? .stopRequested : .outputClosed
                }
                if pending.count >= chunkSize, !flush(&pending) {
                    abandonLentLines()
                    return .outputClosed
                }
            }
            guard flush(&pending) else {
                abandonLentLines()
                return .outputClosed
            }
            if isLending {
                isLending = false
                let handledBytes = helper.wait { handledBytes, responses in writer.write(responses) ? handledBytes : nil }
                guard let handledBytes else { return .outputClosed }
                framer.resume(skipping: handledBytes)
                if handledBytes == 0 { readsBeforeLending = Self.readsWithoutLendingAfterDecline }
                continue
            }
            let count = framer.read(atMost: chunkSize) { room in read(input, room.baseAddress, room.count) }
            readsBeforeLending = max(readsBeforeLending - 1, 0)
            if count == 0 {
                framer.finish { _ = handle($0, into: &pending, independentOnly: false) }
                return flush(&pending) ? .endOfInput : .outputClosed
            } else if count < 0, errno != EINTR {
                let failure = errno
                _ = flush(&pending)
                return .inputFailed(errno: failure)
            }
        }
    }

    /// Answers a line or limit event into `output`; with `independentOnly`,
    /// declines (false) a line that must run in order.
    private func handle(_ event: LineFramer.BorrowedEvent, into output: inout JSONTextBuffer, independentOnly: Bool) -> Bool {
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
