/// Equality of two byte ranges of the same length, for the short names a
/// request is read by (member names, method names, the envelope's opening):
/// up to sixteen bytes are compared with two overlapping loads from each side,
/// up to thirty-two with four, inline, where a call to `memcmp` cost three
/// times the instructions.
enum ShortBytes {
    /// Whether `bytes` are exactly the UTF-8 of `literal`: a name read from a
    /// request compared with the name asked for.
    @inline(__always)
    static func equal(_ bytes: UnsafeRawBufferPointer, _ literal: StaticString) -> Bool {
        bytes.count == literal.utf8CodeUnitCount
            && (bytes.isEmpty || equal(bytes.baseAddress!, literal.utf8Start, count: bytes.count))
    }

    @inline(__always)
    static func equal(_ left: UnsafeRawPointer, _ right: UnsafeRawPointer, count: Int) -> Bool {
        switch count {
        case 17...32:
            return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
                && left.loadUnaligned(fromByteOffset: 8, as: UInt64.self) == right.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                && left.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
                && left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        case 8...16:
            return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
                && left.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                    == right.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        case 4..<8:
            return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
                && left.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
                    == right.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
        case 1..<4:
            return left.load(as: UInt8.self) == right.load(as: UInt8.self)
                && left.load(fromByteOffset: count / 2, as: UInt8.self) == right.load(fromByteOffset: count / 2, as: UInt8.self)
                && left.load(fromByteOffset: count - 1, as: UInt8.self) == right.load(fromByteOffset: count - 1, as: UInt8.self)
        case 0:
            return true
        default:
            return memcmp(left, right, count) == 0
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
