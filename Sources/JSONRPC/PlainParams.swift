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
}

/// The members of a params object, read by name for `PlainParams` from the
/// request line's tape. Each accessor answers nil for a member that is absent,
/// and for one of another type, which also makes the params not plain. `null` is
/// another type: the decoder turns it down for optional members too, and says so.
public struct PlainParamsReader {
    @usableFromInline let tape: JSONTape?
    @usableFromInline let object: Int
    @usableFromInline let memberCount: Int
    @usableFromInline var membersRead = 0
    @usableFromInline var isPlain = true
    /// Where `valueIndex(of:)` starts looking: a member key's index, and its place among the members.
    @usableFromInline var nextMember: Int
    @usableFromInline var nextOrdinal = 0

    @usableFromInline
    init?(_ params: RequestParams) {
        tape = params.tape
        object = params.index
        nextMember = params.index + 1
        if let tape {
            guard tape[object].kind == .object else { return nil }
            memberCount = Int(tape[object].count)
        } else {
            memberCount = 0
        }
    }

    /// True when every member was read, each with the type asked for: nothing
    /// unknown, repeated or mistyped was met.
    public var isComplete: Bool { isPlain && membersRead == memberCount }

    public mutating func string(_ key: StaticString) -> String? {
        string(key, as: { $0 })
    }

    /// A string member made into a value by `convert`; a string it turns down
    /// (nil) makes the params not plain, so the decoder can say why. Inlinable,
    /// like `read`, so a caller's `Value` is known where they run: a generic
    /// reading looked up `Optional<Value>`'s metadata at run time per request.
    @inlinable
    public mutating func string<Value>(_ key: StaticString, as convert: (String) -> Value?) -> Value? {
        read(key) { tape, index in tape[index].kind == .string ? convert(tape.string(at: index)) : nil }
    }

    /// A string member made into a value from its UTF-8 text by `convert`,
    /// without making a `String` of it first (unless it has escapes to decode).
    @inlinable
    public mutating func string<Value>(_ key: StaticString, fromUTF8 convert: (UnsafeRawBufferPointer) -> Value?) -> Value? {
        read(key) { tape, index in
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
        guard let tape, let index = valueIndex(of: key) else { return nil }
        membersRead += 1
        guard let converted = convert(tape, index) else {
            isPlain = false
            return nil
        }
        return converted
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
