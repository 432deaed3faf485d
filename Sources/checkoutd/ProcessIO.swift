import JSONRPC

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes text to stderr unbuffered.
func writeToStandardError(_ text: String) {
    ProtocolWriter(descriptor: STDERR_FILENO).write(Array(text.utf8))
}

/// Writes text to stdout unbuffered (only `call`, `--help` and `--version` use stdout directly).
func writeToStandardOutput(_ text: String) {
    ProtocolWriter(descriptor: STDOUT_FILENO).write(Array(text.utf8))
}

func exitProcess(_ code: Int32) -> Never {
    exit(code)
}
