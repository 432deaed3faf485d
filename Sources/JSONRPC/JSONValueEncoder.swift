/// Encodes `Encodable` values into `JSONValue`s. Members come out in encoding
/// order (declaration order for synthesized conformances), `nil` optionals
/// encoded with `encodeIfPresent` are left out, and a `JSONValue` encodes as itself.
///
/// Every result of every method passes through here, so the hot paths avoid
/// dynamic casts (scalars have their own container overloads and are recognised
/// by type identity), containers append in place, and coding paths are only
/// built when a nested value needs one.
public enum JSONValueEncoder {
    public static func encode<T: Encodable>(_ value: T) throws -> JSONValue {
        if T.self == JSONValue.self { return value as! JSONValue }
        let box = EncodingBox()
        try value.encode(to: TreeEncoder(box: box, path: CodingPathTail(base: [], last: nil)))
        return box.resolved
    }
}

/// A coding path kept as its parent's path and one more key, so that encoding a
/// member does not copy the path; `codingPath` builds the array when asked.
private struct CodingPathTail {
    let base: [any CodingKey]
    let last: (any CodingKey)?

    var path: [any CodingKey] {
        guard let last else { return base }
        return base + [last]
    }

    func appending(_ key: any CodingKey) -> CodingPathTail {
        CodingPathTail(base: path, last: key)
    }
}

/// What one encoder position has produced so far.
private final class EncodingBox {
    enum Kind { case empty, leaf, object, array }

    private(set) var kind = Kind.empty
    private var leaf = JSONValue.null
    private var keys: [String] = []
    private var children: [EncodingBox] = []

    var resolved: JSONValue {
        switch kind {
        case .empty: return .object(JSONObject())
        case .leaf: return leaf
        case .object:
            var members: [JSONObject.Member] = []
            members.reserveCapacity(keys.count)
            for index in keys.indices { members.append(JSONObject.Member(key: keys[index], value: children[index].resolved)) }
            return .object(JSONObject(members))
        case .array: return .array(children.map(\.resolved))
        }
    }

    var count: Int { kind == .array ? children.count : 0 }

    func setLeaf(_ value: JSONValue) {
        kind = .leaf
        leaf = value
        keys = []
        children = []
    }

    /// The box for member `key`; a key encoded twice keeps its first place and its last value.
    func child(forKey key: String) -> EncodingBox {
        becomeObject()
        let box = EncodingBox()
        if let index = keys.firstIndex(of: key) {
            children[index] = box
        } else {
            keys.append(key)
            children.append(box)
        }
        return box
    }

    func setMember(_ key: String, _ value: JSONValue) {
        child(forKey: key).setLeaf(value)
    }

    func appendChild() -> EncodingBox {
        becomeArray()
        let box = EncodingBox()
        children.append(box)
        return box
    }

    func becomeObject() {
        if kind == .object { return }
        kind = .object
        keys = []
        children = []
    }

    func becomeArray() {
        if kind == .array { return }
        kind = .array
        keys = []
        children = []
    }
}

private struct TreeEncoder: Encoder {
    let box: EncodingBox
    let path: CodingPathTail
    var codingPath: [any CodingKey] { path.path }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.becomeObject()
        return KeyedEncodingContainer(KeyedTreeContainer<Key>(box: box, path: path))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.becomeArray()
        return UnkeyedTreeContainer(box: box, path: path)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueTreeContainer(box: box, path: path)
    }
}

private func encodeValue<T: Encodable>(_ value: T, into box: EncodingBox, path: @autoclosure () -> CodingPathTail) throws {
    if let leaf = try leafValue(value, path: path) {
        box.setLeaf(leaf)
        return
    }
    try value.encode(to: TreeEncoder(box: box, path: path()))
}

/// Scalars (and `JSONValue`) that must not go through their own `encode(to:)`,
/// recognised by type identity rather than by casting.
private func leafValue<T: Encodable>(_ value: T, path: () -> CodingPathTail) throws -> JSONValue? {
    if T.self == String.self { return .string(value as! String) }
    if T.self == JSONValue.self { return value as? JSONValue }
    if T.self == Bool.self { return .bool(value as! Bool) }
    if T.self == Int.self { return .number(String(value as! Int)) }
    if T.self == Int64.self { return .number(String(value as! Int64)) }
    if T.self == Int32.self { return .number(String(value as! Int32)) }
    if T.self == UInt.self { return .number(String(value as! UInt)) }
    if T.self == UInt64.self { return .number(String(value as! UInt64)) }
    if T.self == Double.self { return try doubleValue(value as! Double, codingPath: path().path) }
    return nil
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
    let path: CodingPathTail
    var codingPath: [any CodingKey] { path.path }

    mutating func encodeNil(forKey key: Key) throws { box.setMember(key.stringValue, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { box.setMember(key.stringValue, .bool(value)) }
    mutating func encode(_ value: String, forKey key: Key) throws { box.setMember(key.stringValue, .string(value)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { box.setMember(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { box.setMember(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { box.setMember(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { box.setMember(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { box.setMember(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { box.setMember(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { box.setMember(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { box.setMember(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { box.setMember(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { box.setMember(key.stringValue, .number(String(value))) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        box.setMember(key.stringValue, try doubleValue(value, codingPath: path.appending(key).path))
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        box.setMember(key.stringValue, try doubleValue(Double(value), codingPath: path.appending(key).path))
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let path = self.path
        try encodeValue(value, into: box.child(forKey: key.stringValue), path: path.appending(key))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let child = box.child(forKey: key.stringValue)
        child.becomeObject()
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(box: child, path: path.appending(key)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let child = box.child(forKey: key.stringValue)
        child.becomeArray()
        return UnkeyedTreeContainer(box: child, path: path.appending(key))
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(box: box.child(forKey: "super"), path: path)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        TreeEncoder(box: box.child(forKey: key.stringValue), path: path.appending(key))
    }
}

private struct UnkeyedTreeContainer: UnkeyedEncodingContainer {
    let box: EncodingBox
    let path: CodingPathTail
    var codingPath: [any CodingKey] { path.path }

    var count: Int { box.count }

    mutating func encodeNil() throws { box.appendChild().setLeaf(.null) }
    mutating func encode(_ value: String) throws { box.appendChild().setLeaf(.string(value)) }
    mutating func encode(_ value: Bool) throws { box.appendChild().setLeaf(.bool(value)) }
    mutating func encode(_ value: Int) throws { box.appendChild().setLeaf(.number(String(value))) }
    mutating func encode(_ value: Int64) throws { box.appendChild().setLeaf(.number(String(value))) }
    mutating func encode(_ value: Int8) throws { box.appendChild().setLeaf(.number(String(value))) }
    mutating func encode(_ value: Int16) throws { box.appendChild().setLeaf(.number(String(value))) }
    mutating func encode(_ value: Int32) throws { box.appendChild().setLeaf(.number(String(value))) }
    mutating func encode(_ value: UInt) throws { box.appendChild().setLeaf(.number(String(value))) }
    mutating func encode(_ value: UInt8) throws { box.appendChild().setLeaf(.number(String(value))) }
    mutating func encode(_ value: UInt16) throws { box.appendChild().setLeaf(.number(String(value))) }
    mutating func encode(_ value: UInt32) throws { box.appendChild().setLeaf(.number(String(value))) }
    mutating func encode(_ value: UInt64) throws { box.appendChild().setLeaf(.number(String(value))) }
    mutating func encode(_ value: Double) throws { box.appendChild().setLeaf(try doubleValue(value, codingPath: path.path)) }
    mutating func encode(_ value: Float) throws { box.appendChild().setLeaf(try doubleValue(Double(value), codingPath: path.path)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = self.path
        try encodeValue(value, into: box.appendChild(), path: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = box.appendChild()
        child.becomeObject()
        return KeyedEncodingContainer(KeyedTreeContainer<NestedKey>(box: child, path: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let child = box.appendChild()
        child.becomeArray()
        return UnkeyedTreeContainer(box: child, path: path)
    }

    mutating func superEncoder() -> any Encoder {
        TreeEncoder(box: box.appendChild(), path: path)
    }
}

private struct SingleValueTreeContainer: SingleValueEncodingContainer {
    let box: EncodingBox
    let path: CodingPathTail
    var codingPath: [any CodingKey] { path.path }

    mutating func encodeNil() throws { box.setLeaf(.null) }
    mutating func encode(_ value: Bool) throws { box.setLeaf(.bool(value)) }
    mutating func encode(_ value: String) throws { box.setLeaf(.string(value)) }
    mutating func encode(_ value: Int) throws { box.setLeaf(.number(String(value))) }
    mutating func encode(_ value: Int64) throws { box.setLeaf(.number(String(value))) }
    mutating func encode(_ value: Int8) throws { box.setLeaf(.number(String(value))) }
    mutating func encode(_ value: Int16) throws { box.setLeaf(.number(String(value))) }
    mutating func encode(_ value: Int32) throws { box.setLeaf(.number(String(value))) }
    mutating func encode(_ value: UInt) throws { box.setLeaf(.number(String(value))) }
    mutating func encode(_ value: UInt8) throws { box.setLeaf(.number(String(value))) }
    mutating func encode(_ value: UInt16) throws { box.setLeaf(.number(String(value))) }
    mutating func encode(_ value: UInt32) throws { box.setLeaf(.number(String(value))) }
    mutating func encode(_ value: UInt64) throws { box.setLeaf(.number(String(value))) }
    mutating func encode(_ value: Double) throws { box.setLeaf(try doubleValue(value, codingPath: path.path)) }
    mutating func encode(_ value: Float) throws { box.setLeaf(try doubleValue(Double(value), codingPath: path.path)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let path = self.path
        try encodeValue(value, into: box, path: path)
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
