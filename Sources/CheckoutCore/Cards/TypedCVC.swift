/// A CVC as the customer typed it: whether it is ASCII digits only, and how
/// many, which is all the CVC rule reads. Reading one makes no `String`.
public struct TypedCVC: Sendable, Hashable {
    /// Nil when the text holds anything but ASCII digits.
    public let digitCount: Int?

    /// Reads the UTF-8 text of a CVC as typed.
    public init(typed text: UnsafeRawBufferPointer) {
        digitCount = CardDigits.areAllDigits(text) ? text.count : nil
    }

    public init(typed text: String) {
        var text = text
        self = text.withUTF8 { TypedCVC(typed: UnsafeRawBufferPointer($0)) }
    }
}

extension TypedCVC: Decodable {
    /// From a JSON string, any string: the rule judges what it holds.
    public init(from decoder: any Decoder) throws {
        self.init(typed: try decoder.singleValueContainer().decode(String.self))
    }
}
