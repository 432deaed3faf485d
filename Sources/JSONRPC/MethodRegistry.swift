/// The table of methods a connection serves, by wire name.
public struct MethodRegistry: Sendable {
    /// A method with its params decoding and result encoding erased.
    public struct Entry: Sendable {
        public let name: String
        fileprivate let preparer: @Sendable (JSONValue) -> Swift.Result<PreparedCall, RPCError>

        /// Reads `params` into a call that runs the method later; on failure the
        /// `-32602` error listing every problem.
        public func prepare(_ params: JSONValue) -> Swift.Result<PreparedCall, RPCError> {
            preparer(params)
        }

        /// Reads `params` and runs the method at once, its result read back as a
        /// `JSONValue`: for tests and tools.
        public func invoke(_ params: JSONValue, _ context: RequestContext) -> Swift.Result<JSONValue, RPCError> {
            prepare(params).flatMap { $0.run(context) }.flatMap { text in
                do {
                    return .success(try text.withUnsafeBytes { raw in try JSONParser.parse(raw) })
                } catch {
                    return .failure(.internalError("\(name) wrote a result that is not JSON: \(error)"))
                }
            }
        }
    }

    public private(set) var entries: [String: Entry] = [:]

    public init() {}

    /// The registered names, sorted.
    public var methodNames: [String] { entries.keys.sorted() }

    /// Adds `method`; registering a name twice is a programming error.
    /// `placing` may move a request that touches state to a worker (or back):
    /// a service whose state is in a database it waits on chooses so here.
    public mutating func register<Method: RPCMethod>(
        _ method: Method.Type,
        placing: @escaping @Sendable (StateAccess) -> Placement? = { _ in nil },
        handler: @escaping @Sendable (Method.Params, RequestContext) throws -> Method.Result
    ) {
        precondition(entries[Method.name] == nil, "\(Method.name) is registered twice")
        let check = ParamsCheck.of(Method.Params.self)
        entries[Method.name] = Entry(name: Method.name) { params in
            let decoded: Method.Params
            do throws(ParamsError) {
                decoded = try ParamsDecoder.read(Method.Params.self, from: params, checking: check)
            } catch {
                return .failure(.invalidParams(error.problems))
            }
            let access = Method.access(for: decoded)
            let placement = access == .none ? Method.placement : placing(access) ?? Method.placement
            return .success(PreparedCall(access: access, placement: placement) { context in
                Self.run(Method.self, handler, decoded, context)
            })
        }
    }

    public subscript(name: String) -> Entry? { entries[name] }

    private static func run<Method: RPCMethod>(
        _ method: Method.Type, _ handler: (Method.Params, RequestContext) throws -> Method.Result,
        _ params: Method.Params, _ context: RequestContext
    ) -> Swift.Result<[UInt8], RPCError> {
        do {
            return .success(try JSONTextEncoder.encode(try handler(params, context)))
        } catch let error as any RPCErrorConvertible {
            return .failure(error.rpcError)
        } catch let error as ParamsError {
            return .failure(.invalidParams(error.problems))
        } catch {
            return .failure(.internalError("\(Method.name) failed: \(type(of: error))"))
        }
    }
}

/// A request's method with its params read: what it does to shared state,
/// where it runs, and the call that runs it, which answers its result's JSON text.
public struct PreparedCall: Sendable {
    public let access: StateAccess
    public let placement: Placement
    public let run: @Sendable (RequestContext) -> Swift.Result<[UInt8], RPCError>
}
