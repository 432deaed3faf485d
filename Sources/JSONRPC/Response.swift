/// Writes response objects as JSON text, members in the order `jsonrpc`, `id`,
/// `result`/`error`. A response is kept as its text from the moment it is made.
enum Response {
    /// A result response: the opening, then whatever `writeResult` appends, then `}`.
    /// When `writeResult` fails its error is answered instead.
    static func result(id: JSONValue, _ writeResult: (inout [UInt8]) -> RPCError?) -> Swift.Result<[UInt8], RPCError> {
        var text: [UInt8] = []
        // Room for a typical result without going past the size the allocator
        // keeps per thread (1,032 bytes in glibc): a larger block takes a lock.
        text.reserveCapacity(512)
        text.append(contentsOf: #"{"jsonrpc":"2.0","id":"#.utf8)
        JSONSerializer.write(id, to: &text)
        text.append(contentsOf: #","result":"#.utf8)
        if let error = writeResult(&text) { return .failure(error) }
        text.append(UInt8(ascii: "}"))
        return .success(text)
    }

    static func result(id: JSONValue, _ result: JSONValue) -> [UInt8] {
        JSONSerializer.bytes(of: .object(["jsonrpc": .string("2.0"), "id": id, "result": result]))
    }

    static func error(id: JSONValue, _ error: RPCError) -> [UInt8] {
        JSONSerializer.bytes(of: .object(["jsonrpc": .string("2.0"), "id": id, "error": error.json]))
    }

    static func line(_ response: consuming [UInt8]) -> [UInt8] {
        var bytes = response
        bytes.append(0x0A)
        return bytes
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
