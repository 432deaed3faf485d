/// Where `JSONSerializer` writes text: a byte array, or a `JSONTextWriter`'s buffer.
public protocol JSONByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func appendBytes(_ bytes: UnsafeRawBufferPointer)
}

extension Array: JSONByteSink where Element == UInt8 {
    /// Through a typed view, so the array appends from contiguous `UInt8`
    /// storage (one `memcpy`) rather than from a raw buffer as a sequence.
    @inlinable
    public mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) {
        bytes.withMemoryRebound(to: UInt8.self) { append(contentsOf: $0) }
    }
}
