/// A request's params object where its line's tape holds it: `PlainParams` read
/// it in place, `ParamsDecoder` gets it as a `JSONValue`. Valid only during the
/// call that handles the request, since the tape borrows the line's bytes.
public struct RequestParams {
    /// Nil when the request had no `params`, which reads as `{}`.
    @usableFromInline let tape: JSONTape?
    @usableFromInline let index: Int

    init(tape: JSONTape?, index: Int) {
        self.tape = tape
        self.index = index
    }

    /// True when the params are an object with a member named `name`.
    func hasMember(named name: StaticString) -> Bool {
        guard let tape, tape[index].kind == .object else { return false }
        var key = index + 1
        for _ in 0..<Int(tape[index].count) {
            if tape.string(at: key, equals: name) { return true }
            key = tape.after(key + 1)
        }
        return false
    }

    /// The params as a value, for the decoder.
    public var value: JSONValue {
        tape?.value(at: index) ?? .object(JSONObject())
    }

    /// Runs `body` with `value` as params, for callers that hold a value rather
    /// than a line (tests and tools). (The serializer's text always parses; the
    /// error is only passed on.)
    public static func withValue<Output>(
        _ value: JSONValue, _ body: (RequestParams) -> Output
    ) throws(JSONParseError) -> Output {
        try withText(JSONSerializer.bytes(of: value), body)
    }

    /// Runs `body` with the params object written in `text`, parsed into a tape for the call.
    public static func withText<Output>(
        _ text: [UInt8], _ body: (RequestParams) -> Output
    ) throws(JSONParseError) -> Output {
        let parsed: Result<Output, JSONParseError> = text.withUnsafeBytes { raw in
            Result { () throws(JSONParseError) in try JSONParser.withTape(of: raw) { body(RequestParams(tape: $0, index: 0)) } }
        }
        return try parsed.get()
    }
}
