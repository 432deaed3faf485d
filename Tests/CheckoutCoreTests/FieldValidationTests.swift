@testable import CheckoutCore
import Testing

@Suite("Field validation")
struct FieldValidationTests {
    typealias F = ValidationFixtures
    static let visa = F.visa

    static func errors(_ value: String, _ fieldId: String, of product: PaymentProduct = visa) -> [String] {
        summary(FieldValidation.errors(of: value, for: product.field(id: fieldId)!, currentMonth: F.november2026,
                                       locale: "en_US"))
    }

    @Test(arguments: ["cardNumber", "expiryDate", "cvv"])
    func anEmptyRequiredFieldIsOneRequiredError(_ fieldId: String) {
        #expect(Self.errors("", fieldId) == ["\(fieldId):required"])
    }

    @Test func anEmptyOptionalFieldHasNoError() {
        #expect(Self.errors("", "cardholderName") == [])
    }

    @Test func anOptionalFieldWithAValueIsValidated() {
        #expect(Self.errors("X", "cardholderName") == ["cardholderName:length"])
        #expect(Self.errors("Wile E. Coyote", "cardholderName") == [])
    }

    @Test(arguments: [
        ("cardNumber", "4111 1111 1111 1111"), ("cardNumber", "4111111111111111"),
        ("cardNumber", "4242 4242 4242 4242"), ("expiryDate", "12/26"), ("expiryDate", "1226"),
        ("cvv", "123"), ("cvv", "1234"),
    ])
    func maskedAndUnmaskedValuesAreTheSame(_ fieldId: String, _ value: String) {
        #expect(Self.errors(value, fieldId) == [])
    }

    @Test func aValueThatUnmasksToNothingIsEmpty() {
        #expect(Self.errors("    ", "cardNumber") == ["cardNumber:required"])
        #expect(Self.errors("/", "expiryDate") == ["expiryDate:required"])
    }

    @Test func unmaskingUsesTheFieldsMask() {
        let cardNumber = Self.visa.field(id: "cardNumber")!
        #expect(FieldValidation.unmaskedValue("4111 1111 1111 1111", for: cardNumber) == "4111111111111111")
        #expect(FieldValidation.unmaskedValue("12/26", for: Self.visa.field(id: "expiryDate")!) == "1226")
        #expect(FieldValidation.unmaskedValue(" 12 ", for: Self.visa.field(id: "cvv")!) == " 12 ")
    }

    @Test func unmaskingKeepsWhatTheMaskWouldDrop() {
        #expect(Self.errors("12/2027", "expiryDate") == [])
        #expect(Self.errors("122027", "expiryDate") == [])
        #expect(Self.errors("4111 1111 1111 1111 1111", "cardNumber").contains("cardNumber:length"))
        #expect(Self.errors("4111 a111 1111 1111", "cardNumber") == ["cardNumber:numericString"],
                "the stray letter is kept, so the value is no numeric string")
        #expect(FieldValidation.unmaskedValue("4111-1111", for: Self.visa.field(id: "cardNumber")!) == "4111-1111")
    }

    @Test func everyFailingValidatorIsOneErrorInDeclarationOrder() {
        #expect(Self.errors("1", "cvv") == ["cvv:length", "cvv:regularExpression"])
        #expect(Self.errors("12a", "cvv") == ["cvv:numericString"], "a type error skips the validators")
        #expect(Self.errors("1234 5", "cardNumber") == ["cardNumber:luhn", "cardNumber:length"])
        #expect(Self.errors("10/26", "expiryDate") == ["expiryDate:expirationDate"])
    }

    @Test func allNineValidatorsReportInTheOrderFieldValidatorsDeclaresThem() {
        let field = F.field("everything", FieldValidators(
            luhn: NoRuleParameters(), expirationDate: NoRuleParameters(),
            length: LengthRule(minLength: 1, maxLength: 1), range: RangeRule(minValue: 0, maxValue: 0),
            regularExpression: RegularExpressionRule(regularExpression: "x"), emailAddress: NoRuleParameters(),
            fixedList: FixedListRule(allowedValues: ["y"]), iban: NoRuleParameters(),
            termsAndConditions: NoRuleParameters()))
        let errors = FieldValidation.errors(of: "abc", for: field, currentMonth: F.november2026, locale: "en_US")
        #expect(errors.map(\.errorMessageId) == [
            .luhn, .expirationDate, .length, .range, .regularExpression, .emailAddress, .fixedList, .iban,
            .termsAndConditions,
        ])
        #expect(errors.allSatisfy { $0.fieldId == "everything" })
    }

    @Test(arguments: [
        ("iban", "NL91 ABNA 0417 1643 00", [String]()), ("iban", "NL91ABNA0417164301", ["iban:iban"]),
        ("email", "jane@example.com", []), ("email", "jane@example", ["email:emailAddress"]),
        ("mandateDay", "28", []), ("mandateDay", "29", ["mandateDay:range"]), ("mandateDay", "", []),
        ("language", "nl", []), ("language", "en", ["language:fixedList"]),
        ("acceptMandate", "true", []), ("acceptMandate", "false", ["acceptMandate:termsAndConditions"]),
        ("acceptMandate", "", ["acceptMandate:required"]),
    ])
    func eachValidatorKindRunsThroughTheField(_ fieldId: String, _ value: String, _ expected: [String]) {
        #expect(Self.errors(value, fieldId, of: F.sepa) == expected)
    }

    @Test func errorsCarryTheirRulesParameters() {
        let cvv = FieldValidation.errors(of: "1", for: Self.visa.field(id: "cvv")!, currentMonth: F.november2026,
                                         locale: "en_US")
        #expect(cvv.first?.parameters == .length(LengthRule(minLength: 3, maxLength: 4)))
        #expect(cvv.last?.parameters == nil)
        let day = FieldValidation.errors(of: "0", for: F.sepa.field(id: "mandateDay")!,
                                         currentMonth: F.november2026, locale: "en_US")
        #expect(day.first?.parameters == .range(RangeRule(minValue: 1, maxValue: 28)))
        let language = FieldValidation.errors(of: "en", for: F.sepa.field(id: "language")!,
                                              currentMonth: F.november2026, locale: "en_US")
        #expect(language.first?.parameters == .fixedList(FixedListRule(allowedValues: ["nl", "de", "fr"])))
    }

    /// (type, value, type error): integers take an optional minus and ASCII
    /// digits, numeric strings ASCII digits only; other types have no type rule.
    @Test(arguments: [
        (FieldType.integer, "42", nil), (.integer, "-7", nil), (.integer, "007", nil), (.integer, "-", ValidationMessageId.integer),
        (.integer, "4.2", .integer), (.integer, "+4", .integer), (.integer, "1e3", .integer), (.integer, "٤٢", .integer),
        (.numericstring, "0123", nil), (.numericstring, "-1", .numericString), (.numericstring, "12 34", .numericString),
        (.numericstring, "１２", .numericString), (.string, "anything", nil), (.expirydate, "12/26", nil), (.boolean, "x", nil),
    ])
    func typeRulesComeBeforeTheValidators(_ type: FieldType, _ value: String, _ expected: ValidationMessageId?) {
        #expect(FieldValidation.typeError(of: value, type: type) == expected)
    }

    @Test func theTypeErrorsAreLocalizedInEveryLocale() {
        for id in [ValidationMessageId.integer, .numericString] {
            let texts = ValidationMessages.locales.map { ValidationMessages.message(for: id, locale: $0) }
            #expect(Set(texts).count == ValidationMessages.locales.count, "\(id): one text per locale")
            #expect(!texts.contains(id.rawValue))
        }
    }
}
