/// Where `JSONSerializer` writes text: a byte array, or a `JSONTextBuffer` (a response being written).
public protocol JSONByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func appendBytes(_ bytes: UnsafeRawBufferPointer)
}

extension JSONByteSink where Self: ~Copyable {
    /// Appends fixed ASCII text such as `null`.
    @inlinable
    public mutating func appendText(_ text: StaticString) {
        appendBytes(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }
}

extension Array: JSONByteSink where Element == UInt8 {
    /// Through a typed view, so the array appends from contiguous `UInt8`
    /// storage (one `memcpy`) rather than from a raw buffer as a sequence.
    @inlinable
    public mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) {
        bytes.withMemoryRebound(to: UInt8.self) { append(contentsOf: $0) }
    }
}
