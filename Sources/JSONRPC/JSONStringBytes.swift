/// The bytes that end a plain run inside a JSON string: control characters
/// (escaped when written, an error when read), the quote and the backslash.
enum JSONStringBytes {
    static func isSpecial(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The offset of the first special byte in `bytes` at or after `offset`;
    /// `bytes.count` when there is none.
    static func firstSpecial(in bytes: UnsafeRawBufferPointer, from offset: Int) -> Int {
        var index = offset
        while index < bytes.count, !isSpecial(bytes[index]) { index += 1 }
        return index
    }
}
