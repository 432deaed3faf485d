/// Rewrites every text of an error before it is written: its message and each
/// string, and member name, of its `data`. Errors repeat what the host sent (an
/// unknown method's name, a member name in a path, a value in a message); a
/// service that must never repeat some of it — checkoutd masks card numbers —
/// gives the engine its rewriting here, and it then applies to every error the
/// engine writes, the engine's own and the methods'.
public struct ErrorRedaction: Sendable {
    private let rewrite: (@Sendable (String) -> String)?

    /// Errors are written as they are.
    public static let none = ErrorRedaction(rewrite: nil)

    /// Errors are written with `rewrite` applied to each of their texts.
    public init(_ rewrite: @escaping @Sendable (String) -> String) {
        self.rewrite = rewrite
    }

    private init(rewrite: (@Sendable (String) -> String)?) {
        self.rewrite = rewrite
    }

    /// `error` with its texts rewritten; its code stays.
    public func apply(to error: RPCError) -> RPCError {
        guard let rewrite else { return error }
        var redacted = error
        redacted.message = rewrite(error.message)
        redacted.data = Self.apply(rewrite, to: error.data)
        return redacted
    }

    private static func apply(_ rewrite: (String) -> String, to object: JSONObject) -> JSONObject {
        JSONObject(object.members.map { .init(key: rewrite($0.key), value: apply(rewrite, to: $0.value)) })
    }

    private static func apply(_ rewrite: (String) -> String, to value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(rewrite(text))
        case .array(let elements): .array(elements.map { apply(rewrite, to: $0) })
        case .object(let object): .object(apply(rewrite, to: object))
        case .null, .bool, .number: value
        }
    }
}
