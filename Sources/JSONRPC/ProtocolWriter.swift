import Dispatch
import Synchronization

/// The one owner of the protocol's output file descriptor (and a plain whole-write
/// helper for any other descriptor). Frames never interleave: one thread at a
/// time writes, and a frame handed in while it does is queued behind the ones
/// before it and written by that thread, in the same pass if it can, so the
/// thread that handed it goes on at once instead of waiting for the descriptor.
/// Only when more than `queueLimit` bytes wait (the host is not reading) does a
/// thread wait for room. A line too long to wait for may be written in parts
/// as they are produced (`writeLine(inParts:)`); frames handed in meanwhile
/// wait until its end. Each write is a loop over partial writes and `EINTR`.
/// `EPIPE` means the host is gone: the writer closes and every later write
/// reports failure.
public final class ProtocolWriter: Sendable {
    private struct State {
        var isClosed = false
        /// True while a thread writes; it writes what is queued before it stops.
        var isWriting = false
        /// Frames handed in while a thread writes, in order.
        var queued: [UInt8] = []
        /// Threads waiting for the queue to have room.
        var waitingForRoom = 0
        /// True while a line is written in parts.
        var isLineOpen = false
        /// Frames handed in while a line is open, written after its end. They
        /// never wait for room: they come from requests already read, so they
        /// are few, and the line's own parts may be what they would wait for.
        var heldBack: [UInt8] = []
    }

    /// How many queued bytes make the next thread wait: the pipe's usual size,
    /// so a host that stops reading holds the service back as a full pipe would.
    public static let queueLimit = 1 << 20

    private let descriptor: Int32
    private let state = Mutex(State())
    private let roomMade = DispatchSemaphore(value: 0)

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public var isClosed: Bool { state.withLock { $0.isClosed } }

    /// Writes `bytes` completely, or hands them to the thread writing, which
    /// writes them next; false when the output is gone.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Writes `bytes` completely, or hands them to the thread writing, which
    /// writes them next; false when the output is gone.
    @discardableResult
    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        write(bytes, isPartOfOpenLine: false)
    }

    /// Writes one line in the parts `produce` hands to its argument (from any
    /// thread, in the line's order, before `produce` returns), each as soon as
    /// it comes; a frame any other caller hands in meanwhile is written after
    /// the line. False when the output is gone. One line at a time is written
    /// in parts: `produce` must not open another.
    @discardableResult
    public func writeLine(inParts produce: (_ part: @escaping @Sendable ([UInt8]) -> Void) -> Void) -> Bool {
        state.withLock { state in
            precondition(!state.isLineOpen, "a line is already being written in parts")
            state.isLineOpen = true
        }
        produce { part in part.withUnsafeBytes { _ = self.write($0, isPartOfOpenLine: true) } }
        let heldBack: [UInt8] = state.withLock { state in
            state.isLineOpen = false
            defer { state.heldBack = [] }
            return state.heldBack
        }
        return heldBack.withUnsafeBytes { write($0, isPartOfOpenLine: false) }
    }

    private func write(_ bytes: UnsafeRawBufferPointer, isPartOfOpenLine: Bool) -> Bool {
        enum Turn { case write, handedOver, waitForRoom, closed }
        while true {
            let turn: Turn = state.withLock { state in
                if state.isClosed { return .closed }
                if bytes.isEmpty { return .handedOver }
                if state.isLineOpen && !isPartOfOpenLine {
                    state.heldBack.append(contentsOf: bytes)
                    return .handedOver
                }
                guard state.isWriting else {
                    state.isWriting = true
                    return .write
                }
                guard state.queued.count < Self.queueLimit else {
                    state.waitingForRoom += 1
                    return .waitForRoom
                }
                state.queued.append(contentsOf: bytes)
                return .handedOver
            }
            switch turn {
            case .closed: return false
            case .handedOver: return true
            case .waitForRoom: roomMade.wait()
            case .write: return writeThenQueued(bytes)
            }
        }
    }

    /// Writes `bytes`, then what other threads queued meanwhile, until nothing waits.
    private func writeThenQueued(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var succeeded = Self.writeAll(bytes, to: descriptor)
        while true {
            let (next, waiting): ([UInt8]?, Int) = state.withLock { state in
                let waiting = state.waitingForRoom
                state.waitingForRoom = 0
                if !succeeded { state.isClosed = true }
                guard succeeded, !state.queued.isEmpty else {
                    state.isWriting = false
                    state.queued = []
                    return (nil, waiting)
                }
                defer { state.queued = [] }
                return (state.queued, waiting)
            }
            for _ in 0..<waiting { roomMade.signal() }
            guard let next else { return succeeded }
            succeeded = next.withUnsafeBytes { Self.writeAll($0, to: descriptor) }
        }
    }

    private static func writeAll(_ raw: UnsafeRawBufferPointer, to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < raw.count {
            let written = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
            if written >= 0 {
                offset += written
                continue
            }
            switch errno {
            case EINTR: continue
            case EAGAIN: waitUntilWritable(descriptor)
            default: return false
            }
        }
        return true
    }

    /// Only reached when the host gave us a non-blocking descriptor; we never set `O_NONBLOCK` ourselves.
    private static func waitUntilWritable(_ descriptor: Int32) {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        _ = poll(&entry, 1, -1)
    }
}

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Musl)
import Musl
private let systemWrite = Musl.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif
