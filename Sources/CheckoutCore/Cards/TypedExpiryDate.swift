/// An expiry date as the customer typed it, held inline: its length and its
/// first bytes, as many as the longest form (`MM/YYYY`) and one more, which is
/// all the expiry rule reads; a longer text is judged by its length alone.
/// Reading one makes no `String`.
public struct TypedExpiryDate: Sendable, Hashable {
    /// One byte more than the longest form.
    static let storedByteLimit = 8

    /// The length of the text typed, in UTF-8 bytes.
    public let byteCount: Int
    private let stored: UInt64

    /// Reads the UTF-8 text of an expiry date as typed.
    public init(typed text: UnsafeRawBufferPointer) {
        byteCount = text.count
        var stored: UInt64 = 0
        if let source = text.baseAddress {
            withUnsafeMutableBytes(of: &stored) {
                $0.baseAddress!.copyMemory(from: source, byteCount: min(text.count, Self.storedByteLimit))
            }
        }
        self.stored = stored
    }

    public init(typed text: String) {
        var text = text
        self = text.withUTF8 { TypedExpiryDate(typed: UnsafeRawBufferPointer($0)) }
    }

    /// Calls `body` with the text typed, or with nil when it is longer than any form.
    func withCharacters<Result>(_ body: (UnsafeBufferPointer<UInt8>?) -> Result) -> Result {
        guard byteCount <= Self.storedByteLimit else { return body(nil) }
        return withUnsafeBytes(of: stored) { body(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[..<byteCount])) }
    }
}

extension TypedExpiryDate: Decodable {
    /// From a JSON string, any string: the rule judges what it holds.
    public init(from decoder: any Decoder) throws {
        self.init(typed: try decoder.singleValueContainer().decode(String.self))
    }
}
