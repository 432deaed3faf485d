/// Writes JSON values as compact UTF-8 text: no insignificant whitespace, members
/// in order, control characters escaped (so a line never holds a raw newline),
/// everything else written as is. The same conventions as Python's
/// `json.dumps(value, ensure_ascii=False, separators=(",", ":"))`. Results are
/// written by `JSONTextEncoder`, which writes its strings and numbers here.
public enum JSONSerializer {
    public static func bytes(of value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        write(value, to: &output)
        return output
    }

    public static func string(of value: JSONValue) -> String {
        String(decoding: bytes(of: value), as: UTF8.self)
    }

    public static func write(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
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

    /// Writes `string` quoted, copying each run of plain bytes whole.
    public static func writeString(_ string: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            // `index` walks `utf8.indices`, and every slice below ends at most at `utf8.count`.
            for index in utf8.indices where JSONStringBytes.isSpecial(utf8[index]) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                writeEscape(utf8[index], to: &output)
                runStart = index + 1
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Writes `integer` in decimal, without making a `String` of it.
    public static func writeInteger<Integer: BinaryInteger>(_ integer: Integer, to output: inout [UInt8]) {
        if integer < 0 { output.append(UInt8(ascii: "-")) }
        var magnitude = integer.magnitude
        guard magnitude >= 10 else {
            output.append(UInt8(ascii: "0") + UInt8(magnitude))
            return
        }
        let start = output.count
        while magnitude > 0 {
            let (quotient, remainder) = magnitude.quotientAndRemainder(dividingBy: 10)
            output.append(UInt8(ascii: "0") + UInt8(remainder))
            magnitude = quotient
        }
        output[start...].reverse() // the digits were written least significant first
    }

    private static func writeEscape(_ byte: UInt8, to output: inout [UInt8]) {
        switch byte {
        case UInt8(ascii: "\""): output.append(contentsOf: #"\""#.utf8)
        case UInt8(ascii: "\\"): output.append(contentsOf: #"\\"#.utf8)
        case 0x0A: output.append(contentsOf: #"\n"#.utf8)
        case 0x0D: output.append(contentsOf: #"\r"#.utf8)
        case 0x09: output.append(contentsOf: #"\t"#.utf8)
        case 0x08: output.append(contentsOf: #"\b"#.utf8)
        case 0x0C: output.append(contentsOf: #"\f"#.utf8)
        default:
            output.append(contentsOf: #"\u00"#.utf8)
            output.append(hexDigit(byte >> 4))
            output.append(hexDigit(byte & 0xF))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
