/// Writes response objects as JSON text, members in the order `jsonrpc`, `id`,
/// `result`/`error`. A response is kept as its text from the moment it is made.
enum Response {
    /// Appends a result response to `output`: the opening, then whatever
    /// `writeResult` appends, then `}`. When `writeResult` fails, `output` is
    /// put back as it was and the error is returned for the caller to answer.
    static func appendResult(
        id: JSONValue, to output: inout JSONTextBuffer, _ writeResult: (inout JSONTextBuffer) -> RPCError?
    ) -> RPCError? {
        appendResult(to: &output, writingOpening: { output in
            output.appendText(opening)
            JSONSerializer.write(id, to: &output)
            output.appendText(resultKey)
        }, writeResult)
    }

    /// `appendResult(id:to:_:)` for an id given as its JSON text.
    static func appendResult(
        idText: UnsafeRawBufferPointer, to output: inout JSONTextBuffer, _ writeResult: (inout JSONTextBuffer) -> RPCError?
    ) -> RPCError? {
        appendResult(to: &output, writingOpening: { output in
            output.appendText(opening)
            output.appendBytes(idText)
            output.appendText(resultKey)
        }, writeResult)
    }

    private static let opening: StaticString = #"{"jsonrpc":"2.0","id":"#
    private static let resultKey: StaticString = #","result":"#

    @inline(__always)
    private static func appendResult(
        to output: inout JSONTextBuffer, writingOpening writeOpening: (inout JSONTextBuffer) -> Void,
        _ writeResult: (inout JSONTextBuffer) -> RPCError?
    ) -> RPCError? {
        let start = output.count
        writeOpening(&output)
        if let error = writeResult(&output) {
            output.removeBytes(from: start)
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
