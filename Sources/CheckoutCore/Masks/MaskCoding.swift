/// A mask travels as its text; decoding parses it, so a malformed mask is
/// rejected where it is read, with the reason and offset. A mask without
/// `{{ }}` is all literals, as the seed formatter treats it.
extension Mask: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try Mask(text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "is not a valid mask: \(error)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }
}
