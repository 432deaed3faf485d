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
