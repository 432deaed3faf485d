/// A request line in the envelope's usual form, recognised by its bytes:
/// `{"jsonrpc":"2.0","id":ID,"method":"NAME","params":{…}}`, members in that
/// order, no whitespace outside the params, the id an integer or a string and
/// neither it nor the name holding an escape. Such a line is a well-formed
/// request with exactly those members precisely when its params parse as one
/// JSON object, so the dispatcher parses only the params and skips the
/// envelope's checks. Every other line, and one whose params do not parse,
/// goes the general way, which words every error.
struct CanonicalEnvelope {
    /// The id's JSON text, quotes included for a string: written back as is,
    /// which is what the serializer would write for it.
    let idText: UnsafeRawBufferPointer
    /// The id as an integer when its text is one of at most 18 digits other
    /// than `-0`, so `String(integerID)` writes it back exactly.
    let integerID: Int?
    /// The method name's bytes, without quotes.
    let method: UnsafeRawBufferPointer
    /// The params' text, from its `{` to the byte before the envelope's closing `}`.
    let params: UnsafeRawBufferPointer

    /// The id as a value, for the handler's context and an error response.
    var id: JSONValue {
        if idText.first == UInt8(ascii: "\"") {
            return .string(String(decoding: UnsafeRawBufferPointer(rebasing: idText.dropFirst().dropLast()), as: UTF8.self))
        }
        return .number(String(decoding: idText, as: UTF8.self))
    }

    /// The context the request's handler gets.
    func context(stopper: ConnectionStopper) -> RequestContext {
        integerID.map { RequestContext(integerID: $0, dispatcherStopper: stopper) }
            ?? RequestContext(id: id, dispatcherStopper: stopper)
    }

    private static let opening: StaticString = #"{"jsonrpc":"2.0","id":"#
    private static let methodKey: StaticString = #","method":""#
    private static let paramsKey: StaticString = #"","params":{"#

    init?(_ line: UnsafeRawBufferPointer) {
        var reader = Reader(line)
        guard line.last == UInt8(ascii: "}"), reader.skip(Self.opening) else { return nil }
        let idStart = reader.position
        if reader.skip(UInt8(ascii: "\"")) {
            guard reader.skipStringContents(), reader.skip(UInt8(ascii: "\"")) else { return nil }
            integerID = nil
        } else {
            guard let integer = reader.skipInteger() else { return nil }
            integerID = integer
        }
        idText = reader.text(from: idStart)
        guard reader.skip(Self.methodKey) else { return nil }
        let nameStart = reader.position
        guard reader.skipStringContents(), reader.position > nameStart else { return nil }
        method = reader.text(from: nameStart)
        guard reader.skip(Self.paramsKey) else { return nil }
        // The params begin at the `{` just matched and end before the line's last byte.
        let paramsStart = reader.position - 1
        guard paramsStart < line.count - 1 else { return nil }
        params = UnsafeRawBufferPointer(rebasing: line[paramsStart..<(line.count - 1)])
    }

    /// A position in the line, moved on only past what matches.
    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var position = 0

        init(_ bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        @inline(__always)
        func text(from start: Int) -> UnsafeRawBufferPointer {
            UnsafeRawBufferPointer(rebasing: bytes[start..<position])
        }

        @inline(__always)
        mutating func skip(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard bytes.count - position >= count,
                  ShortBytes.equal(bytes.baseAddress! + position, literal.utf8Start, count: count) else { return false }
            position += count
            return true
        }

        @inline(__always)
        mutating func skip(_ byte: UInt8) -> Bool {
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        /// An integer as JSON writes one (no leading zeros), stopping before
        /// anything else: a fraction or exponent then fails the next match.
        /// False when there is none; nil as its value when it has more than 18
        /// digits or is `-0`.
        @inline(__always)
        mutating func skipInteger() -> Int?? {
            let isNegative = skip(UInt8(ascii: "-"))
            let first = position
            var value = 0
            while position < bytes.count {
                let digit = bytes[position] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                value = value &* 10 &+ Int(digit)
                position += 1
            }
            let digits = position - first
            guard digits > 0, digits == 1 || bytes[first] != UInt8(ascii: "0") else { return nil }
            guard digits <= 18, !(isNegative && value == 0) else { return .some(nil) }
            return .some(isNegative ? -value : value)
        }

        /// Up to the closing quote, which is not skipped; false at an escape, a
        /// control character (which JSON does not allow raw) or the line's end.
        @inline(__always)
        mutating func skipStringContents() -> Bool {
            position = JSONStringBytes.firstSpecial(in: bytes, from: position)
            return position < bytes.count && bytes[position] == UInt8(ascii: "\"")
        }
    }
}
