/// Compact JSON text written member by member, for `JSONTextWritable` values.
///
/// Commas are placed by the writer: every value and every key starts with one
/// unless it is the first in its container. Keys are static strings that need no
/// escaping (the member names of this service's results); string values are
/// escaped as `JSONSerializer` escapes them, and integers are written as
/// `JSONTextEncoder` writes them, so the text is the same as the Codable path's.
///
/// Everything here is `@inlinable`, so that the writing code of a conformance in
/// another module is specialized for its member types instead of looking up
/// generic metadata (of `Optional<FieldState>`, say) on every member.
public struct JSONTextWriter: ~Copyable {
    @usableFromInline var output: JSONTextBuffer
    @usableFromInline var needsComma = false

    @inlinable
    init(output: consuming JSONTextBuffer) {
        self.output = output
    }

    /// The JSON text of `value`.
    @inlinable
    public static func bytes(of value: some JSONTextWritable) -> [UInt8] {
        JSONTextBuffer.bytes { append(value, to: &$0) }
    }

    /// Appends the JSON text of `value` to `output`, written straight into it.
    @inlinable
    public static func append(_ value: some JSONTextWritable, to output: inout JSONTextBuffer) {
        var writer = JSONTextWriter(output: output)
        value.write(to: &writer)
        output = writer.output
    }

    /// An object whose members `members` writes.
    @inlinable
    public mutating func object(_ members: (inout JSONTextWriter) -> Void) {
        startValue()
        output.append(UInt8(ascii: "{"))
        needsComma = false
        members(&self)
        output.append(UInt8(ascii: "}"))
        needsComma = true
    }

    /// An array of `elements`.
    @inlinable
    public mutating func array<Elements: Sequence>(_ elements: Elements) where Elements.Element: JSONTextWritable {
        startValue()
        output.append(UInt8(ascii: "["))
        needsComma = false
        for element in elements { element.write(to: &self) }
        output.append(UInt8(ascii: "]"))
        needsComma = true
    }

    /// A member of the object being written; an optional `value` that is nil is written as `null`.
    @inlinable
    public mutating func member(_ key: StaticString, _ value: some JSONTextWritable) {
        writeKey(key)
        value.write(to: &self)
    }

    /// A member whose value is `text`, JSON text this writer wrote before
    /// (through `bytes(of:)`), copied as it is.
    @inlinable
    public mutating func member(_ key: StaticString, prewritten text: UnsafeRawBufferPointer) {
        writeKey(key)
        value(prewritten: text)
    }

    /// A member written only when `value` is not nil, as `encodeIfPresent` does.
    @inlinable
    public mutating func memberIfPresent(_ key: StaticString, _ value: (some JSONTextWritable)?) {
        guard let value else { return }
        member(key, value)
    }

    @inlinable
    public mutating func string(_ string: String) {
        startValue()
        JSONSerializer.writeString(string, to: &output)
    }

    /// A member whose value is a string that holds no quote, backslash or
    /// control character by how it was made, such as base64 text or a compact
    /// JWE: copied without the scan for escapes, which took a hundredth of a
    /// `paymentRequest.encrypt`. Debug builds check the promise.
    @inlinable
    public mutating func member(_ key: StaticString, unescaped value: String) {
        assert(!value.utf8.contains(where: JSONStringBytes.isSpecial), "the value needs escaping")
        writeKey(key)
        startValue()
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { output.appendBytes(UnsafeRawBufferPointer($0)) }
        output.append(UInt8(ascii: "\""))
    }

    /// A value whose JSON text, `text`, this writer wrote before (through
    /// `bytes(of:)`), copied as it is.
    @inlinable
    public mutating func value(prewritten text: UnsafeRawBufferPointer) {
        startValue()
        output.appendBytes(text)
    }

    /// A value whose whole JSON text was fixed when the program was built, such
    /// as an object that is always the same, copied in one piece.
    @inlinable
    public mutating func value(prewritten text: StaticString) {
        startValue()
        output.appendText(text)
    }

    /// A member whose whole JSON text, name and value (`"name":value`), was
    /// fixed when the program was built, copied in one piece. Written as a
    /// value: the text brings its own name.
    @inlinable
    public mutating func member(prewritten text: StaticString) {
        value(prewritten: text)
    }

    /// A string fixed when the program was built, such as an enumeration's
    /// raw value, that needs no escape.
    @inlinable
    public mutating func string(_ text: StaticString) {
        assert(text.withUTF8Buffer { !$0.contains(where: JSONStringBytes.isSpecial) }, "fixed strings are written without escaping")
        startValue()
        output.append(UInt8(ascii: "\""))
        output.appendText(text)
        output.append(UInt8(ascii: "\""))
    }

    @inlinable
    public mutating func integer(_ integer: Int) {
        startValue()
        JSONSerializer.writeInteger(integer, to: &output)
    }

    @inlinable
    public mutating func bool(_ flag: Bool) {
        startValue()
        output.appendText(flag ? "true" : "false")
    }

    @inlinable
    public mutating func null() {
        startValue()
        output.appendText("null")
    }

    @inlinable
    mutating func writeKey(_ key: StaticString) {
        assert(key.withUTF8Buffer { !$0.contains(where: JSONStringBytes.isSpecial) },
               "object keys are written without escaping")
        key.withUTF8Buffer { output.appendKey(UnsafeRawBufferPointer($0), afterValue: needsComma) }
        needsComma = false
    }

    @inlinable
    mutating func startValue() {
        if needsComma { output.append(UInt8(ascii: ",")) }
        needsComma = true
    }
}
