/// Finds the first byte that breaks UTF-8 well-formedness (Unicode Table 3-7:
/// no overlong forms, no surrogates, nothing above U+10FFFF).
enum UTF8Validation {
    /// Nil when `bytes` is valid UTF-8, else the offset of the first bad sequence.
    static func firstInvalidOffset(_ bytes: UnsafeRawBufferPointer) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            index = firstNonASCII(bytes, from: index)
            guard index < count else { break }
            let lead = bytes[index]
            let length: Int
            var secondRange: ClosedRange<UInt8> = 0x80...0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; secondRange = 0xA0...0xBF
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; secondRange = 0x80...0x9F
            case 0xF0: length = 4; secondRange = 0x90...0xBF
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; secondRange = 0x80...0x8F
            default: return index
            }
            guard index + length <= count, secondRange.contains(bytes[index + 1]) else { return index }
            for continuation in 2..<length where !(0x80...0xBF).contains(bytes[index + continuation]) {
                return index
            }
            index += length
        }
        return nil
    }

    /// The offset of the first byte at or after `start` that is not ASCII; `bytes.count`
    /// when there is none.
    private static func firstNonASCII(_ bytes: UnsafeRawBufferPointer, from start: Int) -> Int {
        var index = start
        while index < bytes.count, bytes[index] < 0x80 { index += 1 }
        return index
    }
}
