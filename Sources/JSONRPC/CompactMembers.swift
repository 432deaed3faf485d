/// The members of a params object written the way JSON serializers write them
/// by default, read straight from its text: `{"name":"value",...}` with no
/// whitespace, every value a string, and no escape or control character in any
/// name or value. This is the form hosts send card fields in; `PlainParamsReader`
/// reads such params without parsing them into a tape first. Anything else is
/// not a member here (nil), and the caller parses the params instead.
@usableFromInline
enum CompactMembers {
    @usableFromInline
    struct Member {
        /// The name's bytes, without quotes.
        @usableFromInline let name: UnsafeRawBufferPointer
        /// The string value's bytes, without quotes.
        @usableFromInline let value: UnsafeRawBufferPointer
        /// Where the next member's opening quote is, or the object's closing `}`.
        @usableFromInline let next: Int
    }

    /// The member whose opening quote is at `position` of `text` (an object's
    /// text, from `{` to `}`); nil when none in this form starts there.
    @usableFromInline
    static func member(in text: UnsafeRawBufferPointer, at position: Int) -> Member? {
        let count = text.count
        guard let base = text.baseAddress, position < count, base.load(fromByteOffset: position, as: UInt8.self) == quote
        else { return nil }
        func byte(_ offset: Int) -> UInt8 { base.load(fromByteOffset: offset, as: UInt8.self) }
        let nameEnd = JSONStringBytes.firstSpecial(in: text, from: position &+ 1)
        let valueStart = nameEnd &+ 3
        guard valueStart < count, byte(nameEnd) == quote, byte(nameEnd &+ 1) == UInt8(ascii: ":"), byte(nameEnd &+ 2) == quote
        else { return nil }
        let valueEnd = JSONStringBytes.firstSpecial(in: text, from: valueStart)
        guard valueEnd &+ 1 < count, byte(valueEnd) == quote else { return nil }
        let next: Int
        switch byte(valueEnd &+ 1) {
        case UInt8(ascii: ","):
            next = valueEnd &+ 2
            guard next < count, byte(next) == quote else { return nil }
        case UInt8(ascii: "}"):
            next = valueEnd &+ 1
            guard next == count &- 1 else { return nil }
        default:
            return nil
        }
        return Member(name: UnsafeRawBufferPointer(start: base + (position &+ 1), count: nameEnd &- position &- 1),
                      value: UnsafeRawBufferPointer(start: base + valueStart, count: valueEnd &- valueStart), next: next)
    }

    @usableFromInline static var quote: UInt8 { UInt8(ascii: "\"") }

    /// True when `position` is the object's closing `}`, its last byte.
    @usableFromInline
    static func isEnd(of text: UnsafeRawBufferPointer, at position: Int) -> Bool {
        position == text.count - 1 && text[position] == UInt8(ascii: "}")
    }

    /// Whether the object has a member named `name`; nil when it is not all in this form.
    static func contains(_ name: StaticString, in text: UnsafeRawBufferPointer) -> Bool? {
        var position = 1
        var found = false
        while !isEnd(of: text, at: position) {
            guard let member = member(in: text, at: position) else { return nil }
            found = found || member.isNamed(name)
            position = member.next
        }
        return found
    }
}

extension CompactMembers.Member {
    @usableFromInline @inline(__always)
    func isNamed(_ name: StaticString) -> Bool {
        self.name.count == name.utf8CodeUnitCount
            && (self.name.isEmpty || ShortBytes.equal(self.name.baseAddress!, name.utf8Start, count: self.name.count))
    }
}
