import CheckoutCore
import Testing

@Suite("Expiry date field")
struct CardExpiryDateTests {
    static let november2026 = CalendarMonth(year: 2026, month: 11)

    @Test(arguments: [
        // The window: November 2026 through December 2051.
        ("11/26", .valid), ("1126", .valid), ("11/2026", .valid), ("112026", .valid),
        ("10/26", .invalid(.expirationDate)), ("1026", .invalid(.expirationDate)),
        ("10/2026", .invalid(.expirationDate)), ("102026", .invalid(.expirationDate)),
        ("12/26", .valid), ("01/27", .valid), ("12/51", .valid), ("12/2051", .valid), ("122051", .valid),
        ("01/52", .invalid(.expirationDate)), ("01/2052", .invalid(.expirationDate)),
        ("012052", .invalid(.expirationDate)), ("11/2025", .invalid(.expirationDate)),
        // MMYY and MM/YY are complete: 01/20 is January 2020.
        ("01/20", .invalid(.expirationDate)), ("12/20", .invalid(.expirationDate)),
        ("1220", .invalid(.expirationDate)), ("0000", .invalid(.format)),
        ("13/30", .invalid(.format)), ("00/30", .invalid(.format)), ("1330", .invalid(.format)),
        ("132030", .invalid(.format)), ("99/9999", .invalid(.format)),
    ] as [(String, FieldState)])
    func judgesACompleteDateAgainstTheWindow(_ text: String, _ expected: FieldState) {
        #expect(ExpiryDateValidation.state(of: text, currentMonth: Self.november2026) == expected)
    }

    @Test(arguments: [
        ("", .incomplete(.expirationDate)), ("0", .incomplete(.expirationDate)), ("1", .incomplete(.expirationDate)),
        ("12", .incomplete(.expirationDate)), ("01", .incomplete(.expirationDate)),
        ("12/", .incomplete(.expirationDate)), ("12/3", .incomplete(.expirationDate)),
        ("12/2", .incomplete(.expirationDate)), ("12/203", .incomplete(.expirationDate)),
        ("12/20", .invalid(.expirationDate)), ("123", .incomplete(.expirationDate)),
        ("122", .incomplete(.expirationDate)), ("12203", .incomplete(.expirationDate)),
        ("12/5", .incomplete(.expirationDate)), ("01/5", .incomplete(.expirationDate)),
        ("12/205", .incomplete(.expirationDate)), ("12/2", .incomplete(.expirationDate)),
        ("11/202", .incomplete(.expirationDate)), ("11/2", .incomplete(.expirationDate)),
        // No continuation is a real month, or one in the window.
        ("2", .invalid(.format)), ("9", .invalid(.format)), ("00", .invalid(.format)), ("13", .invalid(.format)),
        ("13/", .invalid(.format)), ("00/2", .invalid(.format)),
        ("12/1", .invalid(.expirationDate)), ("121", .invalid(.expirationDate)),
        ("12/6", .invalid(.expirationDate)), ("12/206", .invalid(.expirationDate)),
        ("12/19", .invalid(.expirationDate)), ("12/1", .invalid(.expirationDate)),
        ("12/3000", .invalid(.expirationDate)), ("12/201", .invalid(.expirationDate)),
    ] as [(String, FieldState)])
    func aStrictPrefixIsIncompleteWhileItCanStillBecomeValid(_ text: String, _ expected: FieldState) {
        #expect(ExpiryDateValidation.state(of: text, currentMonth: Self.november2026) == expected)
    }

    @Test(arguments: [
        "1/26", "1/2026", "12-26", "12//", "12/2026/", "12/20266", "1226 ", " 1226", "12 26", "1227777", "ab",
        "１２/２６", "12/2a",
        // Longer than any form: eight bytes are still read, more are judged by their length.
        "12/20300", "12/2030 ", "12/2030xyz", "1230123012301230123012301230", "12/２０３",
    ])
    func anythingElseIsInvalidFormat(_ text: String) {
        #expect(ExpiryDateValidation.state(of: text, currentMonth: Self.november2026) == .invalid(.format))
    }

    @Test(arguments: [
        (CalendarMonth(year: 2026, month: 12), "11/26", FieldState.invalid(.expirationDate)),
        (CalendarMonth(year: 2026, month: 12), "12/26", .valid),
        (CalendarMonth(year: 2027, month: 1), "12/52", .valid),
        (CalendarMonth(year: 2027, month: 1), "01/53", .invalid(.expirationDate)),
        (CalendarMonth(year: 2027, month: 1), "12/26", .invalid(.expirationDate)),
    ])
    func theWindowFollowsTheCurrentMonth(_ current: CalendarMonth, _ text: String, _ expected: FieldState) {
        #expect(ExpiryDateValidation.state(of: text, currentMonth: current) == expected)
    }

    @Test func theWindowRunsToDecemberTwentyFiveYearsAhead() {
        #expect(ExpiryDateValidation.validMonths(from: Self.november2026)
            == CalendarMonth(year: 2026, month: 11)...CalendarMonth(year: 2051, month: 12))
    }

    @Test(arguments: [
        ("11/26", 2026, 11, "1126"), ("1126", 2026, 11, "1126"), ("112026", 2026, 11, "1126"),
        ("11/2026", 2026, 11, "1126"), ("01/2052", 2052, 1, "0152"), ("0100", 2000, 1, "0100"),
        ("12/1999", 1999, 12, "1299"),
    ])
    func parsesTheFourFormsAndReportsMMYY(_ text: String, _ year: Int, _ month: Int, _ mmyy: String) throws {
        let date = try #require(ExpiryDate(text, currentMonth: Self.november2026))
        #expect(date.month == CalendarMonth(year: year, month: month))
        #expect(date.mmyy == mmyy)
    }

    @Test(arguments: ["", "1", "12/", "12/3", "12/203", "13/26", "00/26", "1/26", "12-26", "12/20266"])
    func parsesNothingButACompleteDate(_ text: String) {
        #expect(ExpiryDate(text, currentMonth: Self.november2026) == nil)
    }

    // MARK: two-digit years

    static let december2099 = CalendarMonth(year: 2099, month: 12)

    /// A two-digit year is the one ending in its digits among the 100 years up to
    /// the last a card may expire in (the current year + 25).
    @Test(arguments: [
        (26, Self.november2026, 2026), (51, Self.november2026, 2051), (52, Self.november2026, 1952),
        (20, Self.november2026, 2020), (0, Self.november2026, 2000),
        (0, Self.december2099, 2100), (24, Self.december2099, 2124), (25, Self.december2099, 2025),
        (99, Self.december2099, 2099), (99, CalendarMonth(year: 2100, month: 1), 2099),
    ])
    func aTwoDigitYearIsReadInTheWindow(_ twoDigits: Int, _ current: CalendarMonth, _ year: Int) {
        #expect(ExpiryDate.year(twoDigits: twoDigits, currentMonth: current) == year)
    }

    /// In December 2099, 01/00 is January 2100: it was read as January 2000, expired.
    @Test(arguments: [
        ("01/00", FieldState.valid), ("0100", .valid), ("12/99", .valid), ("12/24", .valid), ("1224", .valid),
        ("11/99", .invalid(.expirationDate)), ("01/25", .invalid(.expirationDate)), ("12/2124", .valid),
        ("01/2100", .valid), ("01/2000", .invalid(.expirationDate)),
        // While typing: 01/0 can become 01/00 to 01/09 (2100–2109), 12/2 12/20 to 12/24 (2120–2124).
        ("01/0", .incomplete(.expirationDate)), ("12/2", .incomplete(.expirationDate)), ("010", .incomplete(.expirationDate)),
        ("12/3", .invalid(.expirationDate)), ("12/9", .incomplete(.expirationDate)), ("11/9", .invalid(.expirationDate)),
        ("01/5", .invalid(.expirationDate)),
    ])
    func theWindowCrossesTheCentury(_ text: String, _ expected: FieldState) {
        #expect(ExpiryDateValidation.state(of: text, currentMonth: Self.december2099) == expected)
    }

    @Test func aParsedTwoDigitYearAndTheExpirationDateRuleUseTheWindow() {
        #expect(ExpiryDate("01/00", currentMonth: Self.december2099)?.month == CalendarMonth(year: 2100, month: 1))
        #expect(ExpiryDate("01/00", currentMonth: Self.december2099)?.mmyy == "0100")
        #expect(ExpirationDateRule.accepts("0100", currentMonth: Self.december2099))
        #expect(ExpirationDateRule.accepts("012100", currentMonth: Self.december2099))
        #expect(!ExpirationDateRule.accepts("0125", currentMonth: Self.december2099))
    }
}
