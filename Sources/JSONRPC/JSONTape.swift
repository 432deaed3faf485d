/// A JSON text parsed into a flat list of tokens that point into its bytes, in
/// document order. Nothing is decoded or allocated per value: the dispatcher
/// checks a request's envelope from the tokens, and a `JSONValue` is built
/// (`value(at:)`) only for what needs one, such as the params `ParamsDecoder` reads.
///
/// The tape borrows the text's bytes and its parser's token storage, so copying
/// it costs nothing; it is valid only inside `JSONParser.withTape`, which for a
/// request line is the call that handles it. Every token's `start..<end` lies
/// within `bytes`, as the parser only records positions it has read, and the
/// buffers' subscripts check each index besides.
public struct JSONTape {
    /// One value. A container's members or elements follow it; `next` is the
    /// index after them (after the value itself for a scalar). An object's
    /// members are a key (a string token) followed by its value.
    struct Token {
        enum Kind: UInt8 { case object, array, string, number, `true`, `false`, null }

        var kind: Kind
        /// A string holding at least one escape, which must be decoded.
        var isEscaped = false
        /// The text between the quotes of a string, of a number, or of a whole container.
        var start: UInt32
        var end: UInt32
        /// Members or elements of a container.
        var count: UInt32 = 0
        var next: UInt32 = 0
    }

    let bytes: UnsafeRawBufferPointer
    let tokens: UnsafeBufferPointer<Token>

    init(bytes: UnsafeRawBufferPointer, tokens: UnsafeBufferPointer<Token>) {
        self.bytes = bytes
        self.tokens = tokens
    }
    subscript(index: Int) -> Token { tokens[index] }

    /// The index of the value after the one at `index` (and its contents).
    func after(_ index: Int) -> Int { Int(tokens[index].next) }

    /// The raw text of a token: a string's without quotes or decoding.
    func text(at index: Int) -> UnsafeRawBufferPointer {
        let token = tokens[index]
        return UnsafeRawBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)])
    }

    /// The string at `index`, escapes decoded.
    func string(at index: Int) -> String {
        let text = text(at: index)
        return tokens[index].isEscaped ? Self.unescaped(text) : String(decoding: text, as: UTF8.self)
    }

    /// True when the string at `index` is `literal` (after decoding escapes): a
    /// member name compared with the name a reader asks for.
    @inline(__always)
    func string(at index: Int, equals literal: StaticString) -> Bool {
        if tokens[index].isEscaped { return string(at: index) == literal.description }
        let text = text(at: index)
        return text.count == literal.utf8CodeUnitCount
            && text.elementsEqual(UnsafeRawBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// The value at `index` as a `JSONValue`.
    public func value(at index: Int) -> JSONValue {
        let token = tokens[index]
        switch token.kind {
        case .null: return .null
        case .true: return .bool(true)
        case .false: return .bool(false)
        case .number: return .number(String(decoding: text(at: index), as: UTF8.self))
        case .string: return .string(string(at: index))
        case .array:
            var elements: [JSONValue] = []
            elements.reserveCapacity(Int(token.count))
            var element = index + 1
            for _ in 0..<token.count {
                elements.append(value(at: element))
                element = after(element)
            }
            return .array(elements)
        case .object:
            var members: [JSONObject.Member] = []
            members.reserveCapacity(Int(token.count))
            var key = index + 1
            for _ in 0..<token.count {
                members.append(JSONObject.Member(key: string(at: key), value: value(at: key + 1)))
                key = after(key + 1)
            }
            return .object(JSONObject(members))
        }
    }

    /// The value's JSON type as JSON Schema spells it, like `JSONValue.typeName`.
    func typeName(at index: Int) -> String {
        switch tokens[index].kind {
        case .null: "null"
        case .true, .false: "boolean"
        case .number: JSONNumber.isInteger(utf8: text(at: index)) ? "integer" : "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    /// The integer at `index`, nil when it is not a number without fraction or
    /// exponent or does not fit an `Int`: read by `Int(String)`, as the decoder reads it.
    func integer(at index: Int) -> Int? {
        guard tokens[index].kind == .number else { return nil }
        let text = text(at: index)
        guard JSONNumber.isInteger(utf8: text) else { return nil }
        return Int(String(decoding: text, as: UTF8.self))
    }

    /// Decodes the escapes of a string's text, which the parser has checked.
    static func unescaped(_ text: UnsafeRawBufferPointer) -> String {
        var utf8: [UInt8] = []
        utf8.reserveCapacity(text.count)
        var index = 0
        func hex4() -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                let byte = text[index]
                value = value << 4 | UInt32(byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : (byte | 0x20) - UInt8(ascii: "a") + 10)
                index += 1
            }
            return value
        }
        while index < text.count {
            let byte = text[index]
            index += 1
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                continue
            }
            let escape = text[index]
            index += 1
            switch escape {
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    index += 2
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex4() - 0xDC00)
                }
                utf8.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
            default: utf8.append(escape) // `"`, `\` and `/` stand for themselves
            }
        }
        return String(decoding: utf8, as: UTF8.self)
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
