/// Writes response objects as JSON text, members in the order `jsonrpc`, `id`,
/// `result`/`error`.
enum Response {
    /// The response to `id` whose result is the JSON text `result`.
    static func result(id: JSONValue, text result: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(result.count + 40)
        bytes.append(contentsOf: #"{"jsonrpc":"2.0","id":"#.utf8)
        JSONSerializer.write(id, to: &bytes)
        bytes.append(contentsOf: #","result":"#.utf8)
        bytes.append(contentsOf: result)
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }

    static func result(id: JSONValue, _ result: JSONValue) -> [UInt8] {
        JSONSerializer.bytes(of: .object(["jsonrpc": .string("2.0"), "id": id, "result": result]))
    }

    static func error(id: JSONValue, _ error: RPCError) -> [UInt8] {
        JSONSerializer.bytes(of: .object(["jsonrpc": .string("2.0"), "id": id, "error": error.json]))
    }

    static func line(_ response: [UInt8]) -> [UInt8] {
        response + [0x0A]
    }

    /// One line holding a batch's responses as an array.
    static func batchLine(_ responses: [[UInt8]]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, response) in responses.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: response)
        }
        bytes.append(contentsOf: "]\n".utf8)
        return bytes
    }
}
