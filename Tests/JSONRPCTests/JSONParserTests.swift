@testable import JSONRPC
import Testing

@Suite("JSON parsing and serialization")
struct JSONParserTests {
    @Test(arguments: [
        #"{"a":1,"b":[true,false,null],"c":"x"}"#,
        #"[1,-0,2.50,1e3,-1.5E-7,12345678901234567890123]"#,
        #""tab\tnew\nquote\"back\\slash\u0001""#,
        #"{"ünï":"çødé 😀"}"#,
        #"[]"#, #"{}"#, #""""#, "0", "null",
    ])
    func serializationReproducesCompactInput(_ text: String) throws {
        #expect(JSONSerializer.string(of: try JSONParser.parse(text)) == text)
    }

    /// The parser keeps its first 48 tokens on the stack and moves them to the
    /// heap as they outgrow it: documents of every size around and well past
    /// that, nested and flat, come back whole.
    @Test func documentsPastTheParsersScratchSpaceStayWhole() throws {
        for count in [0, 1, 20, 23, 24, 25, 46, 47, 48, 49, 95, 96, 97, 500] {
            let elements = (0..<count).map { #"{"k\#($0)":[\#($0),"v\u00e9",true,null]}"# }
            let text = "[" + elements.joined(separator: ",") + "]"
            let expected = JSONValue.array((0..<count).map {
                .object(["k\($0)": .array([.number("\($0)"), .string("vé"), .bool(true), .null])])
            })
            #expect(try JSONParser.parse(text) == expected, "\(count) elements")
            let flat = "[" + (0..<count).map(String.init).joined(separator: ",") + "]"
            #expect(try JSONParser.parse(flat) == .array((0..<count).map { .number(String($0)) }))
        }
    }

    @Test func numbersKeepTheirWrittenForm() throws {
        #expect(try JSONParser.parse("2.50") == .number("2.50"))
        #expect(try JSONParser.parse(" 1E+2 ") == .number("1E+2"))
    }

    @Test func escapesAndSurrogatePairsDecode() throws {
        #expect(try JSONParser.parse(#""\ud83d\ude00\u00e9\/""#) == .string("😀é/"))
    }

    @Test(arguments: [
        ("{", 1), ("[1,]", 3), (#"{"a" 1}"#, 5), ("01", 1), ("1.", 2), ("-", 1), ("tru", 0),
        (#""abc"#, 4), ("\"a\nb\"", 2), (#""\x""#, 2), (#""\ud800""#, 7), (#""\udc00""#, 7),
        ("1 2", 2), ("", 0), ("[1]x", 3), ("{\"a\":1,}", 7),
    ])
    func malformedTextIsRejectedWithItsOffset(_ text: String, _ offset: Int) {
        #expect { try JSONParser.parse(text) } throws: { ($0 as? JSONParseError)?.offset == offset }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "[", count: JSONParser.maximumDepth + 1) + String(repeating: "]", count: JSONParser.maximumDepth + 1)
        #expect(throws: JSONParseError.self) { try JSONParser.parse(deep) }
        let allowed = String(repeating: "[", count: JSONParser.maximumDepth) + String(repeating: "]", count: JSONParser.maximumDepth)
        #expect(throws: Never.self) { try JSONParser.parse(allowed) }
    }

    @Test func controlCharactersAreEscapedSoALineNeverBreaks() {
        let text = JSONSerializer.string(of: .string("a\u{0}\u{1f}\r\n\u{2028}b"))
        #expect(text == #""a\u0000\u001f\r\n"# + "\u{2028}b\"")
        #expect(!text.utf8.contains(0x0A))
    }

    @Test(arguments: [
        ([0xC3, 0xA9] as [UInt8], nil as Int?), ([0x61, 0xFF], 1), ([0xC0, 0x80], 0), ([0xED, 0xA0, 0x80], 0),
        ([0xF4, 0x90, 0x80, 0x80], 0), ([0x61, 0x62, 0xE2, 0x82], 2), ([0xF0, 0x9F, 0x98, 0x80], nil),
    ])
    func utf8ValidationFindsTheFirstBadByte(_ bytes: [UInt8], _ offset: Int?) {
        #expect(bytes.withUnsafeBytes { UTF8Validation.firstInvalidOffset($0) } == offset)
    }

    /// ASCII is skipped eight bytes at a time: a bad byte or a multi-byte
    /// character at every position of lines up to 40 bytes, around every word
    /// boundary, is found where it is.
    @Test func utf8ValidationAtEveryPosition() {
        for length in 0...40 {
            let ascii = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(ascii.withUnsafeBytes { UTF8Validation.firstInvalidOffset($0) } == nil)
            for position in 0..<length {
                var bad = ascii
                bad[position] = 0xFF
                #expect(bad.withUnsafeBytes { UTF8Validation.firstInvalidOffset($0) } == position, "0xFF at \(position) of \(length)")
                var accented = ascii
                accented.insert(contentsOf: [0xC3, 0xA9], at: position)
                #expect(accented.withUnsafeBytes { UTF8Validation.firstInvalidOffset($0) } == nil, "é at \(position) of \(length)")
                accented[accented.count - 1] = 0x80
                #expect(accented.withUnsafeBytes { UTF8Validation.firstInvalidOffset($0) } == accented.count - 1,
                        "é at \(position), stray continuation byte at the end of \(length)")
            }
        }
    }
}
