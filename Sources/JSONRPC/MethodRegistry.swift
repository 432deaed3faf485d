/// The table of methods a connection serves, by wire name.
public struct MethodRegistry: Sendable {
    /// A method with its params decoding and result encoding erased.
    public struct Entry: Sendable {
        public let name: String
        public let execution: Execution
        let handler: @Sendable (JSONValue, RequestContext, inout [UInt8]) -> RPCError?

        /// Decodes `params`, runs the handler and appends the JSON text of its
        /// result to `output`; on failure returns the error and leaves `output` as it was.
        public func invoke(_ params: JSONValue, _ context: RequestContext, appendingResultTo output: inout [UInt8]) -> RPCError? {
            handler(params, context, &output)
        }

        /// The same call with the result read back as a value, for tests and tools.
        public func invoke(_ params: JSONValue, _ context: RequestContext) -> Swift.Result<JSONValue, RPCError> {
            var text: [UInt8] = []
            if let error = invoke(params, context, appendingResultTo: &text) { return .failure(error) }
            return text.withUnsafeBytes { raw in
                Swift.Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(raw) }
                    .mapError { .internalError("the result of \(name) is not valid JSON: \($0.message)") }
            }
        }
    }

    public private(set) var entries: [String: Entry] = [:]

    public init() {}

    /// The registered names, sorted.
    public var methodNames: [String] { entries.keys.sorted() }

    /// Adds `method`; registering a name twice is a programming error.
    public mutating func register<Method: RPCMethod>(
        _ method: Method.Type,
        handler: @escaping @Sendable (Method.Params, RequestContext) throws -> Method.Result
    ) {
        precondition(entries[Method.name] == nil, "\(Method.name) is registered twice")
        entries[Method.name] = Entry(name: Method.name, execution: Method.execution) { params, context, output in
            Method.invoke(handler, params: params, context: context, appendingResultTo: &output)
        }
    }

    public subscript(name: String) -> Entry? { entries[name] }
}
