/// Process-wide stdio arrangements for a server that speaks on stdout.
public enum StandardIO {
    /// Opens `/dev/null` on each of descriptors 0, 1 and 2 that the process was
    /// started with closed (`2>&-`), so that no descriptor opened later takes a
    /// standard one's number: a log line written to stderr would otherwise land in
    /// whatever file or pipe got descriptor 2. Call it before anything opens a file.
    /// - Returns: the descriptors that were closed.
    public static func openClosedStandardDescriptors() -> [Int32] {
        var closed: [Int32] = []
        for descriptor in STDIN_FILENO...STDERR_FILENO where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            closed.append(descriptor)
            // The lowest free descriptor: this one, as the ones below it are open by now.
            let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY)
            if opened >= 0 && opened != descriptor {
                _ = dup2(opened, descriptor)
                _ = close(opened)
            }
        }
        return closed
    }

    /// Moves the real standard output to a new descriptor (3 or above) that only
    /// the protocol writer uses, and points descriptor 1 at standard error, so a
    /// stray `print` can never corrupt the protocol. Ignores `SIGPIPE`, so a host
    /// that goes away shows up as `EPIPE` on write instead of killing the process.
    /// - Returns: the protocol's output descriptor; nil when standard output
    ///   cannot be duplicated (it is closed, or no descriptor is left).
    public static func claimStandardOutput() -> Int32? {
        signal(SIGPIPE, SIG_IGN)
        let protocolOutput = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, STDERR_FILENO + 1)
        guard protocolOutput >= 0 else { return nil }
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
