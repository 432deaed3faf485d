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
/// One thread, the caller's, reads with blocking `read(2)`, frames lines and
/// hands each to the `Dispatcher`, which runs it here or on a worker. Answers
/// made here are gathered and written when no whole line is left to handle, so
/// a pipelining host gets few large writes and a lock-step host gets its
/// answer before the next read blocks; workers write their own answers.
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

    /// The most one read asks for, and the most answers gathered before they are written.
    static let readBytes = 262_144

    public init(input: Int32, output: Int32, registry: MethodRegistry, limits: Limits = Limits(),
                logger: Logger = Logger(label: "jsonrpc"), redaction: ErrorRedaction = .none) {
        let writer = ProtocolWriter(descriptor: output)
        let stopFlag = StopFlag()
        self.stopFlag = stopFlag
        self.input = input
        self.writer = writer
        self.limits = limits
        self.logger = logger
        self.dispatcher = Dispatcher(registry: registry, maxBatchEntries: limits.maxBatchEntries, logger: logger,
                                     redaction: redaction, deliver: { writer.write($0) }, stopper: { stopFlag.raise() })
    }

    /// Asks the read loop to stop after the line it is handling.
    public func stop() {
        stopFlag.raise()
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
            while framer.next({ handle($0, into: &pending) }) {
                if stopFlag.isRaised {
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
            case .failed(let failure):
                return .inputFailed(errno: failure)
            }
        }
    }

    private enum ReadOutcome {
        case bytes
        case endOfInput
        case failed(errno: Int32)
    }

    private func readInput(into framer: inout LineFramer) -> ReadOutcome {
        while true {
            let count = framer.read(atMost: Self.readBytes) { room in read(input, room.baseAddress, room.count) }
            if count > 0 { return .bytes }
            if count == 0 { return .endOfInput }
            if errno != EINTR { return .failed(errno: errno) }
        }
    }

    /// Answers a line or limit event into `output`.
    private func handle(_ event: LineFramer.BorrowedEvent, into output: inout [UInt8]) {
        switch event {
        case .line(let line):
            dispatcher.handle(line: line, appendingTo: &output)
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

/// Set once to make the read loop stop.
final class StopFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    var isRaised: Bool { raised.load(ordering: .acquiring) }

    func raise() { raised.store(true, ordering: .releasing) }
}
