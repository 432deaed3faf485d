/// Why a line is not a JSON text, and where.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Byte offset in the line where parsing failed.
    public let offset: Int
    public let message: String

    public var description: String { "\(message) at byte \(offset)" }
}

/// A strict RFC 8259 parser over UTF-8 bytes that the caller has already
/// validated. It builds a `JSONTape` in one pass, checking escapes as it goes;
/// a `JSONValue` is made from the tape when one is wanted. Numbers keep their
/// text; nesting is limited so hostile input cannot exhaust the stack.
public struct JSONParser {
    public static let maximumDepth = 128

    public static func parse(_ bytes: UnsafeRawBufferPointer) throws(JSONParseError) -> JSONValue {
        try withTape(of: bytes) { $0.value(at: 0) }
    }

    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        let bytes = Array(text.utf8)
        let result: Result<JSONValue, JSONParseError> = bytes.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) -> JSONValue in try parse(raw) }
        }
        return try result.get()
    }

    /// Parses `bytes` and runs `body` with their tape (the root value at index 0),
    /// which is valid only during the call.
    public static func withTape<Output>(
        of bytes: UnsafeRawBufferPointer, _ body: (JSONTape) -> Output
    ) throws(JSONParseError) -> Output {
        try withUnsafeTemporaryAllocation(of: JSONTape.Token.self, capacity: scratchTokens) { scratch throws(JSONParseError) in
            var parser = JSONParser(bytes: bytes, tokens: scratch)
            defer { parser.releaseTokens() }
            parser.skipWhitespace()
            try parser.parseValue(depth: 0)
            parser.skipWhitespace()
            guard parser.position == bytes.count else { throw parser.error("unexpected data after the JSON value") }
            return body(JSONTape(bytes: bytes, tokens: UnsafeBufferPointer(start: parser.tokens.baseAddress, count: parser.count)))
        }
    }

    /// Tokens kept on the stack: a request's envelope and params, within the
    /// kilobyte past which the standard library checks the stack's bounds first.
    private static let scratchTokens = 48

    private let bytes: UnsafeRawBufferPointer
    private var position = 0
    /// The tokens so far: the caller's scratch space, or memory of their own once they outgrow it.
    private var tokens: UnsafeMutableBufferPointer<JSONTape.Token>
    private var count = 0
    private var ownsTokens = false

    private init(bytes: UnsafeRawBufferPointer, tokens: UnsafeMutableBufferPointer<JSONTape.Token>) {
        self.bytes = bytes
        self.tokens = tokens
    }

    private mutating func append(_ token: JSONTape.Token) {
        if count == tokens.count {
            let larger = UnsafeMutableBufferPointer<JSONTape.Token>.allocate(capacity: Swift.max(tokens.count * 2, 16))
            _ = larger.initialize(fromContentsOf: tokens[0..<count])
            releaseTokens()
            tokens = larger
            ownsTokens = true
        }
        tokens[count] = token
        count += 1
    }

    private mutating func releaseTokens() {
        if ownsTokens { tokens.deallocate() }
        ownsTokens = false
    }

    private func error(_ message: String) -> JSONParseError {
        JSONParseError(offset: position, message: message)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    /// Appends a scalar's token, which ends where the parser now is.
    private mutating func appendScalar(_ kind: JSONTape.Token.Kind, from start: Int, isEscaped: Bool = false) {
        append(JSONTape.Token(kind: kind, isEscaped: isEscaped, start: UInt32(start), end: UInt32(position), next: UInt32(count + 1)))
    }

    private mutating func parseValue(depth: Int) throws(JSONParseError) {
        guard let byte = current else { throw error("unexpected end of input, expected a value") }
        let start = position
        switch byte {
        case UInt8(ascii: "{"): try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "t"): try expectWord("true"); appendScalar(.true, from: start)
        case UInt8(ascii: "f"): try expectWord("false"); appendScalar(.false, from: start)
        case UInt8(ascii: "n"): try expectWord("null"); appendScalar(.null, from: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try parseNumber(); appendScalar(.number, from: start)
        default: throw error("unexpected character '\(Self.printable(byte))'")
        }
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONParseError) {
        let length = word.utf8CodeUnitCount
        guard position + length <= bytes.count,
              memcmp(bytes.baseAddress! + position, word.utf8Start, length) == 0
        else { throw error("invalid literal, expected '\(word)'") }
        position += length
    }

    /// Appends a container's token before its contents; `closeContainer` completes it.
    private mutating func openContainer(_ kind: JSONTape.Token.Kind) -> Int {
        append(JSONTape.Token(kind: kind, start: UInt32(position), end: 0))
        position += 1
        return count - 1
    }

    private mutating func closeContainer(_ index: Int, count: Int) {
        position += 1
        tokens[index].end = UInt32(position)
        tokens[index].count = UInt32(count)
        tokens[index].next = UInt32(self.count)
    }

    private mutating func parseObject(depth: Int) throws(JSONParseError) {
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        let index = openContainer(.object)
        skipWhitespace()
        if current == UInt8(ascii: "}") { return closeContainer(index, count: 0) }
        var count = 0
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw error("expected a member name in double quotes") }
            try parseString()
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw error("expected ':' after a member name") }
            position += 1
            skipWhitespace()
            try parseValue(depth: depth)
            count += 1
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"): return closeContainer(index, count: count)
            default: throw error("expected ',' or '}' in an object")
            }
        }
    }

    private mutating func parseArray(depth: Int) throws(JSONParseError) {
        guard depth <= Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        let index = openContainer(.array)
        skipWhitespace()
        if current == UInt8(ascii: "]") { return closeContainer(index, count: 0) }
        var count = 0
        while true {
            skipWhitespace()
            try parseValue(depth: depth)
            count += 1
            skipWhitespace()
            switch current {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"): return closeContainer(index, count: count)
            default: throw error("expected ',' or ']' in an array")
            }
        }
    }

    private mutating func parseNumber() throws(JSONParseError) {
        if current == UInt8(ascii: "-") { position += 1 }
        switch current ?? 0 {
        case UInt8(ascii: "0"): position += 1
        case UInt8(ascii: "1")...UInt8(ascii: "9"): skipDigits()
        default: throw error("expected a digit")
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard skipDigits() > 0 else { throw error("expected a digit after the decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw error("expected a digit in the exponent") }
        }
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = position
        while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
        return position - start
    }

    /// Appends a string's token (its text between the quotes), checking its escapes.
    private mutating func parseString() throws(JSONParseError) {
        position += 1
        let start = position
        var isEscaped = false
        while true {
            position = JSONStringBytes.firstSpecial(in: bytes, from: position)
            guard position < bytes.count else { break }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                appendScalar(.string, from: start, isEscaped: isEscaped)
                position += 1
                return
            }
            if byte < 0x20 { throw error("unescaped control character in a string") }
            position += 1
            isEscaped = true
            try checkEscape()
        }
        throw error("unterminated string")
    }

    /// Checks the escape after a backslash and moves past it.
    private mutating func checkEscape() throws(JSONParseError) {
        guard let escape = current else { throw error("unterminated string") }
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            position += 1
            try checkUnicodeEscape()
        default:
            throw error("invalid escape '\\\(Self.printable(escape))'")
        }
    }

    private mutating func checkUnicodeEscape() throws(JSONParseError) {
        let first = try parseHex4()
        if (0xD800...0xDBFF).contains(first) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
            else { throw error("a high surrogate escape must be followed by a low surrogate escape") }
            position += 2
            let second = try parseHex4()
            guard (0xDC00...0xDFFF).contains(second) else { throw error("invalid low surrogate escape") }
        } else if (0xDC00...0xDFFF).contains(first) {
            throw error("lone low surrogate escape")
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in a \\u escape")
            }
            value = value << 4 | digit
            position += 1
        }
        return value
    }

    private static func printable(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16, uppercase: true)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
