import CheckoutCore
import JSONRPC

/// Params values with a rule of their own, checked while decoding so that one
/// `-32602` lists every problem of a request.
extension Mask: DecodingStandIn {
    public static var decodingStandIn: Mask { try! Mask("{{*}}") }
}

/// A caret position in a text: zero or more Unicode scalars from its start.
struct CaretPosition: Decodable, Sendable, DecodingStandIn {
    let offset: Int

    static let decodingStandIn = CaretPosition(offset: 0)

    private init(offset: Int) {
        self.offset = offset
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        offset = try container.decode(Int.self)
        guard offset >= 0 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be 0 or more")
        }
    }

    /// Requires the caret to lie within `text`, the member at `textPath`.
    func require(within text: String, at path: String, textPath: String, _ checks: inout ParamChecks) {
        let length = text.unicodeScalars.count
        checks.require(offset <= length, at: path, reading: [textPath],
                       "must not be past the end of \(textPath.dropFirst()) (\(length) characters)")
    }
}
