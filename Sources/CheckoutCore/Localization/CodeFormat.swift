/// The shapes of codes on the wire (API.md section 2): country, currency and locale.
public enum CodeFormat {
    /// ISO 3166-1 alpha-2 as written on the wire: two upper-case letters.
    public static func isCountryCode(_ text: String) -> Bool {
        isUpperCaseLetters(text, count: 2)
    }

    /// ISO 4217 alphabetic: three upper-case letters.
    public static func isCurrencyCode(_ text: String) -> Bool {
        isUpperCaseLetters(text, count: 3)
    }

    /// `language_REGION`: two lower-case letters, `_`, two upper-case letters.
    public static func isLocale(_ text: String) -> Bool {
        let parts = text.split(separator: "_", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].utf8.count == 2 && parts[0].utf8.allSatisfy { (0x61...0x7A).contains($0) }
            && isUpperCaseLetters(parts[1], count: 2)
    }

    private static func isUpperCaseLetters(_ text: some StringProtocol, count: Int) -> Bool {
        text.utf8.count == count && text.utf8.allSatisfy { (0x41...0x5A).contains($0) }
    }
}
