import JSONRPC
import Testing

/// String escaping, including the eight-bytes-at-a-time skip: every position of
/// every character that needs an escape, in strings long enough to take the
/// fast path, comes out as escaping byte by byte would write it, and parses back.
@Suite struct JSONSerializerTests {
    /// What the serializer must write, one UTF-8 byte at a time.
    static func escapedByteByByte(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{8}": text += "\\b"
            case "\u{C}": text += "\\f"
            case let control where control.value < 0x20:
                text += "\\u00" + (control.value < 0x10 ? "0" : "") + String(control.value, radix: 16)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    static let specials: [Character] = ["\"", "\\", "\n", "\u{0}", "\u{1}", "\u{1F}", "\t", "\u{7F}", "é", "中", "🎉", " ", "~"]

    @Test(arguments: specials)
    func everyPositionInLongStrings(_ special: Character) throws {
        for length in [0, 1, 7, 8, 9, 15, 16, 17, 31, 64] {
            for position in 0..<max(length, 1) {
                var characters = Array(repeating: Character("a"), count: length)
                if length > 0 { characters[position] = special }
                let string = String(characters)
                let text = JSONSerializer.string(of: .string(string))
                #expect(text == Self.escapedByteByByte(string), "\(special.debugDescription) at \(position) of \(length)")
                #expect(try JSONParser.parse(text) == .string(string))
            }
        }
    }
}
