/// A JSON-RPC error object. Every error this engine produces carries
/// `data.reason`, a stable upper-case name clients can switch on.
public struct RPCError: Error, Sendable, Hashable {
    public var code: Int
    public var message: String
    public var data: JSONObject

    public init(code: Int, message: String, reason: String, details: JSONObject = JSONObject()) {
        self.code = code
        self.message = message
        self.data = JSONObject([JSONObject.Member(key: "reason", value: .string(reason))] + details.members)
    }

    public var reason: String { data["reason"]?.stringValue ?? "" }

    public var json: JSONValue {
        .object([
            "code": .number(String(code)),
            "message": .string(message),
            "data": .object(data),
        ])
    }
}

extension RPCError {
    public static func parseError(_ error: JSONParseError) -> RPCError {
        RPCError(code: -32700, message: "Parse error", reason: "PARSE_ERROR",
                 details: ["offset": .number(String(error.offset)), "detail": .string(error.message)])
    }

    public static func invalidUTF8(offset: Int) -> RPCError {
        RPCError(code: -32700, message: "Parse error", reason: "INVALID_UTF8",
                 details: ["offset": .number(String(offset)), "detail": .string("the line is not valid UTF-8")])
    }

    public static func invalidRequest(_ problems: [ParamProblem]) -> RPCError {
        RPCError(code: -32600, message: "Invalid Request", reason: "INVALID_REQUEST",
                 details: ["errors": problemList(problems)])
    }

    public static func emptyBatch() -> RPCError {
        invalidRequest([ParamProblem(path: "", message: "a batch must hold at least one request")])
    }

    public static func lineTooLong(limit: Int) -> RPCError {
        RPCError(code: -32600, message: "Invalid Request", reason: "LINE_TOO_LONG",
                 details: ["maxLineBytes": .number(String(limit)),
                           "detail": .string("the line is longer than \(limit) bytes and was discarded")])
    }

    public static func batchTooLarge(entries: Int, limit: Int) -> RPCError {
        RPCError(code: -32600, message: "Invalid Request", reason: "BATCH_TOO_LARGE",
                 details: ["entries": .number(String(entries)), "maxBatchEntries": .number(String(limit)),
                           "detail": .string("a batch may hold at most \(limit) entries")])
    }

    public static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: -32601, message: "Method not found", reason: "METHOD_NOT_FOUND",
                 details: ["method": .string(method)])
    }

    public static func invalidParams(_ problems: [ParamProblem]) -> RPCError {
        RPCError(code: -32602, message: "Invalid params", reason: "INVALID_PARAMS",
                 details: ["errors": problemList(problems)])
    }

    public static func invalidParams(path: String, _ message: String) -> RPCError {
        invalidParams([ParamProblem(path: path, message: message)])
    }

    public static func internalError(_ detail: String) -> RPCError {
        RPCError(code: -32603, message: "Internal error", reason: "INTERNAL_ERROR",
                 details: ["detail": .string(detail)])
    }

    public static func requestCancelled() -> RPCError {
        RPCError(code: -32800, message: "Request cancelled", reason: "REQUEST_CANCELLED")
    }

    private static func problemList(_ problems: [ParamProblem]) -> JSONValue {
        .array(problems.map { .object(["path": .string($0.path), "message": .string($0.message)]) })
    }
}

/// Errors a handler throws that know their JSON-RPC form (domain errors do this).
public protocol RPCErrorConvertible: Error {
    var rpcError: RPCError { get }
}

extension RPCError: RPCErrorConvertible {
    public var rpcError: RPCError { self }
}
