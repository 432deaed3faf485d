/// The members of a params object written the way JSON serializers write them
/// by default, read straight from its text: `{"name":"value",...}` with no
/// whitespace, every value a string, and no escape or control character in any
/// name or value. This is the form hosts send card fields in; `PlainParamsReader`
/// reads such params without parsing them into a tape first. Anything else is
/// not a member here, and the caller parses the params instead.
@usableFromInline
enum CompactMembers {
    /// A member's string value, and where the member after it starts.
    @usableFromInline
    struct Member {
        /// The value's bytes, without quotes.
        @usableFromInline let value: UnsafeRawBufferPointer
        /// Where the next member's opening quote is, or the object's closing `}`.
        @usableFromInline let next: Int
    }

    /// What starts at a position when a member of a given name is looked for.
    @usableFromInline
    enum Lookup {
        /// A member of another name, or nothing this form reads.
        case otherName
        /// A member of that name whose value is not a string this form reads.
        case otherValue
        case member(Member)
    }

    /// The member named `name` if it is the one whose opening quote is at
    /// `position` of `text` (an object's text, from `{` to `}`). Only the name
    /// is compared, so a member of another name is not read at all.
    @usableFromInline
    static func lookUp(_ name: StaticString, in text: UnsafeRawBufferPointer, at position: Int) -> Lookup {
        let nameCount = name.utf8CodeUnitCount
        let valueQuote = position &+ nameCount &+ 3
        guard let base = text.baseAddress, valueQuote < text.count, base.load(fromByteOffset: position, as: UInt8.self) == quote,
              ShortBytes.equal(base + (position &+ 1), name.utf8Start, count: nameCount),
              base.load(fromByteOffset: valueQuote &- 2, as: UInt8.self) == quote,
              base.load(fromByteOffset: valueQuote &- 1, as: UInt8.self) == UInt8(ascii: ":")
        else { return .otherName }
        return stringValue(in: text, quoteAt: valueQuote).map(Lookup.member) ?? .otherValue
    }

    /// True when `position` is the object's closing `}`, its last byte.
    @usableFromInline
    static func isEnd(of text: UnsafeRawBufferPointer, at position: Int) -> Bool {
        position == text.count &- 1 && text[position] == UInt8(ascii: "}")
    }

    /// The string whose opening quote is at `position`, when this form reads it
    /// and a member or the object's end follows it.
    private static func stringValue(in text: UnsafeRawBufferPointer, quoteAt position: Int) -> Member? {
        let count = text.count
        guard let base = text.baseAddress, position < count, base.load(fromByteOffset: position, as: UInt8.self) == quote
        else { return nil }
        let valueStart = position &+ 1
        let valueEnd = JSONStringBytes.firstSpecial(in: text, from: valueStart)
        guard valueEnd &+ 1 < count, base.load(fromByteOffset: valueEnd, as: UInt8.self) == quote else { return nil }
        let next: Int
        switch base.load(fromByteOffset: valueEnd &+ 1, as: UInt8.self) {
        case UInt8(ascii: ","):
            next = valueEnd &+ 2
            guard next < count, base.load(fromByteOffset: next, as: UInt8.self) == quote else { return nil }
        case UInt8(ascii: "}"):
            next = valueEnd &+ 1
            guard next == count &- 1 else { return nil }
        default:
            return nil
        }
        return Member(value: UnsafeRawBufferPointer(start: base + valueStart, count: valueEnd &- valueStart), next: next)
    }

    private static var quote: UInt8 { UInt8(ascii: "\"") }
}
