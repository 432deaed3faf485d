@testable import CheckoutCore
import Dispatch
import Synchronization
import Testing

/// The validators one by one, on the unmasked values they receive.
@Suite("Validation rules")
struct ValidationRuleTests {
    static let november2026 = ValidationFixtures.november2026

    // MARK: luhn

    static let luhnField = ValidationFixtures.field("cardNumber", FieldValidators(luhn: NoRuleParameters()))

    // Stripe test cards: Visa, Visa debit, Mastercard (5- and 2-series), Amex, Discover,
    // Diners (16 and 14 digits), JCB, UnionPay, and the CB/Visa co-badged card.
    @Test(arguments: [
        "4242424242424242", "4000056655665556", "5555555555554444", "2223003122003222", "378282246310005",
        "371449635398431", "6011111111111117", "3056930009020004", "36227206271667", "3566002020360505",
        "6200000000000005", "4000002500001001",
    ])
    func luhnAcceptsTestCards(_ number: String) {
        #expect(FieldValidation.errors(of: number, for: Self.luhnField, currentMonth: Self.november2026,
                                       locale: "en_US").isEmpty)
    }

    @Test(arguments: [
        "4242424242424241", "4242424242424243", "5555555555554443", "378282246310006",
        "6011111111111171",
        // Adjacent digits swapped.
        "2422424242424242", "5555555555545444",
        // Not only ASCII digits.
        "4242-4242-4242-4242", "4242 4242 4242 4242", "４２４２４２４２４２４２４２４２", "424242424242424x",
    ])
    func luhnRejectsNearMissesAndNonDigits(_ number: String) {
        let errors = FieldValidation.errors(of: number, for: Self.luhnField, currentMonth: Self.november2026,
                                            locale: "en_US")
        #expect(summary(errors) == ["cardNumber:luhn"])
    }

    // MARK: expirationDate

    @Test(arguments: [
        ("1126", true), ("112026", true),                      // the current month
        ("1026", false), ("102026", false),                    // the month before
        ("1226", true), ("0127", true),
        ("1251", true), ("122051", true),                      // December of the current year + 25
        ("0152", false), ("012052", false),                    // January of the current year + 26
        ("0027", false), ("1327", false), ("002027", false), ("132027", false),
        ("11/26", false), ("11/2026", false),                  // masked forms arrive unmasked
        ("126", false), ("11265", false), ("1126 ", false), ("１１２６", false), ("ab26", false), ("", false),
    ])
    func expirationDateWindowStartsAtTheCurrentMonth(_ value: String, _ valid: Bool) {
        #expect(ExpirationDateRule.accepts(value, currentMonth: Self.november2026) == valid)
    }

    @Test func expirationDateWindowMovesWithTheCurrentMonth() {
        let january2027 = CalendarMonth(year: 2027, month: 1)
        #expect(!ExpirationDateRule.accepts("1226", currentMonth: january2027))
        #expect(ExpirationDateRule.accepts("0127", currentMonth: january2027))
        #expect(ExpirationDateRule.accepts("1252", currentMonth: january2027))
        #expect(!ExpirationDateRule.accepts("0153", currentMonth: january2027))
    }

    // MARK: length

    @Test(arguments: [("12", false), ("123", true), ("1234", true), ("12345", false), ("", false)])
    func lengthBoundsAreInclusive(_ value: String, _ valid: Bool) {
        #expect(LengthRule(minLength: 3, maxLength: 4).accepts(value) == valid)
    }

    @Test func lengthCountsUnicodeScalars() {
        let one = LengthRule(minLength: 1, maxLength: 1)
        #expect(one.accepts("\u{E9}"))                 // é precomposed
        #expect(!one.accepts("e\u{301}"))             // e + combining acute: two scalars
        #expect(LengthRule(minLength: 2, maxLength: 2).accepts("👍🏽"))  // one Character, two scalars
        #expect(LengthRule(minLength: 2, maxLength: 2).accepts("张三"))
        #expect(LengthRule(minLength: 0, maxLength: 0).accepts(""))
    }

    // MARK: range

    @Test(arguments: [("0", false), ("1", true), ("2", true), ("11", true), ("12", true), ("13", false),
                      ("01", true), ("012", true), ("-1", false), ("-0", false)])
    func rangeBoundsAreInclusive(_ value: String, _ valid: Bool) {
        #expect(RangeRule(minValue: 1, maxValue: 12).accepts(value) == valid)
    }

    @Test(arguments: [("-6", false), ("-5", true), ("-0", true), ("0", true), ("5", true), ("6", false)])
    func rangeTakesNegativeIntegers(_ value: String, _ valid: Bool) {
        #expect(RangeRule(minValue: -5, maxValue: 5).accepts(value) == valid)
    }

    @Test(arguments: ["1.0", "1e1", "+1", " 1", "1 ", "-", "", "--1", "1-", "\u{663}", "１", "0x1", "one"])
    func rangeRejectsWhatIsNotAnInteger(_ value: String) {
        #expect(!RangeRule(minValue: -100, maxValue: 100).accepts(value))
    }

    @Test(arguments: [
        ("9223372036854775807", true), ("9223372036854775808", false), ("-9223372036854775808", true),
        ("-9223372036854775809", false), ("99999999999999999999", false), ("000000000000000000000001", true),
    ])
    func rangeHandlesTheEdgesOf64Bits(_ value: String, _ valid: Bool) {
        #expect(RangeRule(minValue: .min, maxValue: .max).accepts(value) == valid)
    }

    // MARK: regularExpression

    @Test(arguments: [
        ("[0-9]{3}", "123", true), ("[0-9]{3}", "1234", false), ("[0-9]{3}", "a123", false),
        ("[0-9]{3}", "12", false), ("^[0-9]{3}$", "123", true), ("^[0-9]{3}$", "1234", false),
        // The whole value must match: the first alternative alone is not enough.
        ("abc|abcd", "abcd", true), ("abc|abcd", "abc", true), ("abc|abcd", "abcde", false),
        ("[A-Z]{2}[0-9]{2}", "NL91", true), ("[A-Z]{2}[0-9]{2}", "NL91ABNA", false),
        ("[0-9]{3,4}", "", false), (".*", "", true),
    ])
    func regularExpressionMustMatchTheWholeValue(_ pattern: String, _ value: String, _ valid: Bool) {
        #expect(RegularExpressionRule(regularExpression: pattern).accepts(value) == valid)
    }

    @Test func aPatternThatDoesNotCompileAcceptsNothing() {
        #expect(!RegularExpressionRule(regularExpression: "[").accepts("["))
        #expect(!RegularExpressionRule(regularExpression: "(").accepts(""))
        #expect(RegularExpressionRule(regularExpression: "(").compileProblem != nil)
    }

    @Test func aChangedPatternIsCompiledAgain() {
        var rule = RegularExpressionRule(regularExpression: "[0-9]{3}")
        rule.regularExpression = "[a-z]{2}"
        #expect(rule.accepts("ab"))
        #expect(!rule.accepts("123"))
    }

    /// One compiled rule, shared by many threads matching at once, answers as it does alone.
    @Test func sharedRulesAnswerTheSameOnEveryThread() {
        let rules = [("[0-9]{3}", "123", true), ("[0-9]{3}", "1234", false), ("[A-Z]{2}[0-9]{2}", "NL91", true),
                     ("[A-Z]{2}[0-9]{2}", "nl91", false), ("abc|abcd", "abcd", true), ("(", "(", false)]
            .map { (RegularExpressionRule(regularExpression: $0.0), $0.1, $0.2) }
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 2000) { iteration in
            let (rule, value, accepted) = rules[iteration % rules.count]
            if rule.accepts(value) != accepted { failures.withLock { $0 += 1 } }
        }
        #expect(failures.withLock { $0 } == 0)
    }

    // MARK: emailAddress

    @Test(arguments: [
        "john.doe@example.com", "a@b.co", "first.last@sub.example.co.uk", "user+tag@example.org",
        "x_y-z@example-domain.io", "用户@例子.中国", "john doe@example.com",
    ])
    func emailAddressAcceptsWhatTheSDKPatternAccepts(_ value: String) {
        #expect(EmailAddressRule.accepts(value))
    }

    @Test(arguments: [
        "plainaddress", "@example.com", "john@", "john@example", "john@example.c", "john..doe@example.com",
        ".john@example.com", "john.@example.com", "john@@example.com", "a@b@c.com", "john@example..com",
        "john@.example.com", "john@example.com.", "", "@", "john@example.c.", "john.example.com",
    ])
    func emailAddressRejectsWhatTheSDKPatternRejects(_ value: String) {
        #expect(!EmailAddressRule.accepts(value))
    }

    // MARK: fixedList

    static let issuers = FixedListRule(allowedValues: ["ABNANL2A", "INGBNL2A", "RABONL2U"])

    @Test(arguments: [("ABNANL2A", true), ("RABONL2U", true), ("abnanl2a", false), (" ABNANL2A", false),
                      ("ABNANL2", false), ("", false), ("ABNANL2A,INGBNL2A", false)])
    func fixedListTakesExactlyAnAllowedValue(_ value: String, _ valid: Bool) {
        #expect(Self.issuers.accepts(value) == valid)
    }

    @Test func fixedListComparesUnicodeScalars() {
        let rule = FixedListRule(allowedValues: ["Caf\u{E9}"])
        #expect(rule.accepts("Caf\u{E9}"))
        #expect(!rule.accepts("Cafe\u{301}"))
    }

    // MARK: termsAndConditions

    @Test(arguments: [("true", true), ("True", false), ("TRUE", false), ("1", false), ("yes", false),
                      ("false", false), (" true", false), ("true ", false)])
    func termsAndConditionsNeedTrue(_ value: String, _ valid: Bool) {
        #expect(TermsAndConditionsRule.accepts(value) == valid)
    }
}
