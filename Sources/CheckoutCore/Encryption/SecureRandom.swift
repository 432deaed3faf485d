#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Random bytes from the operating system's cryptographically secure generator
/// (`getentropy(3)`, that is `getrandom(2)`, on Linux; `arc4random_buf` on Apple
/// platforms), the source `SystemRandomNumberGenerator` and swift-crypto's
/// `SymmetricKey(size:)` read too. Those ask for 8 bytes per system call; this
/// asks once per buffer (up to 256 bytes), which took an encrypt from fourteen
/// `getrandom` calls to two.
enum SecureRandom {
    static func bytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            fill(UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
    }

    private static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let start = buffer.baseAddress else { return }
        #if canImport(Darwin)
        arc4random_buf(start, buffer.count)
        #else
        // getentropy(3) is getrandom(2) for at most 256 bytes, all or nothing.
        var filled = 0
        while filled < buffer.count {
            let count = min(256, buffer.count - filled)
            guard getentropy(start + filled, count) == 0 else {
                // It fails only for a bad buffer or a kernel without getrandom(2) (before 3.17).
                fatalError("getentropy failed: errno \(errno)")
            }
            filled += count
        }
        #endif
    }
}
