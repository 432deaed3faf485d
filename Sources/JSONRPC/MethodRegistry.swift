/// The table of methods a connection serves, by wire name.
public struct MethodRegistry: Sendable {
    /// A method with its params decoding and result encoding erased.
    public struct Entry: Sendable {
        public let name: String
        public let execution: Execution
        let handler: @Sendable (JSONValue, RequestContext) -> Swift.Result<JSONValue, RPCError>

        /// Decodes `params`, runs the handler and encodes its result or error.
        public func invoke(_ params: JSONValue, _ context: RequestContext) -> Swift.Result<JSONValue, RPCError> {
            handler(params, context)
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
        entries[Method.name] = Entry(name: Method.name, execution: Method.execution) { params, context in
            let decoded: Method.Params
            switch ParamsDecoder.decode(Method.Params.self, from: params) {
            case .success(let value): decoded = value
            case .failure(let error): return .failure(.invalidParams(error.problems))
            }
            do {
                return .success(try JSONValueEncoder.encode(try handler(decoded, context)))
            } catch let error as any RPCErrorConvertible {
                return .failure(error.rpcError)
            } catch let error as ParamsError {
                return .failure(.invalidParams(error.problems))
            } catch {
                return .failure(.internalError("\(Method.name) failed: \(type(of: error))"))
            }
        }
    }

    public subscript(name: String) -> Entry? { entries[name] }
}
