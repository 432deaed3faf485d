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
    public static func readPlainly(from params: JSONValue) -> Self? {
        guard var reader = PlainParamsReader(params), let value = Self(plain: &reader), reader.isComplete else { return nil }
        return value
    }
}

/// The members of a params object, read by name for `PlainParams`. Each accessor
/// answers nil for a member that is absent, and for one of another type, which
/// also makes the params not plain. `null` is another type: the decoder turns it
/// down for optional members too, and says so.
public struct PlainParamsReader {
    @usableFromInline let members: [JSONObject.Member]
    @usableFromInline var membersRead = 0
    @usableFromInline var isPlain = true

    @usableFromInline
    init?(_ params: JSONValue) {
        guard case .object(let object) = params else { return nil }
        members = object.members
    }

    /// True when every member was read, each with the type asked for: nothing
    /// unknown, repeated or mistyped was met.
    public var isComplete: Bool { isPlain && membersRead == members.count }

    public mutating func string(_ key: String) -> String? {
        string(key, as: { $0 })
    }

    /// A string member made into a value by `convert`; a string it turns down
    /// (nil) makes the params not plain, so the decoder can say why. Inlinable,
    /// like `read`, so a caller's `Value` is known where they run: a generic
    /// reading looked up `Optional<Value>`'s metadata at run time per request.
    @inlinable
    public mutating func string<Value>(_ key: String, as convert: (String) -> Value?) -> Value? {
        read(key) { if case .string(let string) = $0 { convert(string) } else { nil } }
    }

    public mutating func integer(_ key: String) -> Int? {
        read(key) { value in
            guard case .number(let text) = value, JSONNumber.isInteger(text) else { return nil }
            return Int(text)
        }
    }

    public mutating func bool(_ key: String) -> Bool? {
        read(key) { if case .bool(let flag) = $0 { flag } else { nil } }
    }

    public mutating func strings(_ key: String) -> [String]? {
        read(key) { value in
            guard case .array(let elements) = value else { return nil }
            var strings: [String] = []
            strings.reserveCapacity(elements.count)
            for element in elements {
                guard case .string(let string) = element else { return nil }
                strings.append(string)
            }
            return strings
        }
    }

    /// An object whose members are all strings, keys unique.
    public mutating func stringsByKey(_ key: String) -> [String: String]? {
        read(key) { value in
            guard case .object(let object) = value else { return nil }
            var strings: [String: String] = [:]
            strings.reserveCapacity(object.members.count)
            for member in object.members {
                guard case .string(let string) = member.value, strings.updateValue(string, forKey: member.key) == nil
                else { return nil }
            }
            return strings
        }
    }

    @inlinable
    mutating func read<Value>(_ key: String, _ convert: (JSONValue) -> Value?) -> Value? {
        guard let member = members.first(where: { $0.key == key }) else { return nil }
        membersRead += 1
        guard let converted = convert(member.value) else {
            isPlain = false
            return nil
        }
        return converted
    }
}
