/// The customer-facing text of each `ValidationMessageId`, per locale.
///
/// Locales are `language_REGION` and match exactly; any other locale gets the
/// `en_US` text. A `length`, `range` or `fixedList` message names the rule's
/// bounds or (up to `maxNamedValues` of them) its allowed values; no message ever
/// contains the value that was checked, which may be a card number.
public enum ValidationMessages {
    /// The locales with their own texts.
    public static let locales = ["en_US", "zh_CN", "nl_NL", "de_DE", "fr_FR"]
    /// The locale whose texts every other locale falls back to.
    public static let fallbackLocale = "en_US"
    /// A fixed list longer than this is not spelled out in the message.
    public static let maxNamedValues = 10

    /// The text for `id` in `locale`, with the parameters of the failed rule filled in.
    /// Without parameters a `length`, `range` or `fixedList` text is a general one.
    public static func message(
        for id: ValidationMessageId, parameters: ValidationError.RuleParameters? = nil, locale: String
    ) -> String {
        let texts = textsByLocale[locale] ?? english
        switch (id, parameters) {
        case (.length, .length(let rule)?):
            if rule.minLength == rule.maxLength { return texts.lengthExactly(rule.maxLength) }
            if rule.minLength <= 0 { return texts.lengthAtMost(rule.maxLength) }
            return texts.lengthBetween(rule.minLength, rule.maxLength)
        case (.range, .range(let rule)?):
            return texts.range(String(rule.minValue), String(rule.maxValue))
        case (.fixedList, .fixedList(let rule)?)
            where !rule.allowedValues.isEmpty && rule.allowedValues.count <= maxNamedValues:
            return texts.fixedListNamed(rule.allowedValues)
        default:
            return texts.plain[id] ?? english.plain[id] ?? id.rawValue
        }
    }

    /// The `email` text for two e-mail addresses that differ (a checkout's e-mail and
    /// its billing address's), named on both fields.
    public static func emailsDiffer(locale: String) -> String {
        (textsByLocale[locale] ?? english).emailsDiffer
    }

    /// The `expirationDate` text for a renewed expiry date the customer already has
    /// another token with, for the same card (`tokens.update`).
    public static func sameCardStored(locale: String) -> String {
        (textsByLocale[locale] ?? english).sameCardStored
    }

    private static let textsByLocale: [String: MessageTexts] = [
        "en_US": english, "zh_CN": chinese, "nl_NL": dutch, "de_DE": german, "fr_FR": french,
    ]
}

/// One locale's texts: a fixed text per id (general ones for the rules with
/// parameters), and the texts that name parameters.
private struct MessageTexts: Sendable {
    let plain: [ValidationMessageId: String]
    let lengthExactly: @Sendable (Int) -> String
    let lengthAtMost: @Sendable (Int) -> String
    let lengthBetween: @Sendable (Int, Int) -> String
    let range: @Sendable (String, String) -> String
    let fixedListNamed: @Sendable ([String]) -> String
    let emailsDiffer: String
    let sameCardStored: String
}

private let english = MessageTexts(
    plain: [
        .required: "This field is required.",
        .luhn: "Please enter a valid card number.",
        .length: "Please enter a value of the allowed length.",
        .range: "Please enter a number in the allowed range.",
        .integer: "Please enter a whole number.",
        .numericString: "Please enter digits only.",
        .expirationDate: "Please enter a valid expiry date.",
        .regularExpression: "Please enter a value in the correct format.",
        .emailAddress: "Please enter a valid e-mail address.",
        .fixedList: "Please choose one of the allowed values.",
        .iban: "Please enter a valid IBAN.",
        .termsAndConditions: "Please accept the terms and conditions.",
        .allowedInContext: "This card cannot be used with this payment method.",
        .readOnly: "This value is stored with the account and cannot be changed.",
        .unknownField: "This field does not belong to this payment method.",
        .name: "Please enter a first and a last name.",
        .email: "Please enter a valid e-mail address.",
        .address: "Please enter a valid address.",
        .city: "Please enter a valid city.",
        .country: "Please choose a valid country.",
        .state: "Please choose a valid state or province.",
        .zip: "Please enter a valid postal code.",
    ],
    lengthExactly: { "Please enter exactly \($0) \($0 == 1 ? "character" : "characters")." },
    lengthAtMost: { "Please enter at most \($0) \($0 == 1 ? "character" : "characters")." },
    lengthBetween: { "Please enter between \($0) and \($1) characters." },
    range: { "Please enter a whole number from \($0) to \($1)." },
    fixedListNamed: { "Please choose one of: \($0.joined(separator: ", "))." },
    emailsDiffer: "The e-mail addresses do not match.",
    sameCardStored: "This card is already stored with this expiry date.")

private let chinese = MessageTexts(
    plain: [
        .required: "此字段为必填项。",
        .luhn: "请输入有效的卡号。",
        .length: "请输入长度符合要求的值。",
        .range: "请输入允许范围内的数字。",
        .integer: "请输入整数。",
        .numericString: "请只输入数字。",
        .expirationDate: "请输入有效的到期日期。",
        .regularExpression: "请输入格式正确的值。",
        .emailAddress: "请输入有效的电子邮件地址。",
        .fixedList: "请选择一个允许的值。",
        .iban: "请输入有效的 IBAN。",
        .termsAndConditions: "请接受条款和条件。",
        .allowedInContext: "此卡不能用于该支付方式。",
        .readOnly: "此值已随账户保存，无法更改。",
        .unknownField: "该支付方式没有此字段。",
        .name: "请输入名字和姓氏。",
        .email: "请输入有效的电子邮件地址。",
        .address: "请输入有效的地址。",
        .city: "请输入有效的城市。",
        .country: "请选择有效的国家或地区。",
        .state: "请选择有效的州或省。",
        .zip: "请输入有效的邮政编码。",
    ],
    lengthExactly: { "请输入 \($0) 个字符。" },
    lengthAtMost: { "最多可输入 \($0) 个字符。" },
    lengthBetween: { "请输入 \($0) 至 \($1) 个字符。" },
    range: { "请输入 \($0) 至 \($1) 之间的整数。" },
    fixedListNamed: { "请从以下值中选择一个：\($0.joined(separator: "、"))。" },
    emailsDiffer: "两个电子邮件地址不一致。",
    sameCardStored: "此卡已使用该有效期保存。")

private let dutch = MessageTexts(
    plain: [
        .required: "Dit veld is verplicht.",
        .luhn: "Voer een geldig kaartnummer in.",
        .length: "Voer een waarde met een toegestane lengte in.",
        .range: "Voer een getal binnen het toegestane bereik in.",
        .integer: "Voer een geheel getal in.",
        .numericString: "Voer alleen cijfers in.",
        .expirationDate: "Voer een geldige vervaldatum in.",
        .regularExpression: "Voer een waarde in de juiste notatie in.",
        .emailAddress: "Voer een geldig e-mailadres in.",
        .fixedList: "Kies een van de toegestane waarden.",
        .iban: "Voer een geldig IBAN in.",
        .termsAndConditions: "Accepteer de algemene voorwaarden.",
        .allowedInContext: "Deze kaart kan niet met deze betaalmethode worden gebruikt.",
        .readOnly: "Deze waarde is bij de rekening opgeslagen en kan niet worden gewijzigd.",
        .unknownField: "Dit veld hoort niet bij deze betaalmethode.",
        .name: "Voer een voornaam en een achternaam in.",
        .email: "Voer een geldig e-mailadres in.",
        .address: "Voer een geldig adres in.",
        .city: "Voer een geldige plaats in.",
        .country: "Kies een geldig land.",
        .state: "Kies een geldige staat of provincie.",
        .zip: "Voer een geldige postcode in.",
    ],
    lengthExactly: { "Voer precies \($0) \($0 == 1 ? "teken" : "tekens") in." },
    lengthAtMost: { "Voer maximaal \($0) \($0 == 1 ? "teken" : "tekens") in." },
    lengthBetween: { "Voer \($0) tot en met \($1) tekens in." },
    range: { "Voer een geheel getal van \($0) tot en met \($1) in." },
    fixedListNamed: { "Kies een van deze waarden: \($0.joined(separator: ", "))." },
    emailsDiffer: "De e-mailadressen komen niet overeen.",
    sameCardStored: "Deze kaart is al met deze vervaldatum opgeslagen.")

private let german = MessageTexts(
    plain: [
        .required: "Dieses Feld ist ein Pflichtfeld.",
        .luhn: "Bitte geben Sie eine gültige Kartennummer ein.",
        .length: "Bitte geben Sie einen Wert in der zulässigen Länge ein.",
        .range: "Bitte geben Sie eine Zahl im zulässigen Bereich ein.",
        .integer: "Bitte geben Sie eine ganze Zahl ein.",
        .numericString: "Bitte geben Sie nur Ziffern ein.",
        .expirationDate: "Bitte geben Sie ein gültiges Ablaufdatum ein.",
        .regularExpression: "Bitte geben Sie einen Wert im richtigen Format ein.",
        .emailAddress: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
        .fixedList: "Bitte wählen Sie einen der zulässigen Werte.",
        .iban: "Bitte geben Sie eine gültige IBAN ein.",
        .termsAndConditions: "Bitte akzeptieren Sie die Allgemeinen Geschäftsbedingungen.",
        .allowedInContext: "Diese Karte kann mit dieser Zahlungsart nicht verwendet werden.",
        .readOnly: "Dieser Wert ist im Konto gespeichert und kann nicht geändert werden.",
        .unknownField: "Dieses Feld gehört nicht zu dieser Zahlungsart.",
        .name: "Bitte geben Sie einen Vor- und einen Nachnamen ein.",
        .email: "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
        .address: "Bitte geben Sie eine gültige Adresse ein.",
        .city: "Bitte geben Sie einen gültigen Ort ein.",
        .country: "Bitte wählen Sie ein gültiges Land.",
        .state: "Bitte wählen Sie einen gültigen Bundesstaat oder eine gültige Provinz.",
        .zip: "Bitte geben Sie eine gültige Postleitzahl ein.",
    ],
    lengthExactly: { "Bitte geben Sie genau \($0) Zeichen ein." },
    lengthAtMost: { "Bitte geben Sie höchstens \($0) Zeichen ein." },
    lengthBetween: { "Bitte geben Sie \($0) bis \($1) Zeichen ein." },
    range: { "Bitte geben Sie eine ganze Zahl von \($0) bis \($1) ein." },
    fixedListNamed: { "Bitte wählen Sie einen dieser Werte: \($0.joined(separator: ", "))." },
    emailsDiffer: "Die E-Mail-Adressen stimmen nicht überein.",
    sameCardStored: "Diese Karte ist mit diesem Ablaufdatum bereits gespeichert.")

private let french = MessageTexts(
    plain: [
        .required: "Ce champ est obligatoire.",
        .luhn: "Veuillez saisir un numéro de carte valide.",
        .length: "Veuillez saisir une valeur de longueur autorisée.",
        .range: "Veuillez saisir un nombre dans la plage autorisée.",
        .integer: "Veuillez saisir un nombre entier.",
        .numericString: "Veuillez saisir uniquement des chiffres.",
        .expirationDate: "Veuillez saisir une date d’expiration valide.",
        .regularExpression: "Veuillez saisir une valeur au format attendu.",
        .emailAddress: "Veuillez saisir une adresse e-mail valide.",
        .fixedList: "Veuillez choisir l’une des valeurs autorisées.",
        .iban: "Veuillez saisir un IBAN valide.",
        .termsAndConditions: "Veuillez accepter les conditions générales.",
        .allowedInContext: "Cette carte ne peut pas être utilisée avec ce moyen de paiement.",
        .readOnly: "Cette valeur est enregistrée avec le compte et ne peut pas être modifiée.",
        .unknownField: "Ce champ n’appartient pas à ce moyen de paiement.",
        .name: "Veuillez saisir un prénom et un nom.",
        .email: "Veuillez saisir une adresse e-mail valide.",
        .address: "Veuillez saisir une adresse valide.",
        .city: "Veuillez saisir une ville valide.",
        .country: "Veuillez choisir un pays valide.",
        .state: "Veuillez choisir un État ou une province valide.",
        .zip: "Veuillez saisir un code postal valide.",
    ],
    lengthExactly: { "Veuillez saisir exactement \($0) \($0 == 1 ? "caractère" : "caractères")." },
    lengthAtMost: { "Veuillez saisir au plus \($0) \($0 == 1 ? "caractère" : "caractères")." },
    lengthBetween: { "Veuillez saisir entre \($0) et \($1) caractères." },
    range: { "Veuillez saisir un nombre entier compris entre \($0) et \($1)." },
    fixedListNamed: { "Veuillez choisir l’une de ces valeurs\u{00A0}: \($0.joined(separator: ", "))." },
    emailsDiffer: "Les adresses e-mail ne correspondent pas.",
    sameCardStored: "Cette carte est déjà enregistrée avec cette date d’expiration.")
