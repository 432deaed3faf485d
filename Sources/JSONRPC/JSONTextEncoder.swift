/// Encodes `Encodable` values straight to compact JSON text, without building a
/// `JSONValue` tree first. Every method result passes through here.
///
/// The text is always the same as `JSONSerializer.bytes(of: JSONValueEncoder.encode(value))`:
/// the tree encoder is the reference, and this one writes as it goes. Writing as
/// it goes only works while a value fills its containers one after another, as
/// synthesized conformances do; a value that goes back to a container it left,
/// encodes a key twice or asks for a super encoder makes this encoder give up,
/// and the value is encoded again through the tree. So does any encoding error,
/// so that errors carry the tree encoder's coding paths.
public enum JSONTextEncoder {
    /// Appends the JSON text of `value` to `output`; on failure `output` is unchanged.
    public static func encode<T: Encodable>(_ value: T, appendingTo output: inout [UInt8]) throws {
        if stream(value, appendingTo: &output) { return }
        JSONSerializer.write(try JSONValueEncoder.encode(value), to: &output)
    }

    /// Writes `value` as it goes; false (and `output` unchanged) when it gave up.
    static func stream<T: Encodable>(_ value: T, appendingTo output: inout [UInt8]) -> Bool {
        let start = output.count
        let writer = TextWriter(output: output)
        output = []
        let streamed: Bool
        do {
            try writer.writeValue(value, depth: 0)
            streamed = writer.finish()
        } catch {
            streamed = false
        }
        swap(&output, &writer.output)
        if !streamed { output.removeSubrange(start...) }
        return streamed
    }

    /// The JSON text of `value`.
    public static func bytes<T: Encodable>(of value: T) throws -> [UInt8] {
        var output: [UInt8] = []
        try encode(value, appendingTo: &output)
        return output
    }
}

/// Thrown inside the encoder when writing as it goes cannot continue.
private struct StreamingUnsupported: Error {}

/// The output and the containers open in it, innermost last.
private final class TextWriter {
    struct Frame {
        let id: Int
        let isObject: Bool
        /// The slot the container was opened in.
        let slot: Int
        var count = 0
        /// Where this object's keys start in `keys`.
        let firstKey: Int
    }

    // One writer serves one `stream` call on one thread and its accesses never
    // overlap, so the run-time exclusivity checks (a third of the cost) are off.
    @exclusivity(unchecked) var output: [UInt8]
    @exclusivity(unchecked) private var frames: [Frame] = []
    /// The keys of every open object, for spotting a key encoded twice.
    @exclusivity(unchecked) private var keys: [String] = []
    @exclusivity(unchecked) private var nextID = 0
    /// A value position was announced (a key, or an array element) and nothing written there yet.
    @exclusivity(unchecked) private var slotIsOpen = true
    /// Numbers the slots, so that an encoder kept past its value cannot write into another's.
    @exclusivity(unchecked) private(set) var slot = 0
    /// Set when a non-throwing requirement met something this encoder cannot write.
    @exclusivity(unchecked) private(set) var gaveUp = false

    init(output: [UInt8]) {
        self.output = output
        self.output.reserveCapacity(output.count + 512)
    }

    /// Closes every container; false when the encoder gave up on the way.
    func finish() -> Bool {
        if slotIsOpen { return false }
        close(downTo: 0)
        return !gaveUp
    }

    func giveUp() { gaveUp = true }

    // MARK: Values

    /// Writes `value` into the open slot; its containers, if any, live at `depth`.
    func writeValue<T: Encodable>(_ value: T, depth: Int) throws {
        if try writeLeaf(value) { return }
        try value.encode(to: TextEncoder(writer: self, depth: depth, slot: slot))
        if slotIsOpen {
            // Nothing was encoded: the tree encoder reads an empty box as `{}`.
            output.append(contentsOf: "{}".utf8)
            slotIsOpen = false
        }
        close(downTo: depth)
    }

    /// Scalars recognised by type identity, as the tree encoder does. The
    /// containers spell out only the hottest scalar overloads; the others reach
    /// the generic `encode` and are caught here (so `Int8.encode(to:)` never
    /// calls back into a generic that would call it again).
    private func writeLeaf<T: Encodable>(_ value: T) throws -> Bool {
        if T.self == String.self { writeString(sameType(value, as: String.self)) }
        else if T.self == Bool.self { writeBool(sameType(value, as: Bool.self)) }
        else if T.self == Int.self { writeInteger(sameType(value, as: Int.self)) }
        else if T.self == Int64.self { writeInteger(sameType(value, as: Int64.self)) }
        else if T.self == Int32.self { writeInteger(sameType(value, as: Int32.self)) }
        else if T.self == UInt.self { writeInteger(sameType(value, as: UInt.self)) }
        else if T.self == UInt64.self { writeInteger(sameType(value, as: UInt64.self)) }
        else if T.self == Int8.self { writeInteger(sameType(value, as: Int8.self)) }
        else if T.self == Int16.self { writeInteger(sameType(value, as: Int16.self)) }
        else if T.self == UInt8.self { writeInteger(sameType(value, as: UInt8.self)) }
        else if T.self == UInt16.self { writeInteger(sameType(value, as: UInt16.self)) }
        else if T.self == UInt32.self { writeInteger(sameType(value, as: UInt32.self)) }
        else if T.self == Float.self { try writeDouble(Double(sameType(value, as: Float.self))) }
        else if T.self == Double.self { try writeDouble(sameType(value, as: Double.self)) }
        else if T.self == JSONValue.self { writeScalar { JSONSerializer.write(sameType(value, as: JSONValue.self), to: &$0) } }
        else if T.self == Int?.self { if let integer = sameType(value, as: Int?.self) { writeInteger(integer) } else { writeNull() } }
        else if T.self == String?.self { if let string = sameType(value, as: String?.self) { writeString(string) } else { writeNull() } }
        else if T.self == [Int].self { writeScalar { Self.writeArray(sameType(value, as: [Int].self), to: &$0) { JSONSerializer.writeInteger($0, to: &$1) } } }
        else if T.self == [String].self { writeScalar { Self.writeArray(sameType(value, as: [String].self), to: &$0, JSONSerializer.writeString) } }
        else { return false }
        return true
    }

    private static func writeArray<Element>(_ elements: [Element], to output: inout [UInt8],
                                            _ write: (Element, inout [UInt8]) -> Void) {
        output.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            write(element, &output)
        }
        output.append(UInt8(ascii: "]"))
    }

    /// Scalars written through a single-value container must land in that container's slot.
    func checkSlot(_ slot: Int) {
        if slot != self.slot { giveUp() }
    }

    func writeNull() { writeScalar { $0.append(contentsOf: "null".utf8) } }
    func writeBool(_ flag: Bool) { writeScalar { $0.append(contentsOf: (flag ? "true" : "false").utf8) } }
    func writeString(_ string: String) { writeScalar { JSONSerializer.writeString(string, to: &$0) } }

    func writeInteger<I: FixedWidthInteger>(_ integer: I) {
        writeScalar { JSONSerializer.writeInteger(integer, to: &$0) }
    }

    /// Same text as the tree encoder: whole numbers below 10^15 as integers.
    func writeDouble(_ number: Double) throws {
        guard number.isFinite else { throw StreamingUnsupported() }
        if number == number.rounded(), abs(number) < 1e15 {
            writeInteger(Int64(number))
        } else {
            writeScalar { $0.append(contentsOf: number.description.utf8) }
        }
    }

    private func writeScalar(_ write: (inout [UInt8]) -> Void) {
        guard slotIsOpen else { return giveUp() }
        write(&output)
        slotIsOpen = false
    }

    // MARK: Containers

    /// Opens a container in the open slot at `depth`, or finds the one this
    /// slot already opened; nil when neither is possible.
    func container(isObject: Bool, depth: Int, slot: Int) -> Int? {
        if frames.count > depth {
            let frame = frames[depth]
            guard frame.isObject == isObject, frame.slot == slot, !slotIsOpen else { return nil }
            close(downTo: depth + 1)
            return frame.id
        }
        guard frames.count == depth, slotIsOpen, slot == self.slot else { return nil }
        output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        nextID += 1
        frames.append(Frame(id: nextID, isObject: isObject, slot: slot, firstKey: keys.count))
        slotIsOpen = false
        return nextID
    }

    /// The id of a container opened in the slot a container just opened for it at
    /// `depth`; -1 (and giving up) when the slot or the container could not be opened.
    func openNested(isObject: Bool, depth: Int, slotOpened: Bool) -> Int {
        if slotOpened, let id = container(isObject: isObject, depth: depth, slot: slot) { return id }
        giveUp()
        return -1
    }

    /// Super encoders share a container with the value's own: the tree encoder handles them.
    func superEncoder(depth: Int) -> any Encoder {
        giveUp()
        return TextEncoder(writer: self, depth: depth, slot: -1)
    }

    /// Makes the container `id` at `depth` the innermost one again, closing what
    /// was opened inside it; false when it is no longer open.
    func enter(_ id: Int, depth: Int) -> Bool {
        guard !gaveUp, !slotIsOpen, frames.count > depth, frames[depth].id == id else { return false }
        close(downTo: depth + 1)
        return true
    }

    /// Writes the separator and `key` and opens the member's slot.
    func openMember(_ key: String, depth: Int) throws {
        let frame = frames[depth]
        if keys[frame.firstKey...].contains(key) { throw StreamingUnsupported() }
        keys.append(key)
        if frame.count > 0 { output.append(UInt8(ascii: ",")) }
        frames[depth].count += 1
        JSONSerializer.writeString(key, to: &output)
        output.append(UInt8(ascii: ":"))
        openSlot()
    }

    /// Writes the separator and opens the next element's slot.
    func openElement(depth: Int) {
        if frames[depth].count > 0 { output.append(UInt8(ascii: ",")) }
        frames[depth].count += 1
        openSlot()
    }

    private func openSlot() {
        slot += 1
        slotIsOpen = true
    }

    func count(depth: Int) -> Int { frames.count > depth ? frames[depth].count : 0 }

    private func close(downTo depth: Int) {
        while frames.count > depth {
            let frame = frames.removeLast()
            output.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
            if frame.isObject { keys.removeSubrange(frame.firstKey...) }
        }
    }
}

/// The encoder handed to one value; its containers live at `depth`.
private struct TextEncoder: Encoder {
    let writer: TextWriter
    let depth: Int
    let slot: Int
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard let id = writer.container(isObject: true, depth: depth, slot: slot) else {
            writer.giveUp()
            return KeyedEncodingContainer(KeyedTextContainer(writer: writer, id: -1, depth: depth))
        }
        return KeyedEncodingContainer(KeyedTextContainer(writer: writer, id: id, depth: depth))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard let id = writer.container(isObject: false, depth: depth, slot: slot) else {
            writer.giveUp()
            return UnkeyedTextContainer(writer: writer, id: -1, depth: depth)
        }
        return UnkeyedTextContainer(writer: writer, id: id, depth: depth)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleValueTextContainer(writer: writer, depth: depth, slot: slot)
    }
}

private struct KeyedTextContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: TextWriter
    let id: Int
    let depth: Int
    var codingPath: [any CodingKey] { [] }

    private func member(_ key: Key) throws {
        guard writer.enter(id, depth: depth) else { throw StreamingUnsupported() }
        try writer.openMember(key.stringValue, depth: depth)
    }

    mutating func encodeNil(forKey key: Key) throws { try member(key); writer.writeNull() }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try member(key); writer.writeBool(value) }
    mutating func encode(_ value: String, forKey key: Key) throws { try member(key); writer.writeString(value) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try member(key); try writer.writeDouble(value) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try member(key); writer.writeInteger(value) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try member(key); writer.writeInteger(value) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try member(key)
        try writer.writeValue(value, depth: depth + 1)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let id = writer.openNested(isObject: true, depth: depth + 1, slotOpened: (try? member(key)) != nil)
        return KeyedEncodingContainer(KeyedTextContainer<NestedKey>(writer: writer, id: id, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let id = writer.openNested(isObject: false, depth: depth + 1, slotOpened: (try? member(key)) != nil)
        return UnkeyedTextContainer(writer: writer, id: id, depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder {
        writer.superEncoder(depth: depth + 1)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        writer.superEncoder(depth: depth + 1)
    }
}

private struct UnkeyedTextContainer: UnkeyedEncodingContainer {
    let writer: TextWriter
    let id: Int
    let depth: Int
    var codingPath: [any CodingKey] { [] }
    var count: Int { writer.count(depth: depth) }

    private func element() throws {
        guard writer.enter(id, depth: depth) else { throw StreamingUnsupported() }
        writer.openElement(depth: depth)
    }

    mutating func encodeNil() throws { try element(); writer.writeNull() }
    mutating func encode(_ value: Bool) throws { try element(); writer.writeBool(value) }
    mutating func encode(_ value: String) throws { try element(); writer.writeString(value) }
    mutating func encode(_ value: Double) throws { try element(); try writer.writeDouble(value) }
    mutating func encode(_ value: Int) throws { try element(); writer.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { try element(); writer.writeInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try element()
        try writer.writeValue(value, depth: depth + 1)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let id = writer.openNested(isObject: true, depth: depth + 1, slotOpened: (try? element()) != nil)
        return KeyedEncodingContainer(KeyedTextContainer<NestedKey>(writer: writer, id: id, depth: depth + 1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let id = writer.openNested(isObject: false, depth: depth + 1, slotOpened: (try? element()) != nil)
        return UnkeyedTextContainer(writer: writer, id: id, depth: depth + 1)
    }

    mutating func superEncoder() -> any Encoder {
        writer.superEncoder(depth: depth + 1)
    }
}

/// Writes one value into the slot at `depth`; a second value there makes the encoder give up.
private struct SingleValueTextContainer: SingleValueEncodingContainer {
    let writer: TextWriter
    let depth: Int
    let slot: Int
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { writer.checkSlot(slot); writer.writeNull() }
    mutating func encode(_ value: Bool) throws { writer.checkSlot(slot); writer.writeBool(value) }
    mutating func encode(_ value: String) throws { writer.checkSlot(slot); writer.writeString(value) }
    mutating func encode(_ value: Double) throws { writer.checkSlot(slot); try writer.writeDouble(value) }
    mutating func encode(_ value: Int) throws { writer.checkSlot(slot); writer.writeInteger(value) }
    mutating func encode(_ value: Int64) throws { writer.checkSlot(slot); writer.writeInteger(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        writer.checkSlot(slot)
        try writer.writeValue(value, depth: depth)
    }
}
