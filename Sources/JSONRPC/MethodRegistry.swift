/// The table of methods a connection serves, by wire name.
public struct MethodRegistry: Sendable {
    /// A method with its params decoding and result encoding erased. A class, so
    /// that finding one for a request takes one reference, not one per member.
    public final class Entry: Sendable {
        public let name: String
        public let execution: Execution
        let handler: @Sendable (RequestParams, RequestContext, inout JSONTextBuffer) -> RPCError?
        let preparer: @Sendable (RequestParams) -> Swift.Result<PreparedCall, RPCError>
        let compactHandler: @Sendable (UnsafeRawBufferPointer, StaticString?, RequestContext, inout JSONTextBuffer) -> CompactParamsCall

        init(name: String, execution: Execution,
             handler: @escaping @Sendable (RequestParams, RequestContext, inout JSONTextBuffer) -> RPCError?,
             preparer: @escaping @Sendable (RequestParams) -> Swift.Result<PreparedCall, RPCError>,
             compactHandler: @escaping @Sendable (UnsafeRawBufferPointer, StaticString?, RequestContext, inout JSONTextBuffer)
                -> CompactParamsCall) {
            self.name = name
            self.execution = execution
            self.handler = handler
            self.preparer = preparer
            self.compactHandler = compactHandler
        }

        /// The handler with its params read: it runs the method and appends the
        /// JSON text of its result, or returns the error.
        public typealias PreparedCall = @Sendable (RequestContext, inout JSONTextBuffer) -> RPCError?

        /// Decodes `params`, runs the handler and appends the JSON text of its
        /// result to `output`; on failure returns the error and leaves `output` as it was.
        public func invoke(_ params: RequestParams, _ context: RequestContext, appendingResultTo output: inout JSONTextBuffer) -> RPCError? {
            handler(params, context, &output)
        }

        /// `invoke` on the params' unparsed text, when the method reads it
        /// (`RPCMethod.readCompactParams`). With `independentOnly`, it runs
        /// only a request that may run beside the requests before it, and
        /// leaves any other unread: the reading itself finds the member that
        /// would make it run in order.
        func invoke(compactParams text: UnsafeRawBufferPointer, independentOnly: Bool, _ context: RequestContext,
                    appendingResultTo output: inout JSONTextBuffer) -> CompactParamsCall {
            guard independentOnly else { return compactHandler(text, nil, context, &output) }
            guard case .independent(let orderingMember) = execution else { return .unread }
            return compactHandler(text, orderingMember, context, &output)
        }

        /// Reads `params` now, while the line they are in is at hand, for a call
        /// that runs later on a worker thread.
        public func prepare(_ params: RequestParams) -> Swift.Result<PreparedCall, RPCError> {
            preparer(params)
        }

        /// Whether a request with `params` may run beside the requests before it.
        func runsIndependently(_ params: RequestParams) -> Bool {
            guard case .independent(let orderingMember) = execution else { return false }
            return orderingMember.map { !params.hasMember(named: $0) } ?? true
        }

        /// The same call with params and result as values, for tests and tools.
        public func invoke(_ params: JSONValue, _ context: RequestContext) -> Swift.Result<JSONValue, RPCError> {
            var text = JSONTextBuffer()
            let error: RPCError?
            do throws(JSONParseError) {
                error = try RequestParams.withValue(params) { invoke($0, context, appendingResultTo: &text) }
            } catch {
                return .failure(.internalError("params given as a value did not parse: \(error.message)"))
            }
            if let error { return .failure(error) }
            return Swift.Result { () throws(JSONParseError) -> JSONValue in try JSONParser.parse(text.written) }
                .mapError { .internalError("the result of \(name) is not valid JSON: \($0.message)") }
        }
    }

    public private(set) var entries: [String: Entry] = [:]
    /// The same entries by the bytes of their names, unretained: `entries`
    /// owns them, no entry is ever removed, and the two are kept together in
    /// this value, so an entry found here lives as long as the registry it
    /// was found in. A lookup then counts no reference, a count that the
    /// connection's two reading threads otherwise both took on the one entry of
    /// the method they serve.
    private var byNameBytes = MethodNameTable<Unmanaged<Entry>>()

    public init() {}

    /// The registered names, sorted.
    public var methodNames: [String] { entries.keys.sorted() }

    /// Adds `method`; registering a name twice is a programming error.
    public mutating func register<Method: RPCMethod>(
        _ method: Method.Type,
        handler: @escaping @Sendable (Method.Params, RequestContext) throws -> Method.Result
    ) {
        precondition(entries[Method.name] == nil, "\(Method.name) is registered twice")
        let entry = Entry(name: Method.name, execution: Method.execution, handler: { params, context, output in
            Method.invoke(handler, params: params, context: context, appendingResultTo: &output)
        }, preparer: { params in
            Method.prepare(handler, params: params)
        }, compactHandler: { text, declined, context, output in
            Method.invoke(handler, compactParams: text, declining: declined, context: context, appendingResultTo: &output)
        })
        entries[Method.name] = entry
        byNameBytes.insert(Unmanaged.passUnretained(entry), named: Method.name)
    }

    public subscript(name: String) -> Entry? { entries[name] }

    /// `body`'s answer for the method whose name is exactly `name`'s bytes;
    /// nil when there is none. The entry is lent, not retained.
    func withEntry<Answer>(namedBytes name: UnsafeRawBufferPointer, _ body: (Entry) -> Answer) -> Answer? {
        byNameBytes.value(named: name).map { $0._withUnsafeGuaranteedRef(body) }
    }

    /// The method named by the string at `index` of a request's tape.
    func entry(namedAt index: Int, in tape: JSONTape) -> Entry? {
        if tape[index].isEscaped { return entries[tape.string(at: index)] }
        return byNameBytes.value(named: tape.text(at: index))?.takeUnretainedValue()
    }
}
