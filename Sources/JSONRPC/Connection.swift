#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Logging
import Synchronization

/// Serves JSON-RPC over a pair of file descriptors until end of input, a stop
/// request, or the host closing the output.
///
/// One thread, the caller's, waits for input with `poll(2)` beside the stop
/// signal's pipe, reads with `read(2)`, frames lines and
/// hands each to the `Dispatcher`, which runs it here or on a worker. Answers
/// made here are gathered and written when no whole line is left to handle, so
/// a pipelining host gets few large writes and a lock-step host gets its
/// answer before the next read blocks; workers write their own answers, and a
/// batch's answer goes out in parts as its calls finish.
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
    private let stopSignal: StopSignal

    /// The most one read asks for, and the most answers gathered before they are written.
    static let readBytes = 262_144

    public init(input: Int32, output: Int32, registry: MethodRegistry, limits: Limits = Limits(),
                logger: Logger = Logger(label: "jsonrpc"), redaction: ErrorRedaction = .none) {
        let writer = ProtocolWriter(descriptor: output)
        let stopSignal = StopSignal()
        self.stopSignal = stopSignal
        self.input = input
        self.writer = writer
        self.limits = limits
        self.logger = logger
        self.dispatcher = Dispatcher(registry: registry, maxBatchEntries: limits.maxBatchEntries, logger: logger,
                                     redaction: redaction, deliver: { writer.write($0) },
                                     writeLineInParts: { writer.writeLine(inParts: $0) }, stopper: { stopSignal.raise() })
    }

    /// Asks the read loop to stop after the line it is handling, or at once when
    /// it is waiting for input: nothing more is read, what was handled is
    /// answered. Any thread may call it (a signal handler may not: it takes no
    /// lock, but it is Swift code; hand it a signal from a thread of your own).
    public func stop() {
        stopSignal.raise()
    }

    /// Serves until the input ends or a stop is requested, then waits for
    /// in-flight work and writes its responses.
    public func run() -> StopReason {
        let reason = serve()
        dispatcher.waitForInFlightWork()
        logger.info("connection stopped", metadata: ["reason": "\(reason)"])
        return writer.isClosed ? .outputClosed : reason
    }

    private func serve() -> StopReason {
        var framer = LineFramer(maxLineBytes: limits.maxLineBytes)
        var pending: [UInt8] = []
        pending.reserveCapacity(4096)
        while true {
            while framer.next({ event, moreBuffered in
                handle(event, into: &pending, inputIsIdle: { !moreBuffered && !inputIsReadable() })
            }) {
                if stopSignal.isRaised {
                    writer.write(pending)
                    return .stopRequested
                }
                if pending.count >= Self.readBytes, !flush(&pending) { return .outputClosed }
            }
            guard flush(&pending) else { return .outputClosed }
            switch readInput(into: &framer) {
            case .bytes:
                continue
            case .endOfInput:
                framer.finish { handle($0, into: &pending) }
                writer.write(pending)
                return .endOfInput
            case .stopRequested:
                return .stopRequested
            case .failed(let failure):
                return .inputFailed(errno: failure)
            }
        }
    }

    private enum ReadOutcome {
        case bytes
        case endOfInput
        case stopRequested
        case failed(errno: Int32)
    }

    private func readInput(into framer: inout LineFramer) -> ReadOutcome {
        while true {
            guard waitForInput() else { return .stopRequested }
            let count = framer.read(atMost: Self.readBytes) { room in read(input, room.baseAddress, room.count) }
            if count > 0 { return .bytes }
            if count == 0 { return .endOfInput }
            if errno != EINTR { return .failed(errno: errno) }
        }
    }

    /// True when the input has bytes (or its end, or a failure) to read now.
    private func inputIsReadable() -> Bool {
        var readable = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
        return poll(&readable, 1, 0) != 0
    }

    /// Waits until the input has something to say (bytes, its end or a failure,
    /// which `read` then reports) or a stop is requested; false for a stop.
    private func waitForInput() -> Bool {
        var waiting = [pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: stopSignal.wakeDescriptor, events: Int16(POLLIN), revents: 0)]
        while !stopSignal.isRaised {
            let ready = poll(&waiting, nfds_t(waiting.count), -1)
            if ready < 0 && errno == EINTR { continue }
            // A poll that fails otherwise leaves it to the read, which blocks as it would have.
            return ready < 0 || waiting[1].revents == 0
        }
        return false
    }

    /// Answers a line or limit event into `output`.
    private func handle(_ event: LineFramer.BorrowedEvent, into output: inout [UInt8],
                        inputIsIdle: () -> Bool = { false }) {
        switch event {
        case .line(let line):
            dispatcher.handle(line: line, appendingTo: &output, inputIsIdle: inputIsIdle)
        case .lineTooLong:
            logger.warning("discarded an over-long line", metadata: ["maxLineBytes": "\(limits.maxLineBytes)"])
            output.append(contentsOf: dispatcher.lineTooLongResponse(limit: limits.maxLineBytes))
        }
    }

    private func flush(_ pending: inout [UInt8]) -> Bool {
        defer { pending.removeAll(keepingCapacity: true) }
        return writer.write(pending)
    }
}

/// Set once to make the read loop stop: a flag the loop reads between lines, and
/// a pipe that becomes readable, so a loop waiting for input wakes up.
final class StopSignal: Sendable {
    private let raised = Atomic<Bool>(false)
    /// The pipe's read end, which the loop polls beside its input; -1 when no
    /// pipe could be made (no descriptor left): a stop then waits for the next input.
    let wakeDescriptor: Int32
    private let writeEnd: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            wakeDescriptor = -1
            writeEnd = -1
            return
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        // The pipe is ours: a full one (never, with one byte per stop) must not block a stop.
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        wakeDescriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        if wakeDescriptor >= 0 { close(wakeDescriptor) }
        if writeEnd >= 0 { close(writeEnd) }
    }

    var isRaised: Bool { raised.load(ordering: .acquiring) }

    func raise() {
        raised.store(true, ordering: .releasing)
        var byte: UInt8 = 1
        if writeEnd >= 0 { _ = write(writeEnd, &byte, 1) }
    }
}
