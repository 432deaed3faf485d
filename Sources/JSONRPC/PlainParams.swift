/// Params that read their plain, well-formed shape straight from the request's
/// JSON. `ParamsDecoder` goes through `Decodable`, at about two thousand
/// instructions a member; a method hot enough for that to show conforms its
/// params to this protocol too, and `RPCMethod.readParams` tries this reading first.
///
/// `init?(plain:)` answers nil whenever the params are anything but plain: a
/// member of another type, a member it does not know, a value its own rules
/// reject. `ParamsDecoder` then decodes them and names every problem, so the
/// errors a caller sees are always the decoder's. Wherever the plain reading
/// answers, it must answer what the decoder would, and a table test holds each
/// conformance to that.
public protocol PlainParams: Decodable {
    init?(plain params: inout PlainParamsReader)
}

extension PlainParams {
    /// The params read plainly from `params`; nil when they are not plain.
    @inlinable
    public static func readPlainly(from params: RequestParams) -> Self? {
        guard var reader = PlainParamsReader(params), let value = Self(plain: &reader), reader.isComplete else { return nil }
        return value
    }

    /// The params read plainly from their text, unparsed, when it is in the
    /// compact form `CompactMembers` reads and its members come in the order
    /// `init?(plain:)` asks for them; nil otherwise, and then `readPlainly`
    /// decides. Where both answer, they answer alike. With `declined`, nil too
    /// when the params have a member of that name: a request offered to run
    /// beside earlier ones learns so while it is read (`Execution.independent`).
    @inlinable
    public static func readCompactly(from text: UnsafeRawBufferPointer, declining declined: StaticString? = nil) -> Self? {
        var reader = PlainParamsReader(compactText: text, declining: declined)
        guard let value = Self(plain: &reader), reader.isComplete else { return nil }
        return value
    }
}

/// The members of a params object, read by name for `PlainParams` from the
/// request line's tape. Each accessor answers nil for a member that is absent,
/// and for one of another type, which also makes the params not plain. `null` is
/// another type: the decoder turns it down for optional members too, and says so.
///
/// Made from compact text (`PlainParams.readCompactly`), it reads the members
/// one after another, each only if it is the one asked for next; a member
/// asked for out of order stays unread, so the reading is not complete, and
/// only string members are read (any other accessor meeting its member stops
/// the reading). Then the tape decides.
public struct PlainParamsReader {
    @usableFromInline let tape: JSONTape?
    @usableFromInline let object: Int
    @usableFromInline let memberCount: Int
    @usableFromInline var membersRead = 0
    @usableFromInline var isPlain = true
    /// Where `valueIndex(of:)` starts looking: a member key's index, and its place among the members.
    @usableFromInline var nextMember: Int
    @usableFromInline var nextOrdinal = 0
    /// The params' text when read compactly; `nextMember` is then the offset of
    /// the next member's opening quote, or of the closing `}`.
    @usableFromInline let compact: UnsafeRawBufferPointer?
    /// The name of a member whose presence stops a compact reading; empty for none.
    @usableFromInline let declined: UnsafeRawBufferPointer

    @usableFromInline
    init?(_ params: RequestParams) {
        tape = params.tape
        object = params.index
        nextMember = params.index + 1
        compact = nil
        declined = UnsafeRawBufferPointer(start: nil, count: 0)
        if let tape {
            guard tape[object].kind == .object else { return nil }
            memberCount = Int(tape[object].count)
        } else {
            memberCount = 0
        }
    }

    @inlinable
    init(compactText text: UnsafeRawBufferPointer, declining declined: StaticString? = nil) {
        tape = nil
        object = 0
        memberCount = 0
        nextMember = 1
        compact = text
        if let declined {
            self.declined = UnsafeRawBufferPointer(start: declined.utf8Start, count: declined.utf8CodeUnitCount)
        } else {
            self.declined = UnsafeRawBufferPointer(start: nil, count: 0)
        }
    }

    /// True when every member was read, each with the type asked for: nothing
    /// unknown, repeated or mistyped was met.
    public var isComplete: Bool {
        if let compact { return isPlain && CompactMembers.isEnd(of: compact, at: nextMember) }
        return isPlain && membersRead == memberCount
    }

    public mutating func string(_ key: StaticString) -> String? {
        string(key, as: { $0 })
    }

    /// A string member made into a value by `convert`; a string it turns down
    /// (nil) makes the params not plain, so the decoder can say why. Inlinable,
    /// like `read`, so a caller's `Value` is known where they run: a generic
    /// reading looked up `Optional<Value>`'s metadata at run time per request.
    @inlinable
    public mutating func string<Value>(_ key: StaticString, as convert: (String) -> Value?) -> Value? {
        if compact != nil { return compactString(key) { convert(String(decoding: $0, as: UTF8.self)) } }
        return read(key) { tape, index in tape[index].kind == .string ? convert(tape.string(at: index)) : nil }
    }

    /// A string member made into a value from its UTF-8 text by `convert`,
    /// without making a `String` of it first (unless it has escapes to decode).
    @inlinable
    public mutating func string<Value>(_ key: StaticString, fromUTF8 convert: (UnsafeRawBufferPointer) -> Value?) -> Value? {
        if compact != nil { return compactString(key, convert) }
        return read(key) { tape, index in
            guard tape[index].kind == .string else { return nil }
            guard tape[index].isEscaped else { return convert(tape.text(at: index)) }
            var decoded = tape.string(at: index)
            return decoded.withUTF8 { convert(UnsafeRawBufferPointer($0)) }
        }
    }

    public mutating func integer(_ key: StaticString) -> Int? {
        read(key) { tape, index in tape.integer(at: index) }
    }

    public mutating func bool(_ key: StaticString) -> Bool? {
        read(key) { tape, index in
            switch tape[index].kind {
            case .true: true
            case .false: false
            default: nil
            }
        }
    }

    public mutating func strings(_ key: StaticString) -> [String]? {
        read(key) { tape, index in
            guard tape[index].kind == .array else { return nil }
            var strings: [String] = []
            strings.reserveCapacity(Int(tape[index].count))
            var element = index + 1
            for _ in 0..<tape[index].count {
                guard tape[element].kind == .string else { return nil }
                strings.append(tape.string(at: element))
                element = tape.after(element)
            }
            return strings
        }
    }

    /// An object whose members are all strings, keys unique.
    public mutating func stringsByKey(_ key: StaticString) -> [String: String]? {
        read(key) { tape, index in
            guard tape[index].kind == .object else { return nil }
            var strings: [String: String] = [:]
            strings.reserveCapacity(Int(tape[index].count))
            var member = index + 1
            for _ in 0..<tape[index].count {
                guard tape[member + 1].kind == .string,
                      strings.updateValue(tape.string(at: member + 1), forKey: tape.string(at: member)) == nil
                else { return nil }
                member = tape.after(member + 1)
            }
            return strings
        }
    }

    @inlinable
    mutating func read<Value>(_ key: StaticString, _ convert: (JSONTape, Int) -> Value?) -> Value? {
        if compact != nil {
            // Compact reading takes strings only: a member asked for as anything else stops it.
            if compactMember(named: key) != nil { isPlain = false }
            return nil
        }
        guard let tape, let index = valueIndex(of: key) else { return nil }
        membersRead += 1
        guard let converted = convert(tape, index) else {
            isPlain = false
            return nil
        }
        return converted
    }

    /// A string member read compactly, made into a value by `convert`; the
    /// declined member stops the reading.
    @inlinable
    mutating func compactString<Value>(_ key: StaticString, _ convert: (UnsafeRawBufferPointer) -> Value?) -> Value? {
        guard let member = compactMember(named: key) else { return nil }
        nextMember = member.next
        guard declined.isEmpty || !isDeclined(key), let converted = convert(member.value) else {
            isPlain = false
            return nil
        }
        return converted
    }

    @usableFromInline
    func isDeclined(_ key: StaticString) -> Bool {
        ShortBytes.equal(declined, key)
    }

    /// The next member in compact text when it is named `key` and its value is
    /// a string; nil when it is named otherwise, or there is none. One named
    /// `key` with another value stops the reading.
    @usableFromInline
    mutating func compactMember(named key: StaticString) -> CompactMembers.Member? {
        guard isPlain, let compact, !CompactMembers.isEnd(of: compact, at: nextMember) else { return nil }
        switch CompactMembers.lookUp(key, in: compact, at: nextMember) {
        case .member(let member):
            return member
        case .otherValue:
            isPlain = false
            return nil
        case .otherName:
            return nil
        }
    }

    /// The index of the value of a member named `key`. The search starts after
    /// the member found last, so callers that ask for members in the order they
    /// are sent compare each key once; and once as many members were read as
    /// there are, any other key is absent. Which of a repeated key's members is
    /// found does not matter: with a key repeated, fewer members are read than
    /// there are, and `isComplete` says no.
    @usableFromInline
    mutating func valueIndex(of key: StaticString) -> Int? {
        guard let tape, membersRead < memberCount else { return nil }
        var member = nextMember, ordinal = nextOrdinal
        for _ in 0..<memberCount {
            if ordinal == memberCount { (member, ordinal) = (object + 1, 0) }
            let after = tape.after(member + 1)
            if tape.string(at: member, equals: key) {
                (nextMember, nextOrdinal) = (after, ordinal + 1)
                return member + 1
            }
            (member, ordinal) = (after, ordinal + 1)
        }
        return nil
    }
}
