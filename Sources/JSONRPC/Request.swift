/// A request or notification that passed the envelope checks, read from its
/// line's tape.
struct Request: Sendable {
    /// Nil for a notification, which is never answered.
    let id: JSONValue?
    /// Where the method's name is in the tape: a string, not decoded until something needs it as text.
    let methodIndex: Int
    /// Where the params object is in the tape; nil when there is none, which reads as `{}`.
    let paramsIndex: Int?

    private enum Member { case jsonrpc, id, method, params }
    private static let memberNames: [String] = ["jsonrpc", "id", "method", "params"]

    /// Checks the JSON-RPC 2.0 envelope of the object at `index`. An invalid one
    /// is answered with its id when that id is itself well-formed, else with `null`.
    static func read(_ tape: JSONTape, at index: Int) throws(InvalidRequest) -> Request {
        guard tape[index].kind == .object else {
            throw InvalidRequest(id: .null, error: .invalidRequest([
                ParamProblem(path: "", message: "a request must be an object, not \(tape.typeName(at: index))"),
            ]))
        }
        // The value of each member (the last, if repeated), found without decoding a key.
        var jsonrpc: Int?, id: Int?, method: Int?, params: Int?
        var isIrregular = false
        var key = index + 1
        for _ in 0..<tape[index].count {
            let value = key + 1
            switch member(named: key, in: tape) {
            case .jsonrpc?: isIrregular = isIrregular || jsonrpc != nil; jsonrpc = value
            case .id?: isIrregular = isIrregular || id != nil; id = value
            case .method?: isIrregular = isIrregular || method != nil; method = value
            case .params?: isIrregular = isIrregular || params != nil; params = value
            case nil: isIrregular = true
            }
            key = tape.after(value)
        }
        var problems = isIrregular ? memberProblems(tape, index) : []
        if !(jsonrpc.map { tape[$0].kind == .string && tape.string(at: $0, equals: "2.0") } ?? false) {
            problems.append(ParamProblem(path: "/jsonrpc", message: "must be the string \"2.0\""))
        }
        var isWellFormedID = false
        if let id {
            switch tape[id].kind {
            case .string, .number: isWellFormedID = true
            case .null: break
            default:
                problems.append(ParamProblem(path: "/id", message: "must be a string, a number or null, not \(tape.typeName(at: id))"))
            }
        }
        let idValue = id.map { tape.value(at: $0) }
        let methodName = method.flatMap { tape[$0].kind == .string ? $0 : nil }
        if methodName == nil {
            problems.append(ParamProblem(path: "/method", message: "must be a string naming the method"))
        }
        if let params {
            switch tape[params].kind {
            case .object: break
            case .array:
                if problems.isEmpty {
                    throw InvalidRequest(id: idValue ?? .null, error: .invalidParams(path: "",
                        "params must be an object: checkoutd takes parameters by name"), isNotification: id == nil)
                }
            default:
                problems.append(ParamProblem(path: "/params", message: "must be an object, not \(tape.typeName(at: params))"))
            }
        }
        guard problems.isEmpty, let methodName else {
            throw InvalidRequest(id: isWellFormedID ? idValue! : .null, error: .invalidRequest(problems))
        }
        return Request(id: idValue, methodIndex: methodName, paramsIndex: params)
    }

    private static func member(named key: Int, in tape: JSONTape) -> Member? {
        if tape.string(at: key, equals: "jsonrpc") { return .jsonrpc }
        if tape.string(at: key, equals: "id") { return .id }
        if tape.string(at: key, equals: "method") { return .method }
        if tape.string(at: key, equals: "params") { return .params }
        return nil
    }

    /// Repeated members, then members JSON-RPC does not have, in the order they appear.
    private static func memberProblems(_ tape: JSONTape, _ index: Int) -> [ParamProblem] {
        guard case .object(let object) = tape.value(at: index) else { return [] }
        var problems: [ParamProblem] = []
        for repeated in object.repeatedKeyIndices {
            problems.append(ParamProblem(path: JSONPointer.string([object.members[repeated].key]), message: "appears more than once"))
        }
        for member in object.members where !Self.memberNames.contains(member.key) {
            problems.append(ParamProblem(path: JSONPointer.string([member.key]), message: "is not a member of a JSON-RPC 2.0 request"))
        }
        return problems
    }
}

/// An entry that cannot be dispatched, and the error that answers it.
struct InvalidRequest: Error {
    let id: JSONValue
    let error: RPCError
    /// A well-formed notification whose params are unusable is still never answered.
    var isNotification = false
}
