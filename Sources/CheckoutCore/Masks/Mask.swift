/// A field mask in the Online Payments mask language, e.g. `{{9999}} {{9999}} {{9999}} {{9999}} {{999}}`.
///
/// Inside `{{ }}` each character is a placeholder: `9` a digit, `a` a lower-case
/// letter, `A` an upper-case letter, `*` any character. Everything outside the
/// braces is a literal that formatting inserts. Characters are Unicode scalars,
/// and cursors count Unicode scalars.
public struct Mask: Sendable, Hashable {
    /// The mask as written.
    public let text: String
    /// The mask as a flat sequence: formatting emits at most one character per element.
    let elements: [MaskElement]

    /// The literal characters that only separate groups (spaces, `/`, `-`): every
    /// literal that is not a letter or a digit. Worked out once, when the mask is made.
    public let separators: Set<Unicode.Scalar>
    /// `separators` as bytes, when they are all ASCII (as in every catalog mask),
    /// so that removing them is a pass over the UTF-8 bytes.
    private let asciiSeparators: ASCIIByteSet?

    /// Parses `text`; a single `{` or `}` outside braces is a literal.
    public init(_ text: String) throws(MaskSyntaxError) {
        self.init(text: text, elements: try MaskParser.elements(of: text))
    }

    /// How many characters of input the mask can hold.
    public var capacity: Int {
        elements.count(where: \.isPlaceholder)
    }

    /// The same mask with every placeholder widened to `*`, so a masked value such
    /// as `411111XXXXXX1111` can be laid out by a mask made for digits.
    public var relaxed: Mask {
        Mask(text: MaskParser.text(of: elements.map(\.relaxed)), elements: elements.map(\.relaxed))
    }

    private init(text: String, elements: [MaskElement]) {
        self.text = text
        self.elements = elements
        var separators = Set<Unicode.Scalar>()
        for case .literal(let scalar) in elements where !scalar.properties.isAlphabetic && !("0"..."9").contains(scalar) {
            separators.insert(scalar)
        }
        self.separators = separators
        self.asciiSeparators = ASCIIByteSet(separators)
    }

    /// `value` without the characters of `separators`, wherever they are.
    public func removingSeparators(from value: String) -> String {
        guard !separators.isEmpty else { return value }
        if let asciiSeparators, let removed = value.utf8.withContiguousStorageIfAvailable({ bytes -> String? in
            guard bytes.contains(where: asciiSeparators.contains) else { return nil }
            // Every byte of a multi-byte UTF-8 sequence is 0x80 or more, so dropping ASCII bytes keeps the text valid.
            return String(unsafeUninitializedCapacity: bytes.count) { kept in
                var count = 0
                for byte in bytes where !asciiSeparators.contains(byte) {
                    kept[count] = byte
                    count += 1
                }
                return count
            }
        }) {
            return removed ?? value
        }
        guard value.unicodeScalars.contains(where: separators.contains) else { return value }
        var kept = String.UnicodeScalarView()
        for scalar in value.unicodeScalars where !separators.contains(scalar) { kept.append(scalar) }
        return String(kept)
    }
}

/// A set of ASCII bytes as a 128-bit map.
private struct ASCIIByteSet: Sendable, Hashable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    /// Nil unless every scalar is ASCII.
    init?(_ scalars: Set<Unicode.Scalar>) {
        for scalar in scalars {
            guard scalar.isASCII else { return nil }
            let value = scalar.value
            if value < 64 { low |= 1 << value } else { high |= 1 << (value - 64) }
        }
    }

    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << byte) != 0 : byte < 128 && high & (1 << (byte - 64)) != 0
    }
}

/// A value formatted by a mask, with the caret position that follows the characters it was next to.
public struct MaskedValue: Sendable, Hashable, Codable {
    public var value: String
    public var cursor: Int

    public init(value: String, cursor: Int) {
        self.value = value
        self.cursor = cursor
    }
}

/// Why a mask text cannot be used.
public struct MaskSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Problem: Sendable, Hashable {
        case unknownPlaceholder(Character)
        case unclosedGroup
        case unopenedGroup
        case nestedGroup
        case emptyGroup
    }

    public let problem: Problem
    /// The Unicode-scalar offset in the mask text where the problem starts.
    public let offset: Int

    public init(problem: Problem, offset: Int) {
        self.problem = problem
        self.offset = offset
    }

    public var description: String {
        switch problem {
        case .unknownPlaceholder(let character):
            return "'\(character)' at offset \(offset) is not a placeholder (use 9, a, A or *)"
        case .unclosedGroup:
            return "the '{{' at offset \(offset) is never closed with '}}'"
        case .unopenedGroup:
            return "the '}}' at offset \(offset) closes no '{{'"
        case .nestedGroup:
            return "'{{' at offset \(offset) opens a group inside a group"
        case .emptyGroup:
            return "the group at offset \(offset) has no placeholders"
        }
    }
}
