import CheckoutCore
import Testing

@Suite("Payment request validation")
struct PaymentRequestValidationTests {
    typealias F = ValidationFixtures

    static let validVisa = [
        "cardNumber": "4111 1111 1111 1111", "expiryDate": "12/28", "cvv": "123", "cardholderName": "Wile E. Coyote",
    ]

    /// Fields sort by display order; equal orders keep their place in the catalog.
    @Test(arguments: [
        ([1, 2, 3], ["a", "b", "c"]), ([3, 1, 2], ["b", "c", "a"]), ([2, 1, 1, 0], ["d", "b", "c", "a"]),
        ([5, 5, 5], ["a", "b", "c"]), ([], []),
    ])
    func fieldsInDisplayOrderIsAStableSort(_ orders: [Int], _ expected: [String]) {
        var product = F.visa
        product.fields = zip(["a", "b", "c", "d"], orders).map { F.field($0, order: $1) }
        #expect(product.fieldsInDisplayOrder.map(\.id) == expected)
    }

    @Test func aCompleteRequestIsValid() {
        #expect(F.validate(F.visa, Self.validVisa) == [])
        #expect(F.validate(F.visa, ["cardNumber": "4111111111111111", "expiryDate": "1228", "cvv": "123"]) == [])
    }

    @Test func missingRequiredFieldsAreReportedInDisplayOrder() {
        #expect(summary(F.validate(F.visa, [:])) == ["cardNumber:required", "expiryDate:required", "cvv:required"])
        #expect(summary(F.validate(F.visa, ["cvv": "", "cardholderName": ""]))
                == ["cardNumber:required", "expiryDate:required", "cvv:required"])
    }

    @Test func unknownFieldsComeLastSortedByKey() {
        var values = Self.validVisa
        values["expiryDate"] = nil
        values["cvv"] = "1"
        values["zzz"] = "1"
        values["iban"] = "NL91ABNA0417164300"
        values["aaa"] = ""
        #expect(summary(F.validate(F.visa, values)) == [
            "expiryDate:required", "cvv:length", "cvv:regularExpression",
            "aaa:unknownField", "iban:unknownField", "zzz:unknownField",
        ])
    }

    /// A host that sent the card number as a key instead of a value gets the key back masked.
    @Test func aCardNumberAsAnUnknownKeyIsMaskedInItsFieldId() {
        var values = Self.validVisa
        values["4111 1111 1111 1111"] = "cardNumber"
        values["pan-4000000000000002"] = ""
        #expect(summary(F.validate(F.visa, values)) == [
            "4111 11XX XXXX 1111:unknownField", "pan-400000XXXXXX0002:unknownField",
        ])
    }

    // MARK: card brand against the product

    @Test func aMastercardNumberIsNotAllowedOnTheVisaProduct() {
        var values = Self.validVisa
        values["cardNumber"] = "5555 5555 5555 4444"
        #expect(summary(F.validate(F.visa, values)) == ["cardNumber:allowedInContext"])
        #expect(F.validate(F.mastercard, values) == [])
    }

    @Test func allowedInContextIsOnlyJudgedForANumberThatPassesItsValidators() {
        var values = Self.validVisa
        values["cardNumber"] = "5555 5555 5555 4443"
        #expect(summary(F.validate(F.visa, values)) == ["cardNumber:luhn"])
    }

    @Test(arguments: [130, 1])
    func aCoBadgedCartesBancairesVisaCardIsAcceptedOnBothProducts(_ productId: Int) {
        var values = Self.validVisa
        values["cardNumber"] = "4000 0025 0000 1001"
        let product = productId == 130 ? F.cartesBancaires : F.visa
        #expect(F.validate(product, values) == [])
        #expect(summary(F.validate(F.mastercard, values)) == ["cardNumber:allowedInContext"])
    }

    @Test func aNumberWithoutARecognisedBrandIsNotQuestioned() {
        var values = Self.validVisa
        values["cardNumber"] = "1234 5678 1234 5670"
        #expect(F.productsOfCard("1234567812345670") == nil)
        #expect(F.validate(F.visa, values) == [])
    }

    @Test func theUnmaskedNumberIsWhatTheServiceLooksUp() {
        var asked: [String] = []
        _ = PaymentRequestValidation.validate(
            product: F.visa, values: Self.validVisa, currentMonth: F.november2026, locale: "en_US",
            productsOfCard: { asked.append($0); return [1] })
        #expect(asked == ["4111111111111111"])
    }

    // MARK: the values an encryption carries

    /// `(key, value)` pairs of a judgement's payment values.
    private func paymentValues(_ product: PaymentProduct, _ values: [String: String], account: AccountOnFile? = nil) -> [String] {
        PaymentRequestValidation.judge(
            product: product, values: values, accountOnFile: account, currentMonth: F.november2026, locale: "en_US",
            productsOfCard: F.productsOfCard).paymentValues.map { "\($0.key)=\($0.value)" }
    }

    @Test func paymentValuesAreUnmaskedInDisplayOrder() {
        #expect(paymentValues(F.visa, Self.validVisa)
            == ["cardNumber=4111111111111111", "expiryDate=1228", "cvv=123", "cardholderName=Wile E. Coyote"])
    }

    @Test func paymentValuesLeaveOutEmptyAndUnknownValues() {
        let values = ["cvv": "", "expiryDate": "/", "cardNumber": "4111 1111 1111 1111", "coupon": "X1"]
        #expect(paymentValues(F.visa, values) == ["cardNumber=4111111111111111"])
    }

    /// The judgement names the errors and still lists what was typed: an
    /// encryption refuses on the errors, so the values are never sent then.
    @Test func paymentValuesOfAnInvalidRequestAreWhatWasTyped() {
        let judgement = PaymentRequestValidation.judge(
            product: F.visa, values: ["cvv": "12"], currentMonth: F.november2026, locale: "en_US",
            productsOfCard: F.productsOfCard)
        #expect(summary(judgement.errors)
            == ["cardNumber:required", "expiryDate:required", "cvv:length", "cvv:regularExpression"])
        #expect(judgement.paymentValues == [CustomerInput.PaymentValue(key: "cvv", value: "12")])
    }

    /// With an account on file only what the customer typed is carried; the
    /// stored attributes travel as the account's id.
    @Test func paymentValuesWithAnAccountOnFileAreOnlyTheTypedOnes() {
        #expect(paymentValues(F.visa, ["cvv": "123"], account: F.visaAccount) == ["cvv=123"])
        #expect(paymentValues(F.visa, ["cvv": "123", "expiryDate": "01/29"], account: F.visaAccount)
            == ["expiryDate=0129", "cvv=123"])
    }

    // MARK: accounts on file

    @Test func theStoredAttributesSatisfyTheirFields() {
        #expect(F.validate(F.visa, ["cvv": "123"], account: F.visaAccount) == [])
    }

    @Test func aMustWriteFieldMustBeGiven() {
        #expect(summary(F.validate(F.visa, [:], account: F.visaAccount)) == ["cvv:required"])
        #expect(summary(F.validate(F.visa, ["cvv": ""], account: F.visaAccount)) == ["cvv:required"])
        #expect(summary(F.validate(F.visa, ["cvv": "12"], account: F.visaAccount))
                == ["cvv:length", "cvv:regularExpression"])
    }

    @Test func aMustWriteAttributeMakesAnOptionalFieldRequired() {
        var account = F.visaAccount
        account.attributes[2] = AccountOnFileAttribute(key: "cardholderName", value: "", status: .mustWrite)
        #expect(summary(F.validate(F.visa, ["cvv": "123"], account: account)) == ["cardholderName:required"])
        #expect(F.validate(F.visa, ["cvv": "123", "cardholderName": "Road Runner"], account: account) == [])
    }

    @Test func aReadOnlyAttributeMayNotBeChanged() {
        let changedNumber = ["cvv": "123", "cardNumber": "4242 4242 4242 4242"]
        #expect(summary(F.validate(F.visa, changedNumber, account: F.visaAccount)) == ["cardNumber:readOnly"])
        let changedName = ["cvv": "123", "cardholderName": "Road Runner"]
        #expect(summary(F.validate(F.visa, changedName, account: F.visaAccount)) == ["cardholderName:readOnly"])
        // Not even with an invalid value: readOnly is the only error.
        let invalidNumber = ["cvv": "123", "cardNumber": "4242"]
        #expect(summary(F.validate(F.visa, invalidNumber, account: F.visaAccount)) == ["cardNumber:readOnly"])
    }

    @Test(arguments: ["411111XXXXXX1111", "4111 11XX XXXX 1111", ""])
    func aReadOnlyAttributeMayBeSentBackUnchangedOrEmpty(_ alias: String) {
        let values = ["cvv": "123", "cardNumber": alias, "cardholderName": "Wile E. Coyote"]
        #expect(F.validate(F.visa, values, account: F.visaAccount) == [])
    }

    @Test func aCanWriteAttributeMayBeReplacedAndTheNewValueIsValidated() {
        #expect(F.validate(F.visa, ["cvv": "123", "expiryDate": "03/30"], account: F.visaAccount) == [])
        #expect(summary(F.validate(F.visa, ["cvv": "123", "expiryDate": "01/20"], account: F.visaAccount))
                == ["expiryDate:expirationDate"])
        #expect(F.validate(F.visa, ["cvv": "123", "expiryDate": ""], account: F.visaAccount) == [])
    }

    @Test func anAccountAndUnknownFieldsTogether() {
        let values = ["cvv": "1", "cardNumber": "5555555555554444", "alias": "411111XXXXXX1111"]
        #expect(summary(F.validate(F.visa, values, account: F.visaAccount))
                == ["cardNumber:readOnly", "cvv:length", "cvv:regularExpression", "alias:unknownField"])
    }

    // MARK: other products and messages

    @Test func aDirectDebitRequest() {
        let values = ["iban": "de89 3704 0044 0532 0130 00", "email": "jane@example.com", "acceptMandate": "true"]
        #expect(F.validate(F.sepa, values) == [])
        #expect(summary(F.validate(F.sepa, ["iban": "DE89370400440532013001", "mandateDay": "31",
                                            "language": "EN", "acceptMandate": "false"]))
                == ["iban:iban", "email:required", "mandateDay:range", "language:fixedList",
                    "acceptMandate:termsAndConditions"])
    }

    @Test func messagesAreInTheRequestedLocale() {
        let english = F.validate(F.visa, ["cvv": "1"], locale: "en_US")
        let chinese = F.validate(F.visa, ["cvv": "1"], locale: "zh_CN")
        let unknown = F.validate(F.visa, ["cvv": "1"], locale: "xx_XX")
        #expect(summary(english) == summary(chinese))
        #expect(english.map(\.message) == unknown.map(\.message))
        #expect(english.first?.message == "This field is required.")
        #expect(chinese.first?.message == "此字段为必填项。")
        #expect(chinese.first { $0.errorMessageId == .length }?.message == "请输入 3 至 4 个字符。")
    }

    @Test func noMessageContainsTheValue() {
        let values = ["cardNumber": "4111 1111 1111 1112", "expiryDate": "01/20", "cvv": "98765",
                      "cardholderName": "Z", "nonsense": "4111111111111111"]
        for locale in ValidationMessages.locales {
            let errors = F.validate(F.visa, values, locale: locale)
            #expect(errors.count == 6)
            for error in errors {
                for secret in ["4111", "1112", "98765", "0120", "01/20"] {
                    #expect(!error.message.contains(secret), "\(locale) \(error.errorMessageId): \(error.message)")
                }
            }
        }
    }
}
