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
        var text = text
        guard let month = text.withUTF8(Self.month(in:)) else { return nil }
        self.month = month
    }

    private static func month(in characters: UnsafeBufferPointer<UInt8>) -> CalendarMonth? {
        guard let typed = ExpiryDateForm.completeValue(characters), (1...12).contains(typed.month) else { return nil }
        return CalendarMonth(year: typed.year, month: typed.month)
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
/// Values are read as UTF-8 bytes in place, and the digits of a slot are summed
/// as they are met: `card.validate` judges an expiry date per request, and this
/// allocates nothing.
enum ExpiryDateForm: CaseIterable {
    case mmyy
    case mmSlashYY
    case mmyyyy
    case mmSlashYYYY

    /// The digits typed into one kind of slot: how many, and the number they make.
    struct TypedDigits {
        var count = 0
        var value = 0
    }

    var pattern: StaticString {
        switch self {
        case .mmyy: "MMYY"
        case .mmSlashYY: "MM/YY"
        case .mmyyyy: "MMYYYY"
        case .mmSlashYYYY: "MM/YYYY"
        }
    }

    var yearDigitCount: Int {
        switch self {
        case .mmyy, .mmSlashYY: 2
        case .mmyyyy, .mmSlashYYYY: 4
        }
    }

    /// The form whose complete values have `count` characters: each form has its own length.
    static func completeForm(ofLength count: Int) -> ExpiryDateForm? {
        switch count {
        case 4: .mmyy
        case 5: .mmSlashYY
        case 6: .mmyyyy
        case 7: .mmSlashYYYY
        default: nil
        }
    }

    /// The month and year of `characters` when they are a complete value of one
    /// of the forms (the month as typed, perhaps outside 01–12), read in one pass.
    /// Every form is the month's two digits, the slash or not, and the year's
    /// digits, so the length alone says where each is (this runs per request,
    /// and walking the pattern cost four times the instructions).
    static func completeValue(_ characters: UnsafeBufferPointer<UInt8>) -> (month: Int, year: Int)? {
        guard let form = completeForm(ofLength: characters.count) else { return nil }
        let yearStart = characters.count - form.yearDigitCount
        if yearStart == 3, characters[2] != UInt8(ascii: "/") { return nil }
        guard let month = number(in: characters, 0..<2), let year = number(in: characters, yearStart..<characters.count)
        else { return nil }
        return (month, form.yearDigitCount == 2 ? 2000 + year : year)
    }

    /// The number the characters in `range` make; nil unless all are digits.
    private static func number(in characters: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        var value = 0
        for index in range {
            let digit = characters[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return value
    }

    /// True when `characters` could be the start of (or all of) this form.
    func isPrefix(_ characters: UnsafeBufferPointer<UInt8>) -> Bool {
        pattern.withUTF8Buffer { pattern in
            guard characters.count <= pattern.count else { return false }
            return zip(characters, pattern).allSatisfy { character, slot in
                slot == UInt8(ascii: "/") ? character == slot : CardDigits.digit(character) != nil
            }
        }
    }

    /// The month digits typed so far.
    func monthDigits(in characters: UnsafeBufferPointer<UInt8>) -> TypedDigits {
        digits(in: characters, slot: "M")
    }

    /// The year digits typed so far.
    func yearDigits(in characters: UnsafeBufferPointer<UInt8>) -> TypedDigits {
        digits(in: characters, slot: "Y")
    }

    func month(in characters: UnsafeBufferPointer<UInt8>) -> Int? {
        let digits = monthDigits(in: characters)
        return digits.count == 2 ? digits.value : nil
    }

    /// The years a value whose year is only partly typed can still end up with.
    func possibleYears(in characters: UnsafeBufferPointer<UInt8>) -> ClosedRange<Int> {
        let typed = yearDigits(in: characters)
        var scale = 1
        for _ in typed.count..<yearDigitCount { scale *= 10 }
        let low = typed.value * scale
        let century = yearDigitCount == 2 ? 2000 : 0
        return (century + low)...(century + low + scale - 1)
    }

    private func digits(in characters: UnsafeBufferPointer<UInt8>, slot: Unicode.Scalar) -> TypedDigits {
        pattern.withUTF8Buffer { pattern in
            var typed = TypedDigits()
            for (character, patternSlot) in zip(characters, pattern) where patternSlot == UInt8(ascii: slot) {
                guard let digit = CardDigits.digit(character) else { continue }
                typed.count += 1
                typed.value = typed.value * 10 + Int(digit)
            }
            return typed
        }
    }
}
