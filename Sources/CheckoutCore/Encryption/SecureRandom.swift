#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Random bytes from the operating system's cryptographically secure generator,
/// drawn afresh for every call: `arc4random_buf(3)`, which on Linux (glibc 2.36
/// and later) is one `getrandom(2)` call.
enum SecureRandom {
    static func bytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            if let start = buffer.baseAddress { systemFill(start, count) }
            initialized = count
        }
    }

    private static func systemFill(_ start: UnsafeMutableRawPointer, _ count: Int) {
        #if canImport(Musl)
        // musl has no arc4random_buf; getentropy(3) fills at most 256 bytes a call.
        var filled = 0
        while filled < count {
            let chunk = min(256, count - filled)
            guard getentropy(start + filled, chunk) == 0 else { fatalError("getentropy failed: errno \(errno)") }
            filled += chunk
        }
        #else
        arc4random_buf(start, count)
        #endif
    }
}
