/// A card's expiry month, entered as `MMYY`, `MM/YY`, `MMYYYY` or `MM/YYYY` and
/// reported as `MMYY`. A two-digit year is a year of this century (`26` is 2026).
public struct ExpiryDate: Sendable, Hashable, CustomStringConvertible {
    public let month: CalendarMonth

    public init(month: CalendarMonth) {
        self.month = month
    }

    /// Parses one of the four complete forms; nil for anything else, a month outside
    /// 01–12 included.
    public init?(_ text: String) {
        let characters = text.utf8
        guard let form = ExpiryDateForm.allCases.first(where: { $0.isComplete(characters) }),
              let month = form.month(in: characters), (1...12).contains(month)
        else { return nil }
        self.month = CalendarMonth(year: form.year(in: characters), month: month)
    }

    /// The `MMYY` form: `1126` for November 2026.
    public var mmyy: String {
        let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
        return twoDigits(month.month) + twoDigits(((month.year % 100) + 100) % 100)
    }

    public var description: String { mmyy }
}

/// One of the accepted layouts of an expiry date, as a pattern of `M` (month digit),
/// `Y` (year digit) and `/`.
///
/// Values are read as UTF-8 and the digits of a slot are summed as they are met:
/// `card.validate` judges an expiry date per request, and this allocates nothing.
enum ExpiryDateForm: String, CaseIterable {
    case mmyy = "MMYY"
    case mmSlashYY = "MM/YY"
    case mmyyyy = "MMYYYY"
    case mmSlashYYYY = "MM/YYYY"

    /// The digits typed into one kind of slot: how many, and the number they make.
    struct TypedDigits {
        var count = 0
        var value = 0
    }

    private var pattern: String.UTF8View { rawValue.utf8 }

    var yearDigitCount: Int { pattern.count(where: { $0 == UInt8(ascii: "Y") }) }

    func isComplete(_ characters: String.UTF8View) -> Bool {
        characters.count == pattern.count && isPrefix(characters)
    }

    /// True when `characters` could be the start of (or all of) this form.
    func isPrefix(_ characters: String.UTF8View) -> Bool {
        guard characters.count <= pattern.count else { return false }
        return zip(characters, pattern).allSatisfy { character, slot in
            slot == UInt8(ascii: "/") ? character == slot : CardDigits.digit(character) != nil
        }
    }

    /// The month digits typed so far.
    func monthDigits(in characters: String.UTF8View) -> TypedDigits {
        digits(in: characters, slot: "M")
    }

    /// The year digits typed so far.
    func yearDigits(in characters: String.UTF8View) -> TypedDigits {
        digits(in: characters, slot: "Y")
    }

    func month(in characters: String.UTF8View) -> Int? {
        let digits = monthDigits(in: characters)
        return digits.count == 2 ? digits.value : nil
    }

    /// The year of a complete value; a two-digit year is 20YY.
    func year(in characters: String.UTF8View) -> Int {
        let value = yearDigits(in: characters).value
        return yearDigitCount == 2 ? 2000 + value : value
    }

    /// The years a value whose year is only partly typed can still end up with.
    func possibleYears(in characters: String.UTF8View) -> ClosedRange<Int> {
        let typed = yearDigits(in: characters)
        var scale = 1
        for _ in typed.count..<yearDigitCount { scale *= 10 }
        let low = typed.value * scale
        let century = yearDigitCount == 2 ? 2000 : 0
        return (century + low)...(century + low + scale - 1)
    }

    private func digits(in characters: String.UTF8View, slot: Unicode.Scalar) -> TypedDigits {
        var typed = TypedDigits()
        for (character, patternSlot) in zip(characters, pattern) where patternSlot == UInt8(ascii: slot) {
            guard let digit = CardDigits.digit(character) else { continue }
            typed.count += 1
            typed.value = typed.value * 10 + Int(digit)
        }
        return typed
    }
}
