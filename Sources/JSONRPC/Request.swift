/// A request or notification that passed the envelope checks.
struct Request: Sendable {
    /// Nil for a notification, which is never answered.
    let id: JSONValue?
    let method: String
    let params: JSONValue

    private static let memberNames: [String] = ["jsonrpc", "id", "method", "params"]

    /// Checks one JSON-RPC 2.0 envelope. An invalid one is answered with its id
    /// when that id is itself well-formed, else with `null`.
    static func parse(_ value: JSONValue) -> Swift.Result<Request, InvalidRequest> {
        guard case .object(let object) = value else {
            return .failure(InvalidRequest(id: .null, error: .invalidRequest([
                ParamProblem(path: "", message: "a request must be an object, not \(value.typeName)"),
            ])))
        }
        var problems: [ParamProblem] = []
        for index in object.repeatedKeyIndices {
            problems.append(ParamProblem(path: JSONPointer.string([object.members[index].key]), message: "appears more than once"))
        }
        for member in object.members where !Self.memberNames.contains(member.key) {
            problems.append(ParamProblem(path: JSONPointer.string([member.key]), message: "is not a member of a JSON-RPC 2.0 request"))
        }
        if object["jsonrpc"] != .string("2.0") {
            problems.append(ParamProblem(path: "/jsonrpc", message: "must be the string \"2.0\""))
        }
        let id = object["id"]
        switch id {
        case nil, .null?, .string?, .number?: break
        case let other?:
            problems.append(ParamProblem(path: "/id", message: "must be a string, a number or null, not \(other.typeName)"))
        }
        let method = object["method"]?.stringValue
        if method == nil {
            problems.append(ParamProblem(path: "/method", message: "must be a string naming the method"))
        }
        let params = object["params"] ?? .object(JSONObject())
        switch params {
        case .object: break
        case .array:
            if problems.isEmpty {
                return .failure(InvalidRequest(id: id ?? .null, error: .invalidParams(path: "",
                    "params must be an object: checkoutd takes parameters by name"), isNotification: id == nil))
            }
        default:
            problems.append(ParamProblem(path: "/params", message: "must be an object, not \(params.typeName)"))
        }
        guard problems.isEmpty, let method else {
            let answerID: JSONValue
            switch id {
            case .string?, .number?: answerID = id!
            default: answerID = .null
            }
            return .failure(InvalidRequest(id: answerID, error: .invalidRequest(problems)))
        }
        return .success(Request(id: id, method: method, params: params))
    }
}

/// An entry that cannot be dispatched, and the error that answers it.
struct InvalidRequest: Error {
    let id: JSONValue
    let error: RPCError
    /// A well-formed notification whose params are unusable is still never answered.
    var isNotification = false
}
