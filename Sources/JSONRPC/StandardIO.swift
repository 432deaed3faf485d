/// Process-wide stdio arrangements for a server that speaks on stdout.
public enum StandardIO {
    /// Moves the real standard output to a new descriptor that only the protocol
    /// writer uses, and points descriptor 1 at standard error, so a stray `print`
    /// can never corrupt the protocol. Ignores `SIGPIPE`, so a host that goes away
    /// shows up as `EPIPE` on write instead of killing the process.
    /// - Returns: the protocol's output descriptor.
    public static func claimStandardOutput() -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        let protocolOutput = dup(STDOUT_FILENO)
        precondition(protocolOutput >= 0, "cannot duplicate standard output")
        _ = fcntl(protocolOutput, F_SETFD, FD_CLOEXEC)
        _ = dup2(STDERR_FILENO, STDOUT_FILENO)
        return protocolOutput
    }

    /// The pipe buffer a server asks for on its input and output: 1 MiB, the
    /// largest Linux grants an unprivileged process by default
    /// (`/proc/sys/fs/pipe-max-size`).
    public static let preferredPipeBufferBytes = 1 << 20

    /// Asks for a buffer of `bytes` on `descriptor` when it is a pipe, and returns
    /// the buffer the pipe has afterwards; nil when it is not a pipe (or not on
    /// Linux). A refusal (over the system's or the user's limit) leaves the pipe
    /// as it was.
    ///
    /// With the default 64 KiB a host pipelining requests keeps a server's reads
    /// and writes blocking on a nearly empty or full pipe, and every wake-up of the
    /// other side costs tens of microseconds on a virtual machine: 1 MiB took
    /// `card.validate` pipelined from about 0.9 to 1.3 million requests a second.
    /// The buffer belongs to the pipe, so the host's end gets it too.
    @discardableResult
    public static func enlargePipeBuffer(_ descriptor: Int32, to bytes: Int = preferredPipeBufferBytes) -> Int? {
        #if os(Linux)
        // F_GETPIPE_SZ and F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 8 and + 7), which
        // Glibc's module leaves out because they need _GNU_SOURCE.
        let getPipeSize: Int32 = 1032, setPipeSize: Int32 = 1031
        let current = fcntl(descriptor, getPipeSize)
        guard current >= 0 else { return nil }
        guard current < bytes else { return Int(current) }
        let granted = fcntl(descriptor, setPipeSize, Int32(clamping: bytes))
        return Int(granted >= 0 ? granted : current)
        #else
        return nil
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
