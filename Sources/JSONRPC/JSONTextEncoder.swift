/// Encodes `Encodable` values straight to compact JSON text, with the same
/// conventions as `JSONSerializer`: members in encoding order (declaration order
/// for synthesized conformances), `nil` optionals encoded with `encodeIfPresent`
/// left out, a `JSONValue` written as itself, a value that encodes nothing
/// written as `{}`.
///
/// Text is written as the conformance encodes, so a container is closed when
/// its parent writes its next element or the value that opened it is done. A
/// conformance that encodes one key twice writes it twice; none here does.
public enum JSONTextEncoder {
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024) // most results fit, so the text is rarely copied as it grows
        try encode(value, appendingTo: &output)
        return output
    }

    /// Appends `value`'s text to `output`; on error, `output` is left as it was.
    public static func encode<T: Encodable>(_ value: T, appendingTo output: inout [UInt8]) throws {
        let sink = TextSink(output)
        output = []
        do {
            try sink.writeValue(value, slot: 0)
        } catch {
            output = sink.takeBytes()
            output.removeSubrange(sink.startCount...)
            throw error
        }
        output = sink.takeBytes()
    }

    /// `value` as a `JSONValue`, for the few callers that put an encoded value
    /// inside another one (an error's details).
    public static func value<T: Encodable>(of value: T) throws -> JSONValue {
        let text = try encode(value)
        return try text.withUnsafeBytes { raw in try JSONParser.parse(raw) }
    }
}

/// The text written so far and the containers still open, innermost last.
private struct TextState {
    struct OpenContainer {
        let closer: UInt8
        var count = 0
        /// Where the name of the member being written starts in `bytes` (nil in
        /// an array): coding paths read it back from the text, so writing a
        /// member keeps no key.
        var nameStart: Int?
    }

    var bytes: [UInt8]
    var open: [OpenContainer] = []

    /// Closes every container from index `slot` inwards.
    mutating func closeContainers(from slot: Int) {
        while open.count > slot {
            bytes.append(open.removeLast().closer)
        }
    }

    /// Starts the next element of the container at `slot`, closing any deeper one.
    mutating func beginElement(inSlot slot: Int) {
        closeContainers(from: slot + 1)
        if open[slot].count > 0 { bytes.append(UInt8(ascii: ",")) }
        open[slot].count += 1
    }

    mutating func beginMember(_ name: String, inSlot slot: Int) {
        beginElement(inSlot: slot)
        open[slot].nameStart = bytes.count
        JSONSerializer.writeString(name, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
    }

    /// Opens an object or array at the current position and answers its slot.
    mutating func openContainer(object: Bool) -> Int {
        bytes.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        open.append(OpenContainer(closer: object ? UInt8(ascii: "}") : UInt8(ascii: "]")))
        return open.count - 1
    }

    /// The container a value at `slot` writes into: the one it opened already
    /// (a conformance may ask for its container more than once), or a new one.
    mutating func container(atSlot slot: Int, object: Bool) -> Int {
        guard open.count > slot else { return openContainer(object: object) }
        closeContainers(from: slot + 1)
        return slot
    }

    /// The keys (array positions as integer keys) leading to a value in `slot`.
    func codingPath(toSlot slot: Int) -> [any CodingKey] {
        open.prefix(slot).map { container in
            guard let nameStart = container.nameStart else { return DynamicKey(intValue: container.count - 1)! }
            return DynamicKey(memberName(at: nameStart))
        }
    }

    /// The member name whose JSON string `beginMember` wrote from `start`.
    private func memberName(at start: Int) -> String {
        var end = start + 1
        while bytes[end] != UInt8(ascii: "\"") { end += bytes[end] == UInt8(ascii: "\\") ? 2 : 1 }
        let text = Array(bytes[start...end])
        guard case .string(let name)? = try? text.withUnsafeBytes({ try JSONParser.parse($0) }) else { return "" }
        return name
    }

    mutating func writeNull() { bytes.append(contentsOf: "null".utf8) }
    mutating func write(_ flag: Bool) { bytes.append(contentsOf: (flag ? "true" : "false").utf8) }
    mutating func write(_ string: String) { JSONSerializer.writeString(string, to: &bytes) }
    mutating func write<Integer: BinaryInteger>(_ integer: Integer) { JSONSerializer.writeInteger(integer, to: &bytes) }
    mutating func write(_ value: JSONValue) { JSONSerializer.write(value, to: &bytes) }

    /// Writes a finite `number` (integral ones without a fraction); nil when it is not finite.
    mutating func write(_ number: Double) -> Bool {
        guard number.isFinite else { return false }
        if number == number.rounded(), abs(number) < 1e15 {
            write(Int64(number))
        } else {
            bytes.append(contentsOf: number.description.utf8)
        }
        return true
    }

    /// How writing a value began.
    enum ValueStart {
        case written
        case nonFinite
        /// It is not a scalar: it encodes itself, from this many bytes.
        case encodesItself(startCount: Int)
    }

    /// Writes `value` when it is a scalar (or a `JSONValue`), recognised by type
    /// identity rather than by casting.
    mutating func beginValue<T: Encodable>(_ value: T) -> ValueStart {
        if T.self == String.self { write(value as! String) }
        else if T.self == Int.self { write(value as! Int) }
        else if T.self == Bool.self { write(value as! Bool) }
        else if T.self == JSONValue.self { write(value as! JSONValue) }
        else if T.self == Int64.self { write(value as! Int64) }
        else if T.self == Int32.self { write(value as! Int32) }
        else if T.self == UInt.self { write(value as! UInt) }
        else if T.self == UInt64.self { write(value as! UInt64) }
        else if T.self == Double.self { return write(value as! Double) ? .written : .nonFinite }
        else { return .encodesItself(startCount: bytes.count) }
        return .written
    }

    /// Closes what a value that encoded itself left open; one that wrote nothing is `{}`.
    mutating func endValue(slot: Int, startCount: Int) {
        closeContainers(from: slot)
        if bytes.count == startCount { bytes.append(contentsOf: "{}".utf8) }
    }
}

/// The state encoders and containers share; each knows the index (`slot`) of
/// the container it writes into. Every operation is one access to `state`.
private final class TextSink {
    private var state: TextState
    let startCount: Int

    init(_ bytes: [UInt8]) {
        state = TextState(bytes: bytes)
        startCount = bytes.count
        state.open.reserveCapacity(8)
    }

    func takeBytes() -> [UInt8] {
        state.closeContainers(from: 0)
        let taken = state.bytes
        state.bytes = []
        return taken
    }

    func elementCount(inSlot slot: Int) -> Int {
        slot < state.open.count ? state.open[slot].count : 0
    }

    func codingPath(toSlot slot: Int) -> [any CodingKey] { state.codingPath(toSlot: slot) }
    func beginElement(inSlot slot: Int) { state.beginElement(inSlot: slot) }
    func beginMember(_ name: String, inSlot slot: Int) { state.beginMember(name, inSlot: slot) }
    func openContainer(object: Bool) -> Int { state.openContainer(object: object) }
    func container(atSlot slot: Int, object: Bool) -> Int { state.container(atSlot: slot, object: object) }

    /// Writes through `body` in one access.
    func write(_ body: (inout TextState) -> Void) { body(&state) }

    /// Starts the member `key` of the container at `slot` and writes its value through `body`.
    func writeMember(_ name: String, inSlot slot: Int, _ body: (inout TextState) -> Void) {
        state.beginMember(name, inSlot: slot)
        body(&state)
    }

    func writeElement(inSlot slot: Int, _ body: (inout TextState) -> Void) {
        state.beginElement(inSlot: slot)
        body(&state)
    }

    func writeDouble(_ number: Double, slot: Int) throws {
        guard state.write(number) else { throw nonFinite(number, slot: slot) }
    }

    func nonFinite(_ number: Double, slot: Int) -> EncodingError {
        .invalidValue(number, .init(codingPath: codingPath(toSlot: slot), debugDescription: "JSON has no \(number)"))
    }

    /// Writes one whole value at the current position; its containers go in `slot`.
    func writeValue<T: Encodable>(_ value: T, slot: Int) throws {
        try finish(value, slot: slot, state.beginValue(value))
    }

    /// Writes the member `key` of the container at `slot` and its whole value.
    func writeMember<T: Encodable>(_ name: String, _ value: T, slot: Int) throws {
        let begun = { (state: inout TextState) -> TextState.ValueStart in
            state.beginMember(name, inSlot: slot)
            return state.beginValue(value)
        }(&state)
        try finish(value, slot: slot + 1, begun)
    }

    /// Writes the next element of the array at `slot`, a whole value.
    func writeElement<T: Encodable>(_ value: T, slot: Int) throws {
        let begun = { (state: inout TextState) -> TextState.ValueStart in
            state.beginElement(inSlot: slot)
            return state.beginValue(value)
        }(&state)
        try finish(value, slot: slot + 1, begun)
    }

    /// Lets a value that is not a scalar encode itself, then closes what it opened.
    private func finish<T: Encodable>(_ value: T, slot: Int, _ start: TextState.ValueStart) throws {
        switch start {
        case .written: return
        case .nonFinite: throw nonFinite(value as! Double, slot: slot)
        case .encodesItself(let startCount):
            try value.encode(to: TextEncoder(sink: self, slot: slot))
            state.endValue(slot: slot, startCount: startCount)
        }
    }
}

private struct TextEncoder: Encoder {
    let sink: TextSink
    let slot: Int
    var codingPath: [any CodingKey] { sink.codingPath(toSlot: slot) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(KeyedTextContainer<Key>(sink: sink, slot: sink.container(atSlot: slot, object: true)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        UnkeyedTextContainer(sink: sink, slot: sink.container(atSlot: slot, object: false))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueTextContainer(sink: sink, slot: slot)
    }
}

/// An object's members; a member's value goes in the next slot.
private struct KeyedTextContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let sink: TextSink
    let slot: Int
    var codingPath: [any CodingKey] { sink.codingPath(toSlot: slot) }

    mutating func encodeNil(forKey key: Key) throws { sink.writeMember(key.stringValue, inSlot: slot) { $0.writeNull() } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { sink.writeMember(key.stringValue, inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: String, forKey key: Key) throws { sink.writeMember(key.stringValue, inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: Int, forKey key: Key) throws { sink.writeMember(key.stringValue, inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { sink.writeMember(key.stringValue, inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { sink.writeMember(key.stringValue, inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { sink.writeMember(key.stringValue, inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { sink.writeMember(key.stringValue, inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { sink.writeMember(key.stringValue, inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { sink.writeMember(key.stringValue, inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { sink.writeMember(key.stringValue, inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { sink.writeMember(key.stringValue, inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { sink.writeMember(key.stringValue, inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        sink.beginMember(key.stringValue, inSlot: slot)
        try sink.writeDouble(value, slot: slot + 1)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        sink.beginMember(key.stringValue, inSlot: slot)
        try sink.writeDouble(Double(value), slot: slot + 1)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try sink.writeMember(key.stringValue, value, slot: slot)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        sink.beginMember(key.stringValue, inSlot: slot)
        return KeyedEncodingContainer(KeyedTextContainer<NestedKey>(sink: sink, slot: sink.openContainer(object: true)))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        sink.beginMember(key.stringValue, inSlot: slot)
        return UnkeyedTextContainer(sink: sink, slot: sink.openContainer(object: false))
    }

    mutating func superEncoder() -> any Encoder {
        sink.beginMember("super", inSlot: slot)
        return TextEncoder(sink: sink, slot: slot + 1)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        sink.beginMember(key.stringValue, inSlot: slot)
        return TextEncoder(sink: sink, slot: slot + 1)
    }
}

/// An array's elements; an element's value goes in the next slot.
private struct UnkeyedTextContainer: UnkeyedEncodingContainer {
    let sink: TextSink
    let slot: Int
    var codingPath: [any CodingKey] { sink.codingPath(toSlot: slot) }

    var count: Int { sink.elementCount(inSlot: slot) }

    mutating func encodeNil() throws { sink.writeElement(inSlot: slot) { $0.writeNull() } }
    mutating func encode(_ value: Bool) throws { sink.writeElement(inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: String) throws { sink.writeElement(inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: Int) throws { sink.writeElement(inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: Int64) throws { sink.writeElement(inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: Int8) throws { sink.writeElement(inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: Int16) throws { sink.writeElement(inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: Int32) throws { sink.writeElement(inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: UInt) throws { sink.writeElement(inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: UInt8) throws { sink.writeElement(inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: UInt16) throws { sink.writeElement(inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: UInt32) throws { sink.writeElement(inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: UInt64) throws { sink.writeElement(inSlot: slot) { $0.write(value) } }
    mutating func encode(_ value: Double) throws {
        sink.beginElement(inSlot: slot)
        try sink.writeDouble(value, slot: slot + 1)
    }
    mutating func encode(_ value: Float) throws {
        sink.beginElement(inSlot: slot)
        try sink.writeDouble(Double(value), slot: slot + 1)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try sink.writeElement(value, slot: slot)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        sink.beginElement(inSlot: slot)
        return KeyedEncodingContainer(KeyedTextContainer<NestedKey>(sink: sink, slot: sink.openContainer(object: true)))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        sink.beginElement(inSlot: slot)
        return UnkeyedTextContainer(sink: sink, slot: sink.openContainer(object: false))
    }

    mutating func superEncoder() -> any Encoder {
        sink.beginElement(inSlot: slot)
        return TextEncoder(sink: sink, slot: slot + 1)
    }
}

/// One value, written at the current position.
private struct SingleValueTextContainer: SingleValueEncodingContainer {
    let sink: TextSink
    let slot: Int
    var codingPath: [any CodingKey] { sink.codingPath(toSlot: slot) }

    mutating func encodeNil() throws { sink.write { $0.writeNull() } }
    mutating func encode(_ value: Bool) throws { sink.write { $0.write(value) } }
    mutating func encode(_ value: String) throws { sink.write { $0.write(value) } }
    mutating func encode(_ value: Int) throws { sink.write { $0.write(value) } }
    mutating func encode(_ value: Int64) throws { sink.write { $0.write(value) } }
    mutating func encode(_ value: Int8) throws { sink.write { $0.write(value) } }
    mutating func encode(_ value: Int16) throws { sink.write { $0.write(value) } }
    mutating func encode(_ value: Int32) throws { sink.write { $0.write(value) } }
    mutating func encode(_ value: UInt) throws { sink.write { $0.write(value) } }
    mutating func encode(_ value: UInt8) throws { sink.write { $0.write(value) } }
    mutating func encode(_ value: UInt16) throws { sink.write { $0.write(value) } }
    mutating func encode(_ value: UInt32) throws { sink.write { $0.write(value) } }
    mutating func encode(_ value: UInt64) throws { sink.write { $0.write(value) } }
    mutating func encode(_ value: Double) throws { try sink.writeDouble(value, slot: slot) }
    mutating func encode(_ value: Float) throws { try sink.writeDouble(Double(value), slot: slot) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try sink.writeValue(value, slot: slot)
    }
}

extension JSONValue: Encodable {
    /// Only reached through foreign encoders; `JSONTextEncoder` writes values as they are.
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
