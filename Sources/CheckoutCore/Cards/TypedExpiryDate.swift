/// An expiry date as the customer typed it: its length and its first bytes, as
/// many as the longest form (`MM/YYYY`) and one more, which is all the expiry
/// rule reads; a longer text is judged by its length alone.
public struct TypedExpiryDate: Sendable, Hashable {
    /// One byte more than the longest form.
    static let storedByteLimit = 8

    /// The length of the text typed, in UTF-8 bytes.
    public let byteCount: Int
    private let stored: [UInt8]

    /// Reads the UTF-8 text of an expiry date as typed.
    public init(typed text: some Collection<UInt8>) {
        byteCount = text.count
        stored = Array(text.prefix(Self.storedByteLimit))
    }

    public init(typed text: String) {
        self.init(typed: text.utf8)
    }

    /// Calls `body` with the text typed, or with nil when it is longer than any form.
    func withCharacters<Result>(_ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        guard byteCount <= Self.storedByteLimit else { return body(nil) }
        return stored.withUnsafeBufferPointer(body)
    }
}

extension TypedExpiryDate: Decodable {
    /// From a JSON string, any string: the rule judges what it holds.
    public init(from decoder: any Decoder) throws {
        self.init(typed: try decoder.singleValueContainer().decode(String.self))
    }
}
