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
        let date = try #require(ExpiryDate(text))
        #expect(date.month == CalendarMonth(year: year, month: month))
        #expect(date.mmyy == mmyy)
    }

    @Test(arguments: ["", "1", "12/", "12/3", "12/203", "13/26", "00/26", "1/26", "12-26", "12/20266"])
    func parsesNothingButACompleteDate(_ text: String) {
        #expect(ExpiryDate(text) == nil)
    }
}
