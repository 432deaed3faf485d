/// The `expirationDate` validator: an unmasked `MMYY` or `MMYYYY` value (`1226`,
/// `122026`) whose month is 01–12 and lies from the current month up to December
/// of the current year + 25 (`ExpiryDateValidation.validMonths`). A two-digit year
/// is read in that window (`ExpiryDate`). Forms with a slash are not unmasked values and fail.
public enum ExpirationDateRule {
    /// True when `value` is an expiry month in the window that starts at `currentMonth`.
    public static func accepts(_ value: String, currentMonth: CalendarMonth) -> Bool {
        guard value.utf8.count == 4 || value.utf8.count == 6, CardDigits.areAllDigits(value.utf8),
              let date = ExpiryDate(value, currentMonth: currentMonth)
        else { return false }
        return ExpiryDateValidation.validMonths(from: currentMonth).contains(date.month)
    }
}
