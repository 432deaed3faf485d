/// Writes response objects as JSON text, members in the order `jsonrpc`, `id`,
/// `result`/`error`. A response is kept as its text from the moment it is made.
enum Response {
    /// Appends a result response to `output`: the opening, then whatever
    /// `writeResult` appends, then `}`. When `writeResult` fails, `output` is
    /// put back as it was and the error is returned for the caller to answer.
    static func appendResult(id: JSONValue, to output: inout [UInt8], _ writeResult: (inout [UInt8]) -> RPCError?) -> RPCError? {
        appendResult(to: &output, writingID: { JSONSerializer.write(id, to: &$0) }, writeResult)
    }

    /// `appendResult(id:to:_:)` for an id given as its JSON text.
    static func appendResult(idText: UnsafeRawBufferPointer, to output: inout [UInt8], _ writeResult: (inout [UInt8]) -> RPCError?) -> RPCError? {
        appendResult(to: &output, writingID: { $0.append(contentsOf: idText) }, writeResult)
    }

    @inline(__always)
    private static func appendResult(
        to output: inout [UInt8], writingID writeID: (inout [UInt8]) -> Void, _ writeResult: (inout [UInt8]) -> RPCError?
    ) -> RPCError? {
        let start = output.count
        if start == 0 {
            // A new buffer gets room for a typical result without going past the
            // size the allocator keeps per thread (1,032 bytes in glibc): a larger
            // block takes a lock. (A buffer with responses in it grows as arrays do.)
            output.reserveCapacity(512)
        }
        (#"{"jsonrpc":"2.0","id":"# as StaticString).withUTF8Buffer { output.append(contentsOf: $0) }
        writeID(&output)
        (#","result":"# as StaticString).withUTF8Buffer { output.append(contentsOf: $0) }
        if let error = writeResult(&output) {
            output.removeSubrange(start...)
            return error
        }
        output.append(UInt8(ascii: "}"))
        return nil
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
