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
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
