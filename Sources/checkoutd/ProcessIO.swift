#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes text to stderr unbuffered.
func writeToStandardError(_ text: String) {
    write(descriptor: STDERR_FILENO, text)
}

/// Writes text to stdout unbuffered (only `call` and `--help` use stdout directly).
func writeToStandardOutput(_ text: String) {
    write(descriptor: STDOUT_FILENO, text)
}

private func write(descriptor: Int32, _ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
        if written < 0 {
            if errno == EINTR { continue }
            return
        }
        bytes = bytes.dropFirst(written)
    }
}

func exitProcess(_ code: Int32) -> Never {
    exit(code)
}

#if canImport(Glibc)
private let systemWrite = Glibc.write
#elseif canImport(Musl)
private let systemWrite = Musl.write
#elseif canImport(Darwin)
private let systemWrite = Darwin.write
#endif
