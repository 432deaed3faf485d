/// Builds response objects, members in the order `jsonrpc`, `id`, `result`/`error`.
enum Response {
    static func result(id: JSONValue, _ result: JSONValue) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id, "result": result])
    }

    static func error(id: JSONValue, _ error: RPCError) -> JSONValue {
        .object(["jsonrpc": .string("2.0"), "id": id, "error": error.json])
    }

    static func line(_ response: JSONValue) -> [UInt8] {
        var bytes = JSONSerializer.bytes(of: response)
        bytes.append(0x0A)
        return bytes
    }
}
