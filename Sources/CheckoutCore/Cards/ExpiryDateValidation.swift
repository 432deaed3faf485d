/// The state of the expiry date field against the current month, which the caller
/// passes in (the service reads it from its clock).
///
/// A complete value (`MMYY`, `MM/YY`, `MMYYYY`, `MM/YYYY`) is valid when its month is
/// 01–12 (else invalid `format`) and it lies from the current month up to December of
/// the current year + 25 (else invalid `expirationDate`); a two-digit year is read in
/// that window (`ExpiryDate`), so in December 2099 `01/00` is January 2100. `12/20` is a complete
/// `MM/YY`, not the start of `12/2030`. A strict prefix of a form (`1`, `12/`, `123`,
/// `12/203`) is `incomplete` while some completion is still valid; when none is, it
/// is invalid in the rule that rules them out (`13` in `format`, `12/1` in `expirationDate`).
public enum ExpiryDateValidation {
    /// How many years past the current one a card may expire.
    public static let yearsAhead = 25

    public static func state(of text: String, currentMonth: CalendarMonth) -> FieldState {
        state(of: TypedExpiryDate(typed: text), currentMonth: currentMonth)
    }

    public static func state(of typed: TypedExpiryDate, currentMonth: CalendarMonth) -> FieldState {
        typed.withCharacters { characters in
            // Longer than any form: neither complete nor the start of one.
            guard let characters else { return .invalid(.format) }
            return state(of: characters, currentMonth: currentMonth)
        }
    }

    private static func state(of characters: UnsafeBufferPointer<UInt8>, currentMonth: CalendarMonth) -> FieldState {
        let window = validMonths(from: currentMonth)
        if characters.isEmpty { return .incomplete(.expirationDate) }
        if let typed = ExpiryDateForm.completeValue(characters, currentMonth: currentMonth) {
            guard (1...12).contains(typed.month) else { return .invalid(.format) }
            return window.contains(CalendarMonth(year: typed.year, month: typed.month)) ? .valid : .invalid(.expirationDate)
        }
        let forms = ExpiryDateForm.allCases.filter { $0.isPrefix(characters) }
        guard let anyForm = forms.first, monthCanBeCompleted(anyForm.monthDigits(in: characters)) else {
            return .invalid(.format)
        }
        let canBecomeValid = forms.contains { form in
            guard let month = form.month(in: characters) else { return true }
            return form.canReach(month: month, in: window, characters)
        }
        return canBecomeValid ? .incomplete(.expirationDate) : .invalid(.expirationDate)
    }

    /// The months a card may expire in: this one through December of the current year + 25.
    public static func validMonths(from currentMonth: CalendarMonth) -> ClosedRange<CalendarMonth> {
        currentMonth...CalendarMonth(year: currentMonth.year + yearsAhead, month: 12)
    }

    /// True when the month digits typed so far start a month 01–12: every month has
    /// valid years in a window 26 years wide.
    private static func monthCanBeCompleted(_ digits: ExpiryDateForm.TypedDigits) -> Bool {
        switch digits.count {
        case 0: return true
        case 1: return digits.value <= 1
        default: return (1...12).contains(digits.value)
        }
    }
}
