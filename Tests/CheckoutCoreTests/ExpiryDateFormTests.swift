@testable import CheckoutCore
import Testing

/// A complete value's form is found by its length alone, so every form must
/// have a length of its own, and reading a value in one pass must give what its
/// pattern says.
@Suite struct ExpiryDateFormTests {
    @Test(arguments: ExpiryDateForm.allCases)
    func eachFormIsTheOnlyOneOfItsLength(_ form: ExpiryDateForm) {
        #expect(ExpiryDateForm.completeForm(ofLength: form.pattern.utf8CodeUnitCount) == form)
        #expect(ExpiryDateForm.allCases.filter { $0.pattern.utf8CodeUnitCount == form.pattern.utf8CodeUnitCount } == [form])
    }

    @Test(arguments: [
        ("1230", (12, 2030)), ("12/30", (12, 2030)), ("123031", (12, 3031)), ("12/3031", (12, 3031)),
        ("0000", (0, 2000)), ("99/9999", (99, 9999)),
    ] as [(String, (Int, Int))])
    func completeValuesGiveTheirMonthAndYear(_ text: String, _ expected: (Int, Int)) {
        let typed = Array(text.utf8).withUnsafeBufferPointer {
            ExpiryDateForm.completeValue($0, currentMonth: CalendarMonth(year: 2026, month: 11))
        }
        #expect(typed?.month == expected.0 && typed?.year == expected.1)
    }

    @Test(arguments: ["", "123", "12-30", "1/230", "12/3a", "12345", "12/30/", "1230456", "12//30"])
    func anythingElseIsNotACompleteValue(_ text: String) {
        #expect(Array(text.utf8).withUnsafeBufferPointer {
            ExpiryDateForm.completeValue($0, currentMonth: CalendarMonth(year: 2026, month: 11))
        } == nil)
    }
}
