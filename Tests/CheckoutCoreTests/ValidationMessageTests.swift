import CheckoutCore
import Foundation
import Testing

@Suite("Validation messages")
struct ValidationMessageTests {
    static let otherLocales = ValidationMessages.locales.filter { $0 != "en_US" }

    @Test(arguments: ValidationMessageId.allCases)
    func everyIdHasItsOwnTextInEveryLocale(_ id: ValidationMessageId) {
        let english = ValidationMessages.message(for: id, locale: "en_US")
        #expect(!english.isEmpty && english != id.rawValue)
        for locale in Self.otherLocales {
            let text = ValidationMessages.message(for: id, locale: locale)
            #expect(!text.isEmpty && text != english, "\(locale) \(id)")
        }
    }

    @Test(arguments: ["xx_XX", "", "en_GB", "zh-CN", "zh", "ZH_CN", "nl"])
    func anUnknownLocaleFallsBackToEnglish(_ locale: String) {
        for id in ValidationMessageId.allCases {
            #expect(ValidationMessages.message(for: id, locale: locale)
                    == ValidationMessages.message(for: id, locale: "en_US"))
        }
    }

    @Test(arguments: [
        ("en_US", 3, 4, "Please enter between 3 and 4 characters."),
        ("en_US", 4, 4, "Please enter exactly 4 characters."),
        ("en_US", 1, 1, "Please enter exactly 1 character."),
        ("en_US", 0, 50, "Please enter at most 50 characters."),
        ("zh_CN", 3, 4, "请输入 3 至 4 个字符。"),
        ("zh_CN", 4, 4, "请输入 4 个字符。"),
        ("zh_CN", 0, 50, "最多可输入 50 个字符。"),
        ("nl_NL", 3, 4, "Voer 3 tot en met 4 tekens in."),
        ("de_DE", 3, 4, "Bitte geben Sie 3 bis 4 Zeichen ein."),
        ("fr_FR", 3, 4, "Veuillez saisir entre 3 et 4 caractères."),
        ("fr_FR", 1, 1, "Veuillez saisir exactement 1 caractère."),
    ])
    func lengthMessagesNameTheBounds(_ locale: String, _ min: Int, _ max: Int, _ expected: String) {
        let rule = LengthRule(minLength: min, maxLength: max)
        #expect(ValidationMessages.message(for: .length, parameters: .length(rule), locale: locale) == expected)
    }

    @Test func rangeMessagesNameTheBounds() {
        let rule = ValidationError.RuleParameters.range(RangeRule(minValue: -5, maxValue: 28))
        #expect(ValidationMessages.message(for: .range, parameters: rule, locale: "en_US")
                == "Please enter a whole number from -5 to 28.")
        #expect(ValidationMessages.message(for: .range, parameters: rule, locale: "zh_CN")
                == "请输入 -5 至 28 之间的整数。")
        for locale in ValidationMessages.locales {
            let text = ValidationMessages.message(for: .range, parameters: rule, locale: locale)
            #expect(text.contains("-5") && text.contains("28"), "\(locale)")
        }
    }

    @Test func fixedListMessagesNameAShortListOnly() {
        let short = ValidationError.RuleParameters.fixedList(FixedListRule(allowedValues: ["nl", "de", "fr"]))
        #expect(ValidationMessages.message(for: .fixedList, parameters: short, locale: "en_US")
                == "Please choose one of: nl, de, fr.")
        #expect(ValidationMessages.message(for: .fixedList, parameters: short, locale: "zh_CN")
                == "请从以下值中选择一个：nl、de、fr。")
        let long = ValidationError.RuleParameters.fixedList(
            FixedListRule(allowedValues: (1...(ValidationMessages.maxNamedValues + 1)).map { "ISSUER\($0)" }))
        #expect(ValidationMessages.message(for: .fixedList, parameters: long, locale: "en_US")
                == "Please choose one of the allowed values.")
    }

    @Test func theErrorsMessageComesFromItsLocale() {
        let error = ValidationError(fieldId: "cvv", errorMessageId: .length,
                                    parameters: .length(LengthRule(minLength: 3, maxLength: 4)), locale: "de_DE")
        #expect(error.message == "Bitte geben Sie 3 bis 4 Zeichen ein.")
        #expect(ValidationError(fieldId: "iban", errorMessageId: .iban, locale: "nl_NL").message
                == "Voer een geldig IBAN in.")
    }
}

@Suite("Validation error wire shape")
struct ValidationErrorCodingTests {
    static func json(_ error: ValidationError) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(error), as: UTF8.self)
    }

    @Test func aRuleWithoutParametersHasOnlyTheThreeMembers() throws {
        let error = ValidationError(fieldId: "cardNumber", errorMessageId: .luhn, locale: "en_US")
        #expect(try Self.json(error)
                == #"{"errorMessageId":"luhn","fieldId":"cardNumber","message":"Please enter a valid card number."}"#)
    }

    @Test func lengthRangeAndFixedListCarryTheirParameters() throws {
        let length = ValidationError(fieldId: "cvv", errorMessageId: .length, message: "m",
                                     parameters: .length(LengthRule(minLength: 3, maxLength: 4)))
        #expect(try Self.json(length)
                == #"{"errorMessageId":"length","fieldId":"cvv","maxLength":4,"message":"m","minLength":3}"#)
        let range = ValidationError(fieldId: "mandateDay", errorMessageId: .range, message: "m",
                                    parameters: .range(RangeRule(minValue: 1, maxValue: 28)))
        #expect(try Self.json(range)
                == #"{"errorMessageId":"range","fieldId":"mandateDay","maxValue":28,"message":"m","minValue":1}"#)
        let list = ValidationError(fieldId: "language", errorMessageId: .fixedList, message: "m",
                                   parameters: .fixedList(FixedListRule(allowedValues: ["nl", "de"])))
        #expect(try Self.json(list)
                == #"{"allowedValues":["nl","de"],"errorMessageId":"fixedList","fieldId":"language","message":"m"}"#)
    }

    @Test func decodingReadsTheSameShape() throws {
        let errors = [
            ValidationError(fieldId: "cvv", errorMessageId: .length,
                            parameters: .length(LengthRule(minLength: 3, maxLength: 4)), locale: "zh_CN"),
            ValidationError(fieldId: "day", errorMessageId: .range,
                            parameters: .range(RangeRule(minValue: -1, maxValue: 1)), locale: "fr_FR"),
            ValidationError(fieldId: "issuerId", errorMessageId: .fixedList,
                            parameters: .fixedList(FixedListRule(allowedValues: ["A"])), locale: "nl_NL"),
            ValidationError(fieldId: "billingDetails.zip", errorMessageId: .zip, locale: "en_US"),
        ]
        let decoded = try JSONDecoder().decode([ValidationError].self, from: JSONEncoder().encode(errors))
        #expect(decoded == errors)
    }

    @Test func messageIdsAreTheContractsNames() {
        #expect(ValidationMessageId.allCases.map(\.rawValue) == [
            "required", "luhn", "length", "range", "expirationDate", "regularExpression", "emailAddress",
            "fixedList", "iban", "termsAndConditions", "allowedInContext", "readOnly", "unknownField",
            "integer", "numericString", "name", "email", "address", "city", "country", "state", "zip",
        ])
    }
}
