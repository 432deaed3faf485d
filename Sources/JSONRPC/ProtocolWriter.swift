import Synchronization

/// The one owner of the protocol's output file descriptor (and a plain whole-write
/// helper for any other descriptor). Each frame is written whole under a lock (a
/// loop over partial writes and `EINTR`), so frames from different threads never
/// interleave. `EPIPE` means the host is gone: the
/// writer closes and every later write reports failure.
public final class ProtocolWriter: Sendable {
    private let descriptor: Int32
    private let closed = Mutex(false)

    public init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    public var isClosed: Bool { closed.withLock { $0 } }

    /// Writes `bytes` completely; false when the output is gone.
    @discardableResult
    public func write(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Writes `bytes` completely; false when the output is gone.
    @discardableResult
    public func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard !bytes.isEmpty else { return !isClosed }
        return closed.withLock { isClosed in
            guard !isClosed else { return false }
            if !Self.writeAll(bytes, to: descriptor) { isClosed = true }
            return !isClosed
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
