/// Where `JSONSerializer` writes text: a byte array, or a `JSONTextWriter`'s buffer.
public protocol JSONByteSink: ~Copyable {
    mutating func append(_ byte: UInt8)
    mutating func appendBytes(_ bytes: UnsafeRawBufferPointer)
}

extension Array: JSONByteSink where Element == UInt8 {
    /// Through a typed view: appending the raw buffer itself went a byte at a
    /// time (1.7 instructions a byte), the typed one is one `memcpy`.
    @inlinable
    public mutating func appendBytes(_ bytes: UnsafeRawBufferPointer) {
        bytes.withMemoryRebound(to: UInt8.self) { append(contentsOf: $0) }
    }
}
