import CheckoutCore

/// Products, fields and an account on file for the validation tests, built with
/// the public initialisers the way a catalog file describes them.
enum ValidationFixtures {
    static let november2026 = CalendarMonth(year: 2026, month: 11)

    // The texts are constants that MaskTests parse.
    static let cardMask = try! Mask("{{9999}} {{9999}} {{9999}} {{9999}} {{999}}")
    static let expiryMask = try! Mask("{{99}}/{{99}}")

    static func field(
        _ id: String, type: FieldType = .string, required: Bool = true, order: Int = 0, mask: Mask? = nil,
        _ validators: FieldValidators = FieldValidators()
    ) -> PaymentProductField {
        PaymentProductField(
            id: id, type: type, dataRestrictions: DataRestrictions(isRequired: required, validators: validators),
            displayHints: FieldDisplayHints(
                displayOrder: order, label: id, mask: mask, preferredInputType: "StringKeyboard",
                formElement: FormElement(type: .text)))
    }

    /// A card product. The fields are listed out of display order on purpose:
    /// cardNumber 10, expiryDate 20, cvv 30, cardholderName 40.
    static func cardProduct(id: Int, label: String) -> PaymentProduct {
        PaymentProduct(
            id: id, paymentMethod: .card, paymentProductGroup: "cards",
            displayHints: ProductDisplayHints(displayOrder: id, label: label, logo: "\(id).png"),
            allowsRecurring: true, allowsTokenization: true, usesRedirectionTo3rdParty: false,
            fields: [
                field("cvv", type: .numericstring, order: 30, FieldValidators(
                    length: LengthRule(minLength: 3, maxLength: 4),
                    regularExpression: RegularExpressionRule(regularExpression: "[0-9]{3,4}"))),
                field("cardNumber", type: .numericstring, order: 10, mask: cardMask, FieldValidators(
                    luhn: NoRuleParameters(), length: LengthRule(minLength: 12, maxLength: 19))),
                field("cardholderName", required: false, order: 40, FieldValidators(
                    length: LengthRule(minLength: 2, maxLength: 50))),
                field("expiryDate", type: .expirydate, order: 20, mask: expiryMask, FieldValidators(
                    expirationDate: NoRuleParameters())),
            ])
    }

    static let visa = cardProduct(id: 1, label: "Visa")
    static let mastercard = cardProduct(id: 3, label: "Mastercard")
    static let cartesBancaires = cardProduct(id: 130, label: "Cartes Bancaires")

    /// A direct debit product with the remaining validator kinds.
    static let sepa = PaymentProduct(
        id: 771, paymentMethod: .directDebit,
        displayHints: ProductDisplayHints(displayOrder: 771, label: "SEPA Direct Debit", logo: "sepa.png"),
        allowsRecurring: true, allowsTokenization: false, usesRedirectionTo3rdParty: false,
        fields: [
            field("iban", order: 1, FieldValidators(iban: NoRuleParameters())),
            field("email", order: 2, FieldValidators(emailAddress: NoRuleParameters())),
            field("mandateDay", type: .integer, required: false, order: 3, FieldValidators(
                range: RangeRule(minValue: 1, maxValue: 28))),
            field("language", required: false, order: 4, FieldValidators(
                fixedList: FixedListRule(allowedValues: ["nl", "de", "fr"]))),
            field("acceptMandate", type: .boolean, order: 5, FieldValidators(termsAndConditions: NoRuleParameters())),
        ])

    /// What the service answers for a card number: its brand's product, and for
    /// Stripe's co-badged Cartes Bancaires/Visa range `40000025` both products, CB first.
    static func productsOfCard(_ number: String) -> [Int]? {
        if number.hasPrefix("40000025") { return [130, 1] }
        return CardBrandTable.standard.brand(ofCardNumber: number).map { brand in
            brand.paymentProductId.map { [$0] } ?? []
        }
    }

    /// A stored Visa card as `tokens.create` keeps it.
    static let visaAccount = AccountOnFile(
        id: "tok_visa_1111", paymentProductId: 1,
        attributes: [
            AccountOnFileAttribute(key: "alias", value: "411111XXXXXX1111", status: .readOnly),
            AccountOnFileAttribute(key: "expiryDate", value: "1228", status: .canWrite),
            AccountOnFileAttribute(key: "cardholderName", value: "Wile E. Coyote", status: .readOnly),
            AccountOnFileAttribute(key: "cvv", value: "", status: .mustWrite),
        ],
        displayHints: AccountOnFileDisplayHints(
            labelTemplate: [LabelTemplateElement(attributeKey: "alias", mask: cardMask)], logo: "visa.png"))

    static func validate(
        _ product: PaymentProduct, _ values: [String: String], account: AccountOnFile? = nil, locale: String = "en_US"
    ) -> [ValidationError] {
        PaymentRequestValidation.validate(
            product: product, values: values, accountOnFile: account, currentMonth: november2026, locale: locale,
            productsOfCard: productsOfCard)
    }
}

/// `(fieldId, errorMessageId)` pairs, which is what most expectations are about.
func summary(_ errors: [ValidationError]) -> [String] {
    errors.map { "\($0.fieldId):\($0.errorMessageId.rawValue)" }
}
