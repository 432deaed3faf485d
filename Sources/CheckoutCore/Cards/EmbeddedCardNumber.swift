/// A card number inside a text that is not a card number field: an identifier, a
/// name, a member name, an error message or a log line (API.md 9.9).
///
/// A card number here is a Luhn-valid run of 12–19 ASCII digits, leading zeros
/// aside, written plain (`4111111111111111`) or in groups joined by single spaces,
/// hyphens or underscores (`4111 1111 1111 1111`, `4111-1111-1111-1111`). Digit groups that
/// touch others this way form one run; any contiguous part of a run made of
/// whole groups counts (`4111 1111 1111 1111 123`, a number with its CVC, holds
/// one), a part of a group does not (a plain run of 20 digits holds none).
/// Anything else ends a run: a letter, a slash, two separators in a row.
///
/// Masking keeps the first 6 and last 4 digits of each card number and writes
/// `X` for the others, separators left in place: `411111XXXXXX1111`,
/// `4111 11XX XXXX 1111`. Free text has no IIN table at hand, so the shown
/// prefix is always 6 digits, the least any BIN shows.
public struct EmbeddedCardNumber: Sendable, Hashable {
    /// Where the card number lies in the text's UTF-8 bytes, from its first digit (not a
    /// leading zero) to its last.
    public let utf8Range: Range<Int>
    /// How many digits it has (12–19), leading zeros aside.
    public let digitCount: Int

    /// The shortest and the longest card numbers (ISO/IEC 7812-1).
    public static let digitCounts = 12...19
    /// Digits shown at each end of a masked card number.
    static let shownLeading = 6, shownTrailing = 4

    /// Every card number in `text`, first to last, none overlapping. From each
    /// group on, the longest card number that starts there is taken.
    public static func all(in text: String) -> [EmbeddedCardNumber] {
        var text = text
        return text.withUTF8(found(in:))
    }

    /// True when `text` holds a card number anywhere.
    public static func isPresent(in text: String) -> Bool {
        !all(in: text).isEmpty
    }

    /// `text` with every card number in it masked; `text` itself when it has none.
    public static func masking(in text: String) -> String {
        let numbers = all(in: text)
        guard !numbers.isEmpty else { return text }
        var bytes = Array(text.utf8)
        for number in numbers { number.mask(&bytes) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes `X` over the digits of this card number in `bytes` but the first 6 and the last 4.
    private func mask(_ bytes: inout [UInt8]) {
        var digit = 0
        for index in utf8Range where CardDigits.digit(bytes[index]) != nil {
            if digit >= Self.shownLeading && digit < digitCount - Self.shownTrailing { bytes[index] = UInt8(ascii: "X") }
            digit += 1
        }
    }

    /// False when `bytes` has fewer than 12 ASCII digits, so cannot hold a card number.
    private static func mayHoldOne(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var digits = 0
        for byte in bytes where CardDigits.digit(byte) != nil {
            digits += 1
            if digits >= digitCounts.lowerBound { return true }
        }
        return false
    }

    private static func found(in bytes: UnsafeBufferPointer<UInt8>) -> [EmbeddedCardNumber] {
        // Most texts have fewer than 12 digits in all: they are passed over without collecting groups.
        guard mayHoldOne(bytes) else { return [] }
        var numbers: [EmbeddedCardNumber] = []
        var run: [Range<Int>] = []
        var index = 0
        while index < bytes.count {
            guard CardDigits.digit(bytes[index]) != nil else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, CardDigits.digit(bytes[index]) != nil { index += 1 }
            run.append(start..<index)
            // A single separator between two digits joins the next group to this run.
            if index + 1 < bytes.count, isSeparator(bytes[index]), CardDigits.digit(bytes[index + 1]) != nil {
                index += 1
                continue
            }
            numbers += cardNumbers(inRun: run, of: bytes)
            run.removeAll(keepingCapacity: true)
        }
        return numbers
    }

    /// The card numbers made of whole groups of one run, taken from the first group on.
    /// Leading zeros are not part of a card number (none starts with 0, and a zero
    /// in front changes no Luhn sum): `0000 0000 0000` is none, `04111111111111111`
    /// holds `4111111111111111`.
    private static func cardNumbers(inRun groups: [Range<Int>], of bytes: UnsafeBufferPointer<UInt8>) -> [EmbeddedCardNumber] {
        var numbers: [EmbeddedCardNumber] = []
        var first = 0
        while first < groups.count {
            var sum = Luhn.Sum()
            var digits = 0
            var start: Int?
            var longest: (last: Int, digits: Int)?
            scan: for last in first..<groups.count {
                for index in groups[last] {
                    let digit = bytes[index] - UInt8(ascii: "0")
                    if start == nil {
                        guard digit != 0 else { continue }
                        start = index
                    }
                    sum.add(digit)
                    digits += 1
                    if digits > digitCounts.upperBound { break scan }
                }
                if digits >= digitCounts.lowerBound && sum.isMultipleOfTen { longest = (last, digits) }
            }
            guard let longest, let start else {
                first += 1
                continue
            }
            numbers.append(EmbeddedCardNumber(utf8Range: start..<groups[longest.last].upperBound, digitCount: longest.digits))
            first = longest.last + 1
        }
        return numbers
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
    }
}
