/// BlueSnap's rule for the customer's name (API.md section 6): a first and a last
/// name, except for a name written in Chinese, Japanese or Korean script, which
/// may be a single word; and never a name holding a card number (API.md 9.9),
/// which a customer typed into the wrong field.
enum NameRule {
    /// True when the (trimmed, non-empty) name holds no card number, and contains a
    /// whitespace character, so that there is text on both sides of it, or every one
    /// of its Unicode scalars lies in a Han, Hiragana, Katakana or Hangul block
    /// (`王小明`, `やまだ`, `ヤマダ`, `김민준`).
    static func accepts(_ trimmedName: Substring) -> Bool {
        guard !EmbeddedCardNumber.isPresent(in: String(trimmedName)) else { return false }
        let scalars = trimmedName.unicodeScalars
        if scalars.contains(where: \.properties.isWhitespace) { return true }
        return !scalars.isEmpty && scalars.allSatisfy(isCJK)
    }

    /// Whether the scalar lies in one of the Unicode blocks of the CJK scripts.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        cjkBlocks.contains { $0.contains(scalar.value) }
    }

    /// The Unicode blocks of Han, Hiragana, Katakana and Hangul (Unicode 15.1),
    /// most used first.
    static let cjkBlocks: [ClosedRange<UInt32>] = [
        0x4E00...0x9FFF,    // CJK Unified Ideographs
        0xAC00...0xD7AF,    // Hangul Syllables
        0x3040...0x309F,    // Hiragana
        0x30A0...0x30FF,    // Katakana (with the middle dot and the prolonged sound mark)
        0x3400...0x4DBF,    // CJK Unified Ideographs Extension A
        0xF900...0xFAFF,    // CJK Compatibility Ideographs
        0x3005...0x3007,    // 々 〆 〇: the ideographic iteration and number marks
        0x2E80...0x2EFF,    // CJK Radicals Supplement
        0x2F00...0x2FDF,    // Kangxi Radicals
        0x31F0...0x31FF,    // Katakana Phonetic Extensions
        0xFF66...0xFF9F,    // Halfwidth Katakana
        0x1100...0x11FF,    // Hangul Jamo
        0x3130...0x318F,    // Hangul Compatibility Jamo
        0xA960...0xA97F,    // Hangul Jamo Extended-A
        0xD7B0...0xD7FF,    // Hangul Jamo Extended-B
        0xFFA0...0xFFDC,    // Halfwidth Hangul
        0x1B000...0x1B16F,  // Kana Supplement, Kana Extended-A and -B, Small Kana Extension
        0x20000...0x2A6DF,  // CJK Unified Ideographs Extension B
        0x2A700...0x2EBEF,  // CJK Unified Ideographs Extensions C to F and I
        0x2F800...0x2FA1F,  // CJK Compatibility Ideographs Supplement
        0x30000...0x323AF,  // CJK Unified Ideographs Extensions G and H
    ]
}
