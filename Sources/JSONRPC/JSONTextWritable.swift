/// A value that writes its own JSON text through a `JSONTextWriter`.
///
/// Results pass through `Encodable` at about two thousand instructions a member
/// (a container box, generic metadata and a dynamic type test per value); a
/// result hot enough for that to lead the profile conforms to this protocol too,
/// and `MethodRegistry` writes it directly. Its `Encodable` conformance stays the
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

extension JSONTextEncoder {
    /// How results of type `T` are appended to a response: directly when `T` is
    /// `JSONTextWritable`, else through `encode(_:appendingTo:)`. Decided once per
    /// type, when a method is registered, so no request pays for the type test.
    static func resultWriter<T: Encodable & Sendable>(for type: T.Type) -> @Sendable (T, inout [UInt8]) throws -> Void {
        guard let writable = type as? any (JSONTextWritable & Sendable).Type else {
            return { value, output in try encode(value, appendingTo: &output) }
        }
        return directWriter(writable, for: T.self)
    }

    private static func directWriter<Writable: JSONTextWritable & Sendable, T: Sendable>(
        _ writable: Writable.Type, for type: T.Type
    ) -> @Sendable (T, inout [UInt8]) throws -> Void {
        { value, output in JSONTextWriter.append(sameType(value, as: Writable.self), to: &output) }
    }
}
