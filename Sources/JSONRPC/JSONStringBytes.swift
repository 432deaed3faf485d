/// The bytes that end a plain run inside a JSON string: control characters
/// (escaped when written, an error when read), the quote and the backslash.
/// The parser and the serializer both skip eight bytes at a time while none of
/// them is one of these.
@usableFromInline
enum JSONStringBytes {
    @inlinable
    static func isSpecial(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The high bit of each byte of `word` (read little-endian) that may be
    /// special, by the usual zero-byte tests: a byte below 0x20, or one equal to
    /// the quote or the backslash after an exclusive or. A flag can be false only
    /// above a true one (a borrow runs upwards), so the lowest flag, when there
    /// is one, marks the first special byte.
    @inlinable
    static func specialFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highBits: UInt64 = 0x8080_8080_8080_8080
        func zeroBytes(_ value: UInt64) -> UInt64 { (value &- ones) & ~value & highBits }
        let controls = (word &- 0x2020_2020_2020_2020) & ~word & highBits
        return controls | zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
    }

    /// The offset of the first special byte in `bytes` at or after `offset`;
    /// `bytes.count` when there is none. Eight bytes are read at a time, past
    /// the end of a string when the buffer goes on: the closing quote of a short
    /// string is found in the first word.
    @inlinable @inline(__always)
    static func firstSpecial(in bytes: UnsafeRawBufferPointer, from offset: Int) -> Int {
        var index = offset
        while index &+ 8 <= bytes.count {
            let flags = specialFlags(UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)))
            if flags != 0 { return index &+ flags.trailingZeroBitCount / 8 }
            index &+= 8
        }
        while index < bytes.count, !isSpecial(bytes[index]) { index &+= 1 }
        return index
    }
}
