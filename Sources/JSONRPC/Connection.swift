import Logging
import Synchronization

/// Serves JSON-RPC over a pair of file descriptors until end of input, a stop
/// request, or the host closing the output.
///
/// The calling thread reads with blocking `read(2)`, frames lines and runs
/// inline methods itself; their responses are gathered and written when no
/// complete line is left to handle, so a pipelining host gets few large writes
/// and a lock-step host gets its answer before the next read blocks.
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
        let reason = readLoop()
        dispatcher.waitForInFlightWork()
        logger.info("connection stopped", metadata: ["reason": "\(reason)"])
        return writer.isClosed && reason != .outputClosed ? .outputClosed : reason
    }

    private func readLoop() -> StopReason {
        var framer = LineFramer(maxLineBytes: limits.maxLineBytes)
        var pending: [UInt8] = []
        let chunkSize = 65_536
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: chunkSize, alignment: 1)
        defer { chunk.deallocate() }

        while true {
            while framer.next({ handle($0, into: &pending) }) {
                if stopFlag.isRaised { return flush(&pending) ? .stopRequested : .outputClosed }
                if pending.count >= chunkSize, !flush(&pending) { return .outputClosed }
            }
            guard flush(&pending) else { return .outputClosed }
            let count = read(input, chunk.baseAddress, chunkSize)
            if count > 0 {
                framer.append(UnsafeRawBufferPointer(rebasing: chunk[0..<count]))
            } else if count == 0 {
                framer.finish { handle($0, into: &pending) }
                return flush(&pending) ? .endOfInput : .outputClosed
            } else if errno != EINTR {
                let failure = errno
                _ = flush(&pending)
                return .inputFailed(errno: failure)
            }
        }
    }

    private func handle(_ event: LineFramer.BorrowedEvent, into pending: inout [UInt8]) {
        switch event {
        case .line(let line):
            dispatcher.handle(line: line, appendingTo: &pending)
        case .lineTooLong:
            logger.warning("discarded an over-long line", metadata: ["maxLineBytes": "\(limits.maxLineBytes)"])
            pending.append(contentsOf: dispatcher.lineTooLongResponse(limit: limits.maxLineBytes))
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
