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
///
/// The parse is one loop over the text rather than a function per kind of
/// value, member names included: the position and the innermost open
/// container stay in registers, and an open container keeps its parent's
/// index in its `next` until it closes, so nesting needs no stack of its own.
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
    /// which is valid only during the call. `enclosingDepth` counts containers
    /// around the text, for a value cut from a larger one: the nesting limit
    /// holds as if the whole were parsed.
    public static func withTape<Output>(
        of bytes: UnsafeRawBufferPointer, enclosingDepth: Int = 0, _ body: (JSONTape) -> Output
    ) throws(JSONParseError) -> Output {
        var tokens = TokenBuffer()
        try parseDocument(bytes, into: &tokens, enclosingDepth: enclosingDepth)
        return tokens.storage.withUnsafeBufferPointer { body(JSONTape(bytes: bytes, tokens: $0)) }
    }

    /// Offsets are kept in a token's 32 bits.
    private static let maximumLength = Int(UInt32.max)

    private typealias Token = JSONTape.Token

    private static func parseDocument(_ text: UnsafeRawBufferPointer, into tokens: inout TokenBuffer, enclosingDepth: Int) throws(JSONParseError) {
        guard let base = text.baseAddress, text.count > 0 else {
            throw JSONParseError(offset: 0, message: "unexpected end of input, expected a value")
        }
        guard text.count < maximumLength else { throw JSONParseError(offset: 0, message: "a text of 4 GiB or more") }
        let bytes = UnsafeRawBufferPointer(start: base, count: text.count)
        let count = bytes.count
        var position = 0
        var depth = enclosingDepth
        // The innermost open container's token, -1 outside every container.
        var container = -1
        // True where an object's member name is due rather than a value.
        var expectingName = false
        skipWhitespace(bytes, &position)
        parsing: while true {
            if expectingName { // the name and its colon, up to the value
                guard position < count, bytes[position] == UInt8(ascii: "\"") else {
                    throw JSONParseError(offset: position, message: "expected a member name in double quotes")
                }
                try parseString(bytes, &position, into: &tokens)
                skipWhitespace(bytes, &position)
                guard position < count, bytes[position] == UInt8(ascii: ":") else {
                    throw JSONParseError(offset: position, message: "expected ':' after a member name")
                }
                position &+= 1
                skipWhitespace(bytes, &position)
                expectingName = false
            }
            guard position < count else { throw JSONParseError(offset: position, message: "unexpected end of input, expected a value") }
            let start = position
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                try parseString(bytes, &position, into: &tokens)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth &+= 1
                guard depth <= maximumDepth else {
                    throw JSONParseError(offset: position, message: "nesting deeper than \(maximumDepth) levels")
                }
                let isObject = byte == UInt8(ascii: "{")
                tokens.append(Token(kind: isObject ? .object : .array, start: UInt32(truncatingIfNeeded: position), end: 0,
                                    next: UInt32(truncatingIfNeeded: container)))
                container = tokens.count &- 1
                position &+= 1
                skipWhitespace(bytes, &position)
                if position < count, bytes[position] == byte &+ 2 { // `}` and `]` follow `{` and `[` by two
                    close(&container, at: &position, depth: &depth, in: &tokens)
                } else {
                    expectingName = isObject
                    continue parsing
                }
            case UInt8(ascii: "t"):
                try expectWord("true", bytes, &position)
                tokens.appendScalar(.true, from: start, to: position)
            case UInt8(ascii: "f"):
                try expectWord("false", bytes, &position)
                tokens.appendScalar(.false, from: start, to: position)
            case UInt8(ascii: "n"):
                try expectWord("null", bytes, &position)
                tokens.appendScalar(.null, from: start, to: position)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try parseNumber(bytes, &position)
                tokens.appendScalar(.number, from: start, to: position)
            default:
                throw JSONParseError(offset: position, message: "unexpected character '\(printable(byte))'")
            }
            // A value is complete: go on in its container, closing those that end here.
            while container >= 0 {
                let open = tokens.storage[container]
                tokens.storage[container].count = open.count &+ 1
                skipWhitespace(bytes, &position)
                let next = position < count ? bytes[position] : 0
                if next == UInt8(ascii: ",") {
                    position &+= 1
                    skipWhitespace(bytes, &position)
                    expectingName = open.kind == .object
                    continue parsing
                }
                if open.kind == .object {
                    guard next == UInt8(ascii: "}") else {
                        throw JSONParseError(offset: position, message: "expected ',' or '}' in an object")
                    }
                } else {
                    guard next == UInt8(ascii: "]") else {
                        throw JSONParseError(offset: position, message: "expected ',' or ']' in an array")
                    }
                }
                close(&container, at: &position, depth: &depth, in: &tokens)
            }
            break
        }
        skipWhitespace(bytes, &position)
        guard position == count else { throw JSONParseError(offset: position, message: "unexpected data after the JSON value") }
    }

    /// Completes the container whose closing bracket is at `position`, and makes its parent the open one.
    private static func close(_ container: inout Int, at position: inout Int, depth: inout Int, in tokens: inout TokenBuffer) {
        position &+= 1
        let parent = Int(Int32(bitPattern: tokens.storage[container].next))
        tokens.storage[container].end = UInt32(truncatingIfNeeded: position)
        tokens.storage[container].next = UInt32(truncatingIfNeeded: tokens.count)
        container = parent
        depth &-= 1
    }

    private static func skipWhitespace(_ bytes: UnsafeRawBufferPointer, _ position: inout Int) {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position &+= 1
            default: return
            }
        }
    }

    private static func expectWord(_ word: StaticString, _ bytes: UnsafeRawBufferPointer, _ position: inout Int) throws(JSONParseError) {
        let length = word.utf8CodeUnitCount
        guard position + length <= bytes.count,
              memcmp(bytes.baseAddress! + position, word.utf8Start, length) == 0
        else { throw JSONParseError(offset: position, message: "invalid literal, expected '\(word)'") }
        position += length
    }

    private static func parseNumber(_ bytes: UnsafeRawBufferPointer, _ position: inout Int) throws(JSONParseError) {
        func current() -> UInt8 { position < bytes.count ? bytes[position] : 0 }
        if current() == UInt8(ascii: "-") { position += 1 }
        switch current() {
        case UInt8(ascii: "0"): position += 1
        case UInt8(ascii: "1")...UInt8(ascii: "9"): skipDigits(bytes, &position)
        default: throw JSONParseError(offset: position, message: "expected a digit")
        }
        if current() == UInt8(ascii: ".") {
            position += 1
            guard skipDigits(bytes, &position) > 0 else {
                throw JSONParseError(offset: position, message: "expected a digit after the decimal point")
            }
        }
        if current() == UInt8(ascii: "e") || current() == UInt8(ascii: "E") {
            position += 1
            if current() == UInt8(ascii: "+") || current() == UInt8(ascii: "-") { position += 1 }
            guard skipDigits(bytes, &position) > 0 else {
                throw JSONParseError(offset: position, message: "expected a digit in the exponent")
            }
        }
    }

    @discardableResult
    private static func skipDigits(_ bytes: UnsafeRawBufferPointer, _ position: inout Int) -> Int {
        let start = position
        while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") { position += 1 }
        return position - start
    }

    /// Appends a string's token (its text between the quotes), checking its
    /// escapes; `position` is at the opening quote, and ends past the closing one.
    private static func parseString(
        _ bytes: UnsafeRawBufferPointer, _ position: inout Int, into tokens: inout TokenBuffer
    ) throws(JSONParseError) {
        position &+= 1
        let start = position
        var isEscaped = false
        while true {
            position = JSONStringBytes.firstSpecial(in: bytes, from: position)
            guard position < bytes.count else { throw JSONParseError(offset: position, message: "unterminated string") }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                tokens.appendScalar(.string, from: start, to: position, isEscaped: isEscaped)
                position &+= 1
                return
            }
            if byte < 0x20 { throw JSONParseError(offset: position, message: "unescaped control character in a string") }
            position &+= 1
            isEscaped = true
            var escape = EscapeReader(bytes: bytes, position: position)
            try escape.checkEscape()
            position = escape.position
        }
    }

    fileprivate static func printable(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "0x" + String(byte, radix: 16, uppercase: true)
    }
}

/// The parser's tokens, in document order.
private struct TokenBuffer {
    var storage: [JSONTape.Token] = []

    init() {
        storage.reserveCapacity(32)
    }

    var count: Int { storage.count }

    mutating func append(_ token: JSONTape.Token) {
        storage.append(token)
    }

    /// Appends a scalar's token, which spans `start..<end`.
    mutating func appendScalar(_ kind: JSONTape.Token.Kind, from start: Int, to end: Int, isEscaped: Bool = false) {
        append(JSONTape.Token(kind: kind, isEscaped: isEscaped, start: UInt32(truncatingIfNeeded: start),
                              end: UInt32(truncatingIfNeeded: end), next: UInt32(truncatingIfNeeded: count &+ 1)))
    }
}

/// Checks the escapes of a string, which are rare enough to be read apart from the parse.
private struct EscapeReader {
    let bytes: UnsafeRawBufferPointer
    var position: Int

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func error(_ message: String) -> JSONParseError {
        JSONParseError(offset: position, message: message)
    }

    /// Checks the escape after a backslash and moves past it.
    mutating func checkEscape() throws(JSONParseError) {
        guard let escape = current else { throw error("unterminated string") }
        switch escape {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 1
        case UInt8(ascii: "u"):
            position += 1
            try checkUnicodeEscape()
        default:
            throw error("invalid escape '\\\(JSONParser.printable(escape))'")
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
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
