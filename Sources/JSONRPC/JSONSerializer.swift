/// Writes JSON values as compact UTF-8 text: no insignificant whitespace, members
/// in order, control characters escaped (so a line never holds a raw newline),
/// everything else written as is. The same conventions as Python's
/// `json.dumps(value, ensure_ascii=False, separators=(",", ":"))`.
public enum JSONSerializer {
    public static func bytes(of value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        write(value, to: &output)
        return output
    }

    public static func string(of value: JSONValue) -> String {
        String(decoding: bytes(of: value), as: UTF8.self)
    }

    public static func write<Sink: JSONByteSink & ~Copyable>(_ value: JSONValue, to output: inout Sink) {
        switch value {
        case .null: output.appendText("null")
        case .bool(let flag): output.appendText(flag ? "true" : "false")
        case .number(var text):
            // From its contiguous UTF-8 rather than its `utf8` view (76 instructions fewer per response).
            text.withUTF8 { output.appendBytes(UnsafeRawBufferPointer($0)) }
        case .string(let string): writeString(string, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                write(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeString(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                write(member.value, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// Decimal digits, with a minus sign when negative. The digits are made
    /// right to left in a scratch buffer, so `output` is only appended to.
    @inlinable
    static func writeInteger<I: FixedWidthInteger, Sink: JSONByteSink & ~Copyable>(_ integer: I, to output: inout Sink) {
        if integer < 0 { output.append(UInt8(ascii: "-")) }
        var remaining = integer.magnitude
        let capacity = 40 // digits of the largest 128-bit magnitude, and one spare
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { digits in
            var start = capacity
            repeat {
                let (quotient, digit) = remaining.quotientAndRemainder(dividingBy: 10)
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(digit)
                remaining = quotient
            } while remaining > 0
            output.appendBytes(UnsafeRawBufferPointer(UnsafeMutableBufferPointer(rebasing: digits[start...])))
        }
    }

    @inlinable
    public static func writeString<Sink: JSONByteSink & ~Copyable>(_ string: String, to output: inout Sink) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            // Runs of bytes that need no escape are copied whole.
            let bytes = UnsafeRawBufferPointer(utf8)
            var runStart = 0
            while true {
                let special = JSONStringBytes.firstSpecial(in: bytes, from: runStart)
                output.appendBytes(UnsafeRawBufferPointer(rebasing: bytes[runStart..<special]))
                guard special < bytes.count else { break }
                writeEscape(bytes[special], to: &output)
                runStart = special + 1
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    @usableFromInline
    static func writeEscape<Sink: JSONByteSink & ~Copyable>(_ byte: UInt8, to output: inout Sink) {
        let escape: StaticString
        switch byte {
        case UInt8(ascii: "\""): escape = #"\""#
        case UInt8(ascii: "\\"): escape = #"\\"#
        case 0x0A: escape = #"\n"#
        case 0x0D: escape = #"\r"#
        case 0x09: escape = #"\t"#
        case 0x08: escape = #"\b"#
        case 0x0C: escape = #"\f"#
        default:
            (#"\u00"# as StaticString).withUTF8Buffer { output.appendBytes(UnsafeRawBufferPointer($0)) }
            output.append(hexDigit(byte >> 4))
            output.append(hexDigit(byte & 0xF))
            return
        }
        escape.withUTF8Buffer { output.appendBytes(UnsafeRawBufferPointer($0)) }
    }

    @inlinable
    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
