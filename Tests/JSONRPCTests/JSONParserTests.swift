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
        #"[{"a":[]},{},[[],[{}]],{"b":{"c":{"d":[null]}}}]"#, #"{"a":{"b":{}},"c":[[],[{}]],"d":0}"#,
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
        (#"[{"a":1]"#, 7), (#"{"a":[1}"#, 7), ("[[]", 3), (#"{"a":{}"#, 7), ("[{}}", 3), (" \t", 2),
    ])
    func malformedTextIsRejectedWithItsOffset(_ text: String, _ offset: Int) {
        #expect { try JSONParser.parse(text) } throws: { ($0 as? JSONParseError)?.offset == offset }
    }

    /// A closing bracket is checked against the innermost container still open,
    /// at every depth and after empty containers.
    @Test(arguments: [
        (#"[{"a":1]"#, 7, "expected ',' or '}' in an object"),
        (#"{"a":[1}"#, 7, "expected ',' or ']' in an array"),
        ("[[]", 3, "expected ',' or ']' in an array"),
        (#"{"a":{}"#, 7, "expected ',' or '}' in an object"),
        (#"[{"a":[{}],"b":{}}]]"#, 19, "unexpected data after the JSON value"),
        (#"{"a":[[{"b":[]}]}"#, 16, "expected ',' or ']' in an array"),
    ])
    func closingTheWrongContainerNamesTheOneOpen(_ text: String, _ offset: Int, _ message: String) {
        #expect(throws: JSONParseError(offset: offset, message: message)) { try JSONParser.parse(text) }
    }

    /// Member names are read where a name is due: after `{` and after a comma in
    /// an object, at any depth, never after a comma in an array.
    @Test(arguments: [
        ("{", 1, "expected a member name in double quotes"),
        ("{1:2}", 1, "expected a member name in double quotes"),
        (#"{"a" 1}"#, 5, "expected ':' after a member name"),
        (#"{"a":1,}"#, 7, "expected a member name in double quotes"),
        (#"{"a":1, "b"}"#, 11, "expected ':' after a member name"),
        (#"[{"a":{ "#, 8, "expected a member name in double quotes"),
        (#"{"a":[1,"b":2]}"#, 11, "expected ',' or ']' in an array"),
        (#"{"a\q":1}"#, 4, "invalid escape '\\q'"),
        (#"{"a":1,"b"#, 9, "unterminated string"),
    ])
    func aMisplacedMemberNameIsNamedInTheError(_ text: String, _ offset: Int, _ message: String) {
        #expect(throws: JSONParseError(offset: offset, message: message)) { try JSONParser.parse(text) }
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

    /// A bad byte or a multi-byte character at every position of lines up to 80
    /// bytes is found where it is.
    @Test func utf8ValidationAtEveryPosition() {
        for length in 0...80 {
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

    /// Agrees with the standard library's UTF-8 decoder, which starts the scalar
    /// that fails where the first bad sequence starts: every valid and invalid
    /// sequence below, at every position of ASCII lines up to 72 bytes, before
    /// more ASCII or at the very end.
    @Test func utf8ValidationAgreesWithTheStandardLibrary() {
        let sequences: [[UInt8]] = [
            [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0x9F, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF],
            [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC3], [0xE2, 0x82], [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80],
            [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xC3, 0x41],
        ]
        for length in 0...72 {
            for position in 0...length {
                for sequence in sequences {
                    var line = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                    line.insert(contentsOf: sequence, at: position)
                    #expect(line.withUnsafeBytes { UTF8Validation.firstInvalidOffset($0) } == Self.firstErrorOffset(line),
                            "\(sequence) at \(position) of \(length)")
                }
            }
        }
    }

    /// Where the standard library's decoder first reports an error.
    private static func firstErrorOffset(_ bytes: [UInt8]) -> Int? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded): offset += encoded.count
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// The parser reads a string eight bytes at a time, past its closing quote
    /// when the line goes on. Strings of every length up to 24 with an escape, a
    /// raw control character or a multi-byte character at every position, followed
    /// by more of the line or by nothing, parse as written or fail where the
    /// control character is.
    @Test func stringsAtEveryPositionOfTheEightByteWindow() throws {
        let pieces: [(text: String, value: String)] = [
            (#"\""#, "\""), (#"\\"#, "\\"), (#"\n"#, "\n"), (#"\u00e9"#, "é"), ("é", "é"), ("🎉", "🎉"), ("\u{7F}", "\u{7F}"),
        ]
        // Where the string stands in the line, and the value the line holds.
        let placements: [(prefix: String, suffix: String, value: (String) -> JSONValue)] = [
            ("", "", { .string($0) }),
            ("[", "]", { .array([.string($0)]) }),
            ("[", #",{"k":"v"}]"#, { .array([.string($0), .object(["k": .string("v")])]) }),
        ]
        for length in 0...24 {
            let plain = String(repeating: "a", count: length)
            for placement in placements {
                let (prefix, suffix) = (placement.prefix, placement.suffix)
                #expect(try JSONParser.parse(prefix + "\"" + plain + "\"" + suffix) == placement.value(plain))
                for position in 0...length {
                    let before = String(plain.prefix(position)), after = String(plain.dropFirst(position))
                    for piece in pieces {
                        let text = prefix + "\"" + before + piece.text + after + "\"" + suffix
                        #expect(try JSONParser.parse(text) == placement.value(before + piece.value + after), "\(text)")
                    }
                    let broken = prefix + "\"" + before + "\u{1}" + after + "\"" + suffix
                    #expect(throws: JSONParseError(offset: prefix.utf8.count + 1 + position,
                                                   message: "unescaped control character in a string")) {
                        try JSONParser.parse(broken)
                    }
                }
            }
            let unterminated = "\"" + plain
            #expect(throws: JSONParseError(offset: length + 1, message: "unterminated string")) {
                try JSONParser.parse(unterminated)
            }
        }
    }

    /// The eight-byte search finds what a byte-by-byte one finds, from every
    /// offset of buffers made of the bytes around each boundary of the test.
    @Test func firstSpecialByteAgreesWithAByteByByteSearch() {
        let alphabet: [UInt8] = [0x00, 0x01, 0x1F, 0x20, 0x21, 0x22, 0x23, 0x5B, 0x5C, 0x5D, 0x61, 0x7F, 0x80, 0xA2, 0xDC, 0xFF]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for _ in 0..<3_000 {
            let length = Int(next() % 33)
            // Mostly plain bytes, so runs long enough for whole words occur.
            let bytes = (0..<length).map { _ in next() % 4 == 0 ? alphabet[Int(next() % 16)] : UInt8(0x61 + next() % 26) }
            bytes.withUnsafeBytes { raw in
                for offset in 0...length {
                    let expected = bytes[offset...].firstIndex { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C } ?? length
                    #expect(JSONStringBytes.firstSpecial(in: raw, from: offset) == expected, "\(bytes) from \(offset)")
                }
            }
        }
    }
}
