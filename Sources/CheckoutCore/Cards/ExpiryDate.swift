/// A card's expiry month, entered as `MMYY`, `MM/YY`, `MMYYYY` or `MM/YYYY` and
/// reported as `MMYY`.
///
/// A two-digit year is read in the window the expiry rule defines: the year
/// ending in those digits among the 100 that end with the last year a card may
/// expire in (the current year + 25). In November 2026 `51` is 2051 and `52`
/// is 1952; in December 2099 `00` is 2100, not 2000.
public struct ExpiryDate: Sendable, Hashable, CustomStringConvertible {
    public let month: CalendarMonth

    public init(month: CalendarMonth) {
        self.month = month
    }

    /// Parses one of the four complete forms in `currentMonth`; nil for anything
    /// else, a month outside 01–12 included.
    public init?(_ text: String, currentMonth: CalendarMonth) {
        var text = text
        guard let month = text.withUTF8({ Self.month(in: $0, currentMonth: currentMonth) }) else { return nil }
        self.month = month
    }

    /// The year a two-digit year stands for in `currentMonth` (see the type's comment).
    public static func year(twoDigits: Int, currentMonth: CalendarMonth) -> Int {
        let last = currentMonth.year + ExpiryDateValidation.yearsAhead
        return last - ((last - twoDigits) % 100 + 100) % 100
    }

    private static func month(in characters: UnsafeBufferPointer<UInt8>, currentMonth: CalendarMonth) -> CalendarMonth? {
        guard let typed = ExpiryDateForm.completeValue(characters, currentMonth: currentMonth),
              (1...12).contains(typed.month) else { return nil }
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
    /// of the forms (the month as typed, perhaps outside 01–12; a two-digit year
    /// read in `currentMonth`), read in one pass.
    /// Every form is the month's two digits, the slash or not, and the year's
    /// digits, so the length alone says where each is (this runs per request,
    /// and walking the pattern cost four times the instructions).
    static func completeValue(_ characters: UnsafeBufferPointer<UInt8>, currentMonth: CalendarMonth) -> (month: Int, year: Int)? {
        guard let form = completeForm(ofLength: characters.count) else { return nil }
        let yearStart = characters.count - form.yearDigitCount
        if yearStart == 3, characters[2] != UInt8(ascii: "/") { return nil }
        guard let month = number(in: characters, 0..<2), let year = number(in: characters, yearStart..<characters.count)
        else { return nil }
        return (month, form.yearDigitCount == 2 ? ExpiryDate.year(twoDigits: year, currentMonth: currentMonth) : year)
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

    /// True when the year digits typed so far can still become a year that puts
    /// `month` in `window` (which starts at the current month): a four-digit year
    /// ranges over its completions; a two-digit one is each completion read in the
    /// window (`ExpiryDate.year(twoDigits:currentMonth:)`), at most 100 of them.
    func canReach(month: Int, in window: ClosedRange<CalendarMonth>, _ characters: UnsafeBufferPointer<UInt8>) -> Bool {
        let typed = yearDigits(in: characters)
        var scale = 1
        for _ in typed.count..<yearDigitCount { scale *= 10 }
        let low = typed.value * scale
        guard yearDigitCount == 2 else {
            return CalendarMonth(year: low + scale - 1, month: month) >= window.lowerBound
                && CalendarMonth(year: low, month: month) <= window.upperBound
        }
        return (low..<low + scale).contains { twoDigits in
            window.contains(CalendarMonth(year: ExpiryDate.year(twoDigits: twoDigits, currentMonth: window.lowerBound),
                                          month: month))
        }
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
