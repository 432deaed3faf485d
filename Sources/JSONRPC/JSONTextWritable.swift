/// A value that writes its own JSON text through a `JSONTextWriter`.
///
/// Results pass through `Encodable` at about two thousand instructions a member
/// (a container box, generic metadata and a dynamic type test per value); a
/// result hot enough for that to lead the profile conforms to this protocol too,
/// and `RPCMethod.appendResult` writes it directly. Its `Encodable` conformance stays the
/// reference: `write(to:)` must produce exactly the text `JSONTextEncoder`
/// produces for the same value, and each conformance is held to that by a test.
public protocol JSONTextWritable: Encodable {
    func write(to json: inout JSONTextWriter)
}

extension String: JSONTextWritable {
    @inlinable
    public func write(to json: inout JSONTextWriter) { json.string(self) }
}

extension Int: JSONTextWritable {
    @inlinable
    public func write(to json: inout JSONTextWriter) { json.integer(self) }
}

extension Bool: JSONTextWritable {
    @inlinable
    public func write(to json: inout JSONTextWriter) { json.bool(self) }
}

extension Array: JSONTextWritable where Element: JSONTextWritable {
    @inlinable
    public func write(to json: inout JSONTextWriter) { json.array(self) }
}

/// `null` when nil, as `Optional`'s `Encodable` conformance writes it.
extension Optional: JSONTextWritable where Wrapped: JSONTextWritable {
    @inlinable
    public func write(to json: inout JSONTextWriter) {
        if let self { self.write(to: &json) } else { json.null() }
    }
}
