/// One position of a mask: a literal the formatter writes, or a placeholder input fills.
enum MaskElement: Sendable, Hashable {
    case literal(Unicode.Scalar)
    case placeholder(MaskPlaceholder)

    var isPlaceholder: Bool {
        if case .placeholder = self { return true }
        return false
    }

    var relaxed: MaskElement {
        isPlaceholder ? .placeholder(.any) : self
    }
}

/// The character classes a placeholder accepts.
enum MaskPlaceholder: Unicode.Scalar, Sendable, Hashable {
    case digit = "9"
    case lowercaseLetter = "a"
    case uppercaseLetter = "A"
    case any = "*"

    func accepts(_ scalar: Unicode.Scalar) -> Bool {
        switch self {
        case .digit: return ("0"..."9").contains(scalar)
        case .lowercaseLetter: return ("a"..."z").contains(scalar)
        case .uppercaseLetter: return ("A"..."Z").contains(scalar)
        case .any: return true
        }
    }
}
