/// Writes response objects as JSON text, members in the order `jsonrpc`, `id`,
/// `result`/`error`. A response is kept as its text from the moment it is made.
enum Response {
    /// Appends a result response to `output`: the opening, then whatever
    /// `writeResult` appends, then `}`. When `writeResult` fails, `output` is
    /// put back as it was and the error is returned for the caller to answer.
    static func appendResult(id: JSONValue, to output: inout [UInt8], _ writeResult: (inout [UInt8]) -> RPCError?) -> RPCError? {
        appendResult(to: &output, writingOpening: { output in
            opening.withUTF8Buffer { output.append(contentsOf: $0) }
            JSONSerializer.write(id, to: &output)
            resultKey.withUTF8Buffer { output.append(contentsOf: $0) }
        }, writeResult)
    }

    /// `appendResult(id:to:_:)` for an id given as its JSON text. The opening
    /// is put together on the stack and appended at once: each append to an
    /// array checks its uniqueness and capacity again.
    static func appendResult(idText: UnsafeRawBufferPointer, to output: inout [UInt8], _ writeResult: (inout [UInt8]) -> RPCError?) -> RPCError? {
        appendResult(to: &output, writingOpening: { output in
            let openingCount = opening.utf8CodeUnitCount
            let total = openingCount + idText.count + resultKey.utf8CodeUnitCount
            withUnsafeTemporaryAllocation(byteCount: total, alignment: 1) { scratch in
                let start = scratch.baseAddress!
                start.copyMemory(from: opening.utf8Start, byteCount: openingCount)
                if let id = idText.baseAddress { (start + openingCount).copyMemory(from: id, byteCount: idText.count) }
                (start + openingCount + idText.count).copyMemory(from: resultKey.utf8Start, byteCount: resultKey.utf8CodeUnitCount)
                output.append(contentsOf: UnsafeRawBufferPointer(scratch))
            }
        }, writeResult)
    }

    private static let opening: StaticString = #"{"jsonrpc":"2.0","id":"#
    private static let resultKey: StaticString = #","result":"#

    @inline(__always)
    private static func appendResult(
        to output: inout [UInt8], writingOpening writeOpening: (inout [UInt8]) -> Void, _ writeResult: (inout [UInt8]) -> RPCError?
    ) -> RPCError? {
        let start = output.count
        if start == 0 {
            // A new buffer gets room for a typical result without going past the
            // size the allocator keeps per thread (1,032 bytes in glibc): a larger
            // block takes a lock. (A buffer with responses in it grows as arrays do.)
            output.reserveCapacity(512)
        }
        writeOpening(&output)
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
