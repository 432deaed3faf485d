/// A JSON text as a value, keeping what JSON-RPC needs to echo exactly: numbers
/// stay in the form they were written in, and object members keep their order
/// (duplicates included, so the params decoder can report them).
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number in its written form, e.g. `"1"`, `"-0.5"`, `"1e3"`.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object(JSONObject)

    /// The JSON type's name as JSON Schema spells it, for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number(let text): return JSONNumber.isInteger(text) ? "integer" : "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    public subscript(key: String) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    public var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }
}

/// An ordered list of object members.
public struct JSONObject: Sendable, Hashable, ExpressibleByDictionaryLiteral {
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue

        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    public var members: [Member]

    public init(_ members: [Member] = []) {
        self.members = members
    }

    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.members = elements.map { Member(key: $0.0, value: $0.1) }
    }

    /// The value of the last member named `key` (the usual reading of a duplicate).
    public subscript(key: String) -> JSONValue? {
        get { members.last(where: { $0.key == key })?.value }
        set {
            members.removeAll { $0.key == key }
            if let newValue { members.append(Member(key: key, value: newValue)) }
        }
    }

    public var keys: [String] { members.map(\.key) }

    /// The positions of the members whose key an earlier member already has.
    /// Small objects (requests' usual size) are scanned pairwise, which costs less
    /// than hashing every key; larger ones go through a set, so a line holding a
    /// huge object stays linear.
    public var repeatedKeyIndices: [Int] {
        if members.count <= 16 {
            return members.indices.dropFirst().filter { index in
                members[..<index].contains { $0.key == members[index].key }
            }
        }
        var seen = Set<String>(minimumCapacity: members.count)
        return members.indices.filter { !seen.insert(members[$0].key).inserted }
    }
}

/// Helpers for numbers kept as text.
public enum JSONNumber {
    /// True when the text has no fraction and no exponent (`12`, `-3`).
    public static func isInteger(_ text: String) -> Bool {
        isInteger(utf8: text.utf8)
    }

    /// The same test on a number's UTF-8 text, such as a tape token's.
    static func isInteger(utf8 text: some Sequence<UInt8>) -> Bool {
        !text.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }
}
