/// Encodes `Encodable` values into `JSONValue`s. Members come out in encoding
/// order (declaration order for synthesized conformances), `nil` optionals
/// encoded with `encodeIfPresent` are left out, and a `JSONValue` encodes as itself.
public enum JSONValueEncoder {
    public static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        if let json = value as? JSONValue { return json }
        let box = EncodingBox()
        try value.encode(to: TreeEncoder(box: box, codingPath: []))
        return box.resolved
    }
}

/// What one encoder position has produced so far.
private final class EncodingBox {
    enum Content {
        case empty
        case leaf(JSONValue)
        case object([(String, EncodingBox)])
        case array([EncodingBox])
    }

    var content: Content = .empty

    var resolved: JSONValue {
        switch content {
        case .empty: return .object(JSONObject())
        case .leaf(let value): return value
        case .object(let members):
            return .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1.resolved) }))
        case .array(let elements): return .array(elements.map(\.resolved))
        }
    }

    func child(forKey key: String) -> EncodingBox {
        var members: [(String, EncodingBox)]
        if case .object(let existing) = content { members = existing } else { members = [] }
        if let index = members.firstIndex(where: { $0.0 == key }) {
            let replacement = EncodingBox()
            members[index].1 = replacement
            content = .object(members)
            return replacement
        }
        let box = EncodingBox()
        members.append((key, box))
        content = .object(members)
        return box
    }

    func appendChild() -> EncodingBox {
        var elements: [EncodingBox]
        if case .array(let existing) = content { elements = existing } else { elements = [] }
        let box = EncodingBox()
        elements.append(box)
        content = .array(elements)
        return box
    }

    func becomeObject() {
        if case .object = content { return }
        content = .object([])
    }

    func becomeArray() {
        if case .array = content { return }
        content = .array([])
    }
}

private struct TreeEncoder: Encoder {
    let box: EncodingBox
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.becomeObject()
        return KeyedEncodingContainer(KeyedTreeContainer<Key>(box: box, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.becomeArray()
        return UnkeyedTreeContainer(box: box, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueTreeContainer(box: box, codingPath: codingPath)
    }
}

private func encodeValue<T: Encodable>(_ value: T, into box: EncodingBox, codingPath: [any CodingKey]) throws {
    if let json = value as? JSONValue {
        box.content = .leaf(json)
        return
    }
    if let leaf = try leafValue(value, codingPath: codingPath) {
        box.content = .leaf(leaf)
        return
    }
    try value.encode(to: TreeEncoder(box: box, codingPath: codingPath))
}

/// Scalars that must not go through their own `encode(to:)` (which would recurse into a single-value container).
private func leafValue<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue? {
    switch value {
    case let string as String: return .string(string)
    case let flag as Bool: return .bool(flag)
    case let number as Int: return .number(String(number))
    case let number as Int64: return .number(String(number))
    case let number as Int32: return .number(String(number))
    case let number as UInt: return .number(String(number))
    case let number as UInt64: return .number(String(number))
    case let number as Double: return try doubleValue(number, codingPath: codingPath)
    default: return nil
    }
}

private func doubleValue(_ number: Double, codingPath: [any CodingKey]) throws -> JSONValue {
    guard number.isFinite else {
        throw EncodingError.invalidValue(number, .init(codingPath: codingPath, debugDescription: "JSON has no \(number)"))
    }
    if number == number.rounded(), abs(number) < 1e15 { return .number(String(Int64(number))) }
    return .number(number.description)
}

private struct KeyedTreeContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws {
        box.child(forKey: key.stringValue).content = .leaf(.null)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try encodeValue(value, into: box.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = box.child(forKey: key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(box: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = box.child(forKey: key.stringValue)
        child.becomeArray()
        return UnkeyedTreeContainer(box: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(box: box.child(forKey: "super"), codingPath: codingPath)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(box: box.child(forKey: key.stringValue), codingPath: codingPath + [key])
    }
}

private struct UnkeyedTreeContainer: UnkeyedEncodingContainer {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    var count: Int {
        if case .array(let elements) = box.content { return elements.count }
        return 0
    }

    mutating func encodeNil() throws {
        box.appendChild().content = .leaf(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeValue(value, into: box.appendChild(), codingPath: codingPath)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = box.appendChild()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(box: child, codingPath: codingPath))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = box.appendChild()
        child.becomeArray()
        return UnkeyedTreeContainer(box: child, codingPath: codingPath)
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(box: box.appendChild(), codingPath: codingPath)
    }
}

private struct SingleValueTreeContainer: SingleValueEncodingContainer {
    let box: EncodingBox
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws {
        box.content = .leaf(.null)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try encodeValue(value, into: box, codingPath: codingPath)
    }
}

extension JSONValue: Encodable {
    /// Only reached through foreign encoders; `JSONValueEncoder` passes values through.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let flag): try container.encode(flag)
        case .number(let text):
            if let integer = Int64(text) { try container.encode(integer) } else { try container.encode(Double(text) ?? 0) }
        case .string(let string): try container.encode(string)
        case .array(let elements): try container.encode(elements)
        case .object(let object):
            var keyed = encoder.container(keyedBy: DynamicKey.self)
            for member in object.members { try keyed.encode(member.value, forKey: DynamicKey(member.key)) }
        }
    }
}

/// A coding key made from any string.
struct DynamicKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(_ string: String) {
        stringValue = string
        intValue = nil
    }

    init?(stringValue: String) { self.init(stringValue) }

    init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}
