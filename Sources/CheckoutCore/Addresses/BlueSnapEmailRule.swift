/// BlueSnap's e-mail rule (API.md section 6): the whole value matches
/// `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,64}`.
///
/// Stricter than the Online Payments `EmailAddressRule`: ASCII only, and the part
/// after the last dot is 2 to 64 letters. Read as a rule, which is what the pattern
/// amounts to (its last `\.` can only be the domain's last dot):
/// - exactly one `@`, with at least one of `A-Z a-z 0-9 . _ % + -` before it;
/// - after it only `A-Z a-z 0-9 . -`, with a last dot that is not the first
///   character, followed by 2 to 64 letters.
///
/// Matched byte by byte in one pass, without `Regex`.
enum BlueSnapEmailRule {
    static let topLevelLengths = 2...64

    static func accepts(_ value: String) -> Bool {
        let bytes = value.utf8
        guard let at = bytes.firstIndex(of: UInt8(ascii: "@")) else { return false }
        let local = bytes[..<at]
        let domain = bytes[bytes.index(after: at)...]
        guard !local.isEmpty, local.allSatisfy(isLocalByte), domain.allSatisfy(isDomainByte),
              let lastDot = domain.lastIndex(of: UInt8(ascii: ".")), lastDot != domain.startIndex else { return false }
        let topLevel = domain[domain.index(after: lastDot)...]
        return topLevelLengths.contains(topLevel.count) && topLevel.allSatisfy(isLetter)
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }

    private static func isDomainByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-")
    }

    private static func isLocalByte(_ byte: UInt8) -> Bool {
        isDomainByte(byte) || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "%") || byte == UInt8(ascii: "+")
    }
}
