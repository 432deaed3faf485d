import CheckoutCore
@testable import CheckoutService
import Foundation
import JSONRPC
import Testing

/// The embedded catalog (Data/catalog.json) read the way start-up reads it, and
/// Schemas/files/catalog.json held to what that strict loader accepts.
@Suite("Embedded payment-product catalog")
struct CatalogDataTests {
    static let productIds: Set<Int> = [1, 2, 3, 56, 117, 125, 128, 130, 132, 302, 320, 771, 809, 840, 3012]
    static let cardProductIds: Set<Int> = [1, 2, 3, 56, 117, 125, 128, 130, 132, 3012]
    static let validatorKinds: Set<String> = [
        "luhn", "expirationDate", "length", "range", "regularExpression", "emailAddress", "fixedList", "iban",
        "termsAndConditions",
    ]

    let catalog: PaymentCatalog

    init() throws {
        catalog = try Self.decode(EmbeddedCatalog.text)
    }

    // MARK: Contents

    @Test func decodesWithItsVersion() {
        #expect(catalog.version == "2026-11-01")
    }

    @Test func holdsExactlyThePlatformProducts() {
        let ids = catalog.paymentProducts.map(\.id)
        #expect(ids.count == Self.productIds.count)
        #expect(Set(ids) == Self.productIds)
        let methods = Dictionary(uniqueKeysWithValues: catalog.paymentProducts.map { ($0.id, $0.paymentMethod) })
        for id in Self.cardProductIds { #expect(methods[id] == .card, "product \(id)") }
        #expect(methods[302] == .mobile && methods[320] == .mobile)
        #expect(methods[809] == .redirect && methods[840] == .redirect)
        #expect(methods[771] == .directDebit)
        for product in catalog.paymentProducts {
            #expect((product.paymentProductGroup == "cards") == (product.paymentMethod == .card), "product \(product.id)")
            #expect(product.usesRedirectionTo3rdParty == (product.paymentMethod == .redirect), "product \(product.id)")
        }
    }

    @Test func namesEachProductAsThePlatformDoes() {
        let names: [Int: String] = [
            1: "Visa", 2: "American Express", 3: "Mastercard", 56: "UnionPay", 117: "Maestro", 125: "JCB", 128: "Discover",
            130: "Cartes Bancaires", 132: "Diners Club", 302: "Apple Pay", 320: "Google Pay", 771: "SEPA Direct Debit",
            809: "iDEAL", 840: "PayPal", 3012: "Bancontact",
        ]
        for product in catalog.paymentProducts {
            #expect(product.displayHints.label == names[product.id])
            #expect(product.displayHints.logo == "pp_logo_\(product.id).png")
        }
    }

    @Test func everyValidatorKindAppears() {
        let used = catalog.paymentProducts.flatMap(\.fields).reduce(into: Set<String>()) {
            $0.formUnion(Self.kinds(of: $1.dataRestrictions.validators))
        }
        #expect(used == Self.validatorKinds)
    }

    @Test func cardProductsHaveTheCardFields() throws {
        for product in catalog.paymentProducts where product.paymentMethod == .card {
            let number = try #require(product.field(id: "cardNumber"), "product \(product.id)")
            let expiry = try #require(product.field(id: "expiryDate"), "product \(product.id)")
            let cvv = try #require(product.field(id: "cvv"), "product \(product.id)")
            let name = try #require(product.field(id: "cardholderName"), "product \(product.id)")
            #expect(number.dataRestrictions.isRequired && number.type == .numericstring)
            #expect(number.dataRestrictions.validators.length != nil)
            #expect(number.displayHints.preferredInputType == "IntegerKeyboard")
            #expect(expiry.dataRestrictions.isRequired && expiry.type == .expirydate)
            #expect(expiry.dataRestrictions.validators.expirationDate != nil)
            #expect(expiry.displayHints.mask?.text == "{{99}}/{{99}}")
            #expect(expiry.displayHints.placeholderLabel == "MM/YY")
            #expect(cvv.dataRestrictions.isRequired && cvv.type == .numericstring)
            #expect(cvv.displayHints.obfuscate)
            #expect(cvv.displayHints.tooltip != nil)
            #expect(!name.dataRestrictions.isRequired && name.type == .string)
            #expect(name.displayHints.alwaysShow)
            #expect(product.fields.filter(\.displayHints.obfuscate).map(\.id) == ["cvv"])
        }
    }

    /// Lengths, Luhn, CVC length and mask of each card product are those of its brand.
    @Test func cardFieldsAgreeWithTheBrandTable() throws {
        let brands = CardBrandTable.standard.brands.filter { $0.paymentProductId.map(Self.productIds.contains) ?? false }
        #expect(Set(brands.compactMap(\.paymentProductId)) == Self.cardProductIds.subtracting([3012]))
        for brand in brands {
            let product = try #require(catalog.product(id: brand.paymentProductId!))
            let number = try #require(product.field(id: "cardNumber"))
            let cvv = try #require(product.field(id: "cvv"))
            let validators = number.dataRestrictions.validators
            #expect(validators.length == LengthRule(minLength: brand.panLengths.first!, maxLength: brand.longestPanLength),
                    "\(brand.code)")
            #expect((validators.luhn != nil) == brand.requiresLuhn, "\(brand.code)")
            #expect(number.displayHints.mask?.text == brand.mask, "\(brand.code)")
            #expect(cvv.dataRestrictions.validators.length == LengthRule(minLength: brand.cvcLength, maxLength: brand.cvcLength),
                    "\(brand.code)")
            #expect(cvv.dataRestrictions.validators.regularExpression?.regularExpression == "^[0-9]{\(brand.cvcLength)}$",
                    "\(brand.code)")
        }
    }

    @Test func walletsHaveNoFields() throws {
        #expect(try #require(catalog.product(id: 302)).fields.isEmpty)
        #expect(try #require(catalog.product(id: 320)).fields.isEmpty)
    }

    @Test func sepaTakesAnIbanAHolderAndTheMandate() throws {
        let sepa = try #require(catalog.product(id: 771))
        #expect(sepa.fields.map(\.id) == ["iban", "accountHolderName", "mandateAccepted"])
        #expect(sepa.fields.allSatisfy { $0.dataRestrictions.isRequired })
        let iban = try #require(sepa.field(id: "iban"))
        #expect(iban.dataRestrictions.validators.iban != nil)
        #expect(iban.displayHints.mask?.remove(from: "NL91 ABNA 0417 1643 00") == "NL91ABNA0417164300")
        // Malta's IBANs have 31 characters: the mask must hold the longest IBAN (34).
        #expect(iban.displayHints.mask?.capacity == 34)
        let mandate = try #require(sepa.field(id: "mandateAccepted"))
        #expect(mandate.type == .boolean && mandate.displayHints.formElement.type == .boolean)
        #expect(mandate.dataRestrictions.validators == FieldValidators(termsAndConditions: NoRuleParameters()))
    }

    @Test func idealOffersExactlyTheIssuersItAccepts() throws {
        let ideal = try #require(catalog.product(id: 809))
        let issuer = try #require(ideal.field(id: "issuerId"))
        #expect(issuer.dataRestrictions.isRequired)
        #expect(issuer.displayHints.formElement.type == .list)
        let allowed = try #require(issuer.dataRestrictions.validators.fixedList?.allowedValues)
        #expect(issuer.displayHints.formElement.valueMapping?.map(\.value) == allowed)
        #expect(["ABNANL2A", "INGBNL2A", "RABONL2U", "SNSBNL2A", "BUNQNL2A"].allSatisfy(allowed.contains))
        #expect(allowed.allSatisfy { $0.wholeMatch(of: /[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?/) != nil })
    }

    /// Every list offers its fixed list, and only list fields have a value mapping.
    @Test func listsAndFixedListsGoTogether() {
        for product in catalog.paymentProducts {
            for field in product.fields {
                let mapping = field.displayHints.formElement.valueMapping
                #expect((field.displayHints.formElement.type == .list) == (mapping != nil), "\(product.id)/\(field.id)")
                if let mapping {
                    #expect(mapping.map(\.value) == field.dataRestrictions.validators.fixedList?.allowedValues)
                }
            }
        }
    }

    @Test func rangeAndEmailValidatorsSitOnTheirFields() throws {
        let installments = try #require(catalog.product(id: 125)?.field(id: "installments"))
        #expect(installments.type == .integer && !installments.dataRestrictions.isRequired)
        #expect(installments.dataRestrictions.validators.range == RangeRule(minValue: 1, maxValue: 12))
        let email = try #require(catalog.product(id: 840)?.field(id: "emailAddress"))
        #expect(email.dataRestrictions.validators.emailAddress != nil && !email.dataRestrictions.isRequired)
    }

    /// A value as long as the length validator allows still fits in the mask.
    @Test func masksHoldTheLongestValidValue() {
        for product in catalog.paymentProducts {
            for field in product.fields {
                guard let mask = field.displayHints.mask, let length = field.dataRestrictions.validators.length else { continue }
                #expect(mask.capacity >= length.maxLength, "\(product.id)/\(field.id)")
            }
        }
    }

    @Test func placeholdersOfMaskedNumbersAreLaidOutByTheirMasks() throws {
        for product in catalog.paymentProducts {
            for id in ["cardNumber", "cvv"] {
                guard let field = product.field(id: id) else { continue }
                let mask = try #require(field.displayHints.mask)
                let placeholder = try #require(field.displayHints.placeholderLabel)
                let digits = placeholder.filter(\.isNumber)
                #expect(mask.remove(from: placeholder) == digits, "\(product.id)/\(id)")
                // Formatting writes the literal run that follows the last digit typed.
                #expect(mask.apply(to: digits).value.trimmingCharacters(in: .whitespaces) == placeholder, "\(product.id)/\(id)")
            }
        }
    }

    @Test func regularExpressionsAcceptTheirPlaceholders() throws {
        for product in catalog.paymentProducts {
            for field in product.fields {
                guard let rule = field.dataRestrictions.validators.regularExpression else { continue }
                let regex = try Regex(rule.regularExpression)
                let placeholder = try #require(field.displayHints.placeholderLabel)
                #expect(placeholder.wholeMatch(of: regex) != nil, "\(product.id)/\(field.id)")
                #expect((placeholder + "0").wholeMatch(of: regex) == nil, "\(product.id)/\(field.id)")
            }
        }
    }

    // MARK: Labels

    @Test func everyTextHasEnglishAndChineseLabels() {
        func check(_ labels: LocalizedLabels?, default label: String, _ where: String) {
            let byLocale = labels?.byLocale ?? [:]
            #expect(byLocale["en_US"] == label, "\(`where`)")
            #expect(byLocale["zh_CN"]?.isEmpty == false, "\(`where`)")
            #expect(Set(byLocale.keys).isSubset(of: ["en_US", "zh_CN", "nl_NL", "fr_FR", "de_DE"]), "\(`where`)")
        }
        for product in catalog.paymentProducts {
            check(product.labels, default: product.displayHints.label, "product \(product.id)")
            for field in product.fields {
                check(field.labels, default: field.displayHints.label, "\(product.id)/\(field.id)")
                if let tooltip = field.displayHints.tooltip {
                    check(tooltip.labels, default: tooltip.label, "\(product.id)/\(field.id) tooltip")
                }
            }
        }
    }

    @Test func chineseLocaleTranslatesProductsFieldsAndTooltips() throws {
        let mastercard = try #require(catalog.product(id: 3)).localized(to: "zh_CN")
        #expect(mastercard.displayHints.label == "万事达卡")
        #expect(mastercard.field(id: "cardNumber")?.displayHints.label == "卡号")
        #expect(mastercard.field(id: "cvv")?.displayHints.label == "安全码")
        #expect(mastercard.field(id: "cvv")?.displayHints.tooltip?.label == "卡背面签名栏右侧的 3 位数字")
        let sepa = try #require(catalog.product(id: 771)).localized(to: "zh_CN")
        #expect(sepa.displayHints.label == "SEPA 自动扣款")
        #expect(try #require(catalog.product(id: 771)).localized(to: "de_DE").displayHints.label == "SEPA-Lastschrift")
        #expect(try #require(catalog.product(id: 771)).localized(to: "fr_FR").displayHints.label == "Prélèvement SEPA")
        #expect(try #require(catalog.product(id: 771)).localized(to: "nl_NL").displayHints.label == "SEPA-incasso")
        var changed = 0
        for product in catalog.paymentProducts {
            let chinese = product.localized(to: "zh_CN")
            #expect(chinese.fields.map(\.id) == product.fields.map(\.id))
            changed += chinese.displayHints.label != product.displayHints.label ? 1 : 0
            for (original, translated) in zip(product.fields, chinese.fields) {
                #expect(translated.displayHints.label != original.displayHints.label, "\(product.id)/\(original.id)")
            }
        }
        #expect(changed >= 5)
    }

    @Test func aLocaleWithoutTranslationsKeepsTheEnglishTexts() throws {
        let amex = try #require(catalog.product(id: 2))
        #expect(amex.localized(to: "sv_SE") == amex)
        #expect(amex.localized(to: "en_US") == amex)
    }

    @Test func listingIsInTheContextLocale() {
        let listed = catalog.available(for: Self.context("CN", "CNY", locale: "zh_CN"))
        #expect(listed.first { $0.id == 56 }?.displayHints.label == "银联")
        #expect(listed.first { $0.id == 2 }?.field(id: "cvv")?.displayHints.tooltip?.label == "卡正面卡号上方印有的 4 位数字")
    }

    @Test func aListWithoutFieldsOffersTheSameProductsTranslated() throws {
        let context = Self.context("CN", "CNY", locale: "zh_CN")
        let full = catalog.available(for: context)
        let listed = catalog.available(for: context, includingFields: false)
        #expect(listed.map(\.id) == full.map(\.id))
        #expect(listed.first { $0.id == 56 }?.displayHints.label == "银联")
        #expect(listed.allSatisfy { $0.fields.isEmpty } && full.contains { !$0.fields.isEmpty })
        // What products.list writes is the same either way.
        #expect(try JSONTextEncoder.encode(listed.map(\.basic)) == JSONTextEncoder.encode(full.map(\.basic)))
    }

    // MARK: Availability

    @Test(arguments: [
        // iDEAL: the Netherlands, euros.
        (809, "NL", "EUR", true), (809, "BE", "EUR", false), (809, "NL", "USD", false), (809, "US", "USD", false),
        // Bancontact: Belgium, euros.
        (3012, "BE", "EUR", true), (3012, "NL", "EUR", false), (3012, "BE", "USD", false),
        // Cartes Bancaires: France, any currency.
        (130, "FR", "EUR", true), (130, "FR", "USD", true), (130, "BE", "EUR", false), (130, "DE", "EUR", false),
        // SEPA Direct Debit: euros, any country.
        (771, "DE", "EUR", true), (771, "US", "EUR", true), (771, "DE", "USD", false), (771, "GB", "GBP", false),
        // Card schemes and wallets: everywhere.
        (1, "JP", "JPY", true), (2, "US", "USD", true), (56, "CN", "CNY", true), (302, "KW", "KWD", true),
        (320, "NL", "EUR", true), (840, "BR", "BRL", true),
    ])
    func restrictedProductsAreOfferedOnlyWhereAllowed(_ id: Int, _ country: String, _ currency: String, _ offered: Bool) {
        let listed = catalog.available(for: Self.context(country, currency)).map(\.id)
        #expect(listed.contains(id) == offered)
    }

    @Test func amountLimitsAreMinorUnitsOfTheOnlyCurrency() throws {
        let ideal = try #require(catalog.product(id: 809))
        #expect(ideal.minAmount == 1 && ideal.maxAmount == 5_000_000)
        #expect(!ideal.isAvailable(for: Self.context("NL", "EUR", amount: 0)))
        #expect(ideal.isAvailable(for: Self.context("NL", "EUR", amount: 1)))
        #expect(ideal.isAvailable(for: Self.context("NL", "EUR", amount: 5_000_000)))
        #expect(!ideal.isAvailable(for: Self.context("NL", "EUR", amount: 5_000_001)))
        for product in catalog.paymentProducts where product.minAmount != nil || product.maxAmount != nil {
            #expect(product.restrictions?.currencies?.count == 1, "product \(product.id)")
        }
    }

    @Test func recurringPaymentsListOnlyProductsThatAllowThem() {
        let oneOff = Set(catalog.available(for: Self.context("BE", "EUR")).map(\.id))
        let recurring = Set(catalog.available(for: Self.context("BE", "EUR", recurring: true)).map(\.id))
        #expect(oneOff == [1, 2, 3, 56, 117, 125, 128, 132, 302, 320, 771, 840, 3012])
        #expect(recurring == oneOff.subtracting([302, 320, 3012]))
        #expect(catalog.paymentProducts.filter(\.allowsRecurring).map(\.id).sorted() == [1, 2, 3, 56, 117, 125, 128, 130, 132, 771, 840])
        #expect(catalog.paymentProducts.filter(\.allowsTokenization).map(\.id).sorted() == [1, 2, 3, 56, 117, 125, 128, 130, 132, 771])
    }

    @Test func listingIsOrderedByDisplayOrderWithCardsFirst() {
        let orders = catalog.paymentProducts.map(\.displayHints.displayOrder)
        #expect(Set(orders).count == orders.count)
        let cards = catalog.paymentProducts.filter { $0.paymentMethod == .card }.map(\.displayHints.displayOrder)
        let others = catalog.paymentProducts.filter { $0.paymentMethod != .card }.map(\.displayHints.displayOrder)
        #expect(cards.max()! < others.min()!)
        #expect(catalog.available(for: Self.context("US", "USD")).map(\.id) == [1, 3, 117, 2, 128, 132, 125, 56, 302, 320, 840])
        #expect(catalog.available(for: Self.context("NL", "EUR")).map(\.id)
            == [1, 3, 117, 2, 128, 132, 125, 56, 302, 320, 840, 809, 771])
        #expect(catalog.available(for: Self.context("FR", "EUR")).map(\.id).prefix(5) == [1, 3, 117, 2, 130])
        // PayPal only in the currencies PayPal supports (BlueSnap's PayPal configuration).
        #expect(!catalog.available(for: Self.context("IN", "INR")).map(\.id).contains(840))
        #expect(catalog.available(for: Self.context("JP", "JPY")).map(\.id).contains(840))
    }

    @Test func fieldsAreInDistinctDisplayOrder() {
        for product in catalog.paymentProducts {
            let orders = product.fields.map(\.displayHints.displayOrder)
            #expect(orders == orders.sorted() && Set(orders).count == orders.count, "product \(product.id)")
        }
    }

    // MARK: Rejected files

    struct Rejection: Sendable, CustomTestStringConvertible {
        let name: String
        let edits: [(pointer: String, value: JSONValue?)]
        let paths: [String]
        var testDescription: String { name }
    }

    static let rejections: [Rejection] = {
        let visa = product(1), ideal = product(809), sepa = product(771)
        let visaCVV = visa + "/fields/\(field(1, "cvv"))"
        let visaNumber = visa + "/fields/\(field(1, "cardNumber"))"
        let issuer = ideal + "/fields/\(field(809, "issuerId"))"
        return [
            Rejection(name: "an unknown product member", edits: [(visa + "/surcharge", .bool(true))],
                      paths: [visa + "/surcharge"]),
            Rejection(name: "accounts on file, which only sessions have",
                      edits: [(visa + "/accountsOnFile", .array([.object(["id": .string("tok_1")])]))],
                      paths: [visa + "/accountsOnFile"]),
            Rejection(name: "an unknown validator", edits: [(visaCVV + "/dataRestrictions/validators/cvc", .object([:]))],
                      paths: [visaCVV + "/dataRestrictions/validators/cvc"]),
            Rejection(name: "a parameter of a validator that takes none",
                      edits: [(visaNumber + "/dataRestrictions/validators/luhn/strict", .bool(true))],
                      paths: [visaNumber + "/dataRestrictions/validators/luhn/strict"]),
            Rejection(name: "a tooltip image", edits: [(visaCVV + "/displayHints/tooltip/image", .string("cvv.png"))],
                      paths: [visaCVV + "/displayHints/tooltip/image"]),
            Rejection(name: "an id written as a string", edits: [(visa + "/id", .string("1"))], paths: [visa + "/id"]),
            Rejection(name: "a fractional amount", edits: [(ideal + "/minAmount", .number("0.5"))],
                      paths: [ideal + "/minAmount"]),
            Rejection(name: "an unknown payment method", edits: [(sepa + "/paymentMethod", .string("sepa"))],
                      paths: [sepa + "/paymentMethod"]),
            Rejection(name: "an unknown form element", edits: [(issuer + "/displayHints/formElement/type", .string("select"))],
                      paths: [issuer + "/displayHints/formElement/type"]),
            Rejection(name: "a label that is not text", edits: [(visa + "/labels/zh_CN", .number("1"))],
                      paths: [visa + "/labels/zh_CN"]),
            Rejection(name: "a missing required member", edits: [(visaNumber + "/displayHints/obfuscate", nil)],
                      paths: [visaNumber + "/displayHints/obfuscate"]),
            Rejection(name: "a repeated product id", edits: [(product(3) + "/id", .number("1"))],
                      paths: [product(3) + "/id"]),
            Rejection(name: "a repeated field id", edits: [(visaCVV + "/id", .string("cardNumber"))],
                      paths: [visaCVV + "/id"]),
            Rejection(name: "a regular expression that does not compile",
                      edits: [(visaCVV + "/dataRestrictions/validators/regularExpression/regularExpression", .string("([0-9]{3}"))],
                      paths: [visaCVV + "/dataRestrictions/validators/regularExpression/regularExpression"]),
            Rejection(name: "a regular expression repeating an unbounded repetition",
                      edits: [(visaCVV + "/dataRestrictions/validators/regularExpression/regularExpression", .string("^(a+)+$"))],
                      paths: [visaCVV + "/dataRestrictions/validators/regularExpression/regularExpression"]),
            Rejection(name: "a mask with an unknown placeholder", edits: [(visaNumber + "/displayHints/mask", .string("{{9999}} {{99x9}}"))],
                      paths: [visaNumber + "/displayHints/mask"]),
            Rejection(name: "an unbalanced mask", edits: [(visaNumber + "/displayHints/mask", .string("{{9999 ____"))],
                      paths: [visaNumber + "/displayHints/mask"]),
            Rejection(name: "a minimum above the maximum", edits: [(ideal + "/minAmount", .number("5000001"))],
                      paths: [ideal + "/minAmount"]),
            Rejection(name: "a length whose bounds are crossed",
                      edits: [(visaCVV + "/dataRestrictions/validators/length/minLength", .number("4"))],
                      paths: [visaCVV + "/dataRestrictions/validators/length"]),
            Rejection(name: "an empty fixed list", edits: [(issuer + "/dataRestrictions/validators/fixedList/allowedValues", .array([]))],
                      paths: [issuer + "/dataRestrictions/validators/fixedList/allowedValues"]),
            Rejection(name: "every problem at once",
                      edits: [(visa + "/id", .string("1")), (sepa + "/bogus", .null), (ideal + "/fields", .object([:]))],
                      paths: [visa + "/id", ideal + "/fields", sepa + "/bogus"]),
        ]
    }()

    @Test(arguments: CatalogDataTests.rejections)
    func rejectsABadMemberAtItsPointer(_ rejection: Rejection) throws {
        var document = try JSONParser.parse(EmbeddedCatalog.text)
        for edit in rejection.edits {
            document = Self.setting(document, at: Self.tokens(edit.pointer), to: edit.value)
        }
        #expect(Self.problemPaths(JSONSerializer.string(of: document)) == rejection.paths)
    }

    @Test func rejectsTextThatIsNotJSON() {
        #expect(Self.problemPaths(#"{"version": "1", "paymentProducts": [}"#) == [""])
    }

    @Test func errorsNameTheFileAndThePointer() {
        do {
            _ = try DataFile.decode(PaymentCatalog.self, from: #"{"version": 1, "paymentProducts": []}"#, file: "my-catalog.json")
            Issue.record("decoded")
        } catch {
            #expect(error.description == "my-catalog.json: /version: must be a string, not integer")
        }
    }

    // MARK: The schema of the file

    @Test func schemaEnumsAreTheCoreEnums() throws {
        let definitions = try #require(Self.schema()["definitions"])
        #expect(Self.strings(definitions["PaymentMethod"]?["enum"]) == PaymentMethod.allCases.map(\.rawValue))
        #expect(Self.strings(definitions["FieldType"]?["enum"]) == FieldType.allCases.map(\.rawValue))
        #expect(Self.strings(definitions["FormElement"]?["properties"]?["type"]?["enum"])
            == FormElement.Kind.allCases.map(\.rawValue))
        #expect(Set(Self.keys(definitions["Validators"]?["properties"])) == Self.validatorKinds)
    }

    /// Each object of the schema where the embedded catalog first has it, and each of its
    /// members where the catalog first uses it: an unknown member fails, removing a member
    /// fails exactly when the schema requires it, and a value of the wrong JSON type fails,
    /// each at its own pointer and nowhere else.
    @Test func schemaRequiresAndAllowsWhatTheLoaderDoes() throws {
        let schema = try Self.schema()
        let document = try JSONParser.parse(EmbeddedCatalog.text)
        func paths(_ path: [String], _ value: JSONValue?) -> [String]? {
            Self.problemPaths(JSONSerializer.string(of: Self.setting(document, at: path, to: value)))
        }
        var definitions = Set<String>(), members = Set<String>()
        for node in Self.objects(in: document, schema: schema) {
            let pointer = JSONPointer.string(node.path)
            if definitions.insert(node.definition).inserted, node.schema["additionalProperties"] == .bool(false) {
                let extra = node.path + ["unexpectedMember"]
                #expect(paths(extra, .bool(true)) == [JSONPointer.string(extra)], "\(node.definition) at \(pointer)")
            }
            let required = Set(Self.strings(node.schema["required"]))
            for key in Self.keys(node.schema["properties"]) {
                guard let value = node.value[key], members.insert(node.definition + "." + key).inserted else { continue }
                let member = node.path + [key]
                #expect(paths(member, nil) == (required.contains(key) ? [JSONPointer.string(member)] : nil),
                        "removing \(node.definition).\(key) at \(pointer)")
                let wrong: JSONValue = if case .array = value { .string("x") } else { .array([]) }
                #expect(paths(member, wrong) == [JSONPointer.string(member)], "mistyping \(node.definition).\(key) at \(pointer)")
            }
        }
        let objectDefinitions = Self.keys(schema["definitions"]).filter { schema["definitions"]?[$0]?["type"] == .string("object") }
        #expect(definitions.isSuperset(of: objectDefinitions))
    }

    /// Every member the schema names is used somewhere, so the embedded catalog shows the
    /// loader accepts all of them.
    @Test func theEmbeddedCatalogUsesEveryMemberOfTheSchema() throws {
        let schema = try Self.schema()
        let document = try JSONParser.parse(EmbeddedCatalog.text)
        var used: [String: Set<String>] = [:]
        for node in Self.objects(in: document, schema: schema) {
            guard case .object(let object) = node.value else { continue }
            used[node.definition, default: []].formUnion(object.keys)
        }
        let definitions = try #require(schema["definitions"])
        for name in Self.keys(definitions) {
            guard let properties = definitions[name]?["properties"] else { continue }
            #expect(Set(Self.keys(properties)).subtracting(used[name] ?? []).isEmpty, "\(name)")
        }
        #expect(Set(Self.keys(schema["properties"])) == used["catalog"])
    }

    @Test(.enabled(if: CatalogDataTests.pythonHasJSONSchema()))
    func theDataFileMatchesItsSchema() throws {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1], encoding="utf-8"))
            data = json.load(open(sys.argv[2], encoding="utf-8"))
            for validator in (jsonschema.Draft202012Validator, jsonschema.Draft7Validator):
                validator.check_schema(schema)
                validator(schema, format_checker=validator.FORMAT_CHECKER).validate(data)
            """
        let status = Self.run(["python3", "-c", script,
                               Repository.schemas.appendingPathComponent("files/catalog.json").path,
                               Repository.root.appendingPathComponent("Data/catalog.json").path])
        #expect(status == 0)
    }

    // MARK: Helpers

    static func decode(_ text: String) throws(DataFileError) -> PaymentCatalog {
        try DataFile.decode(PaymentCatalog.self, from: text, file: "catalog.json", inconsistencies: { $0.inconsistencies() })
    }

    /// The pointers of the problems that reject `text`; nil when it decodes.
    static func problemPaths(_ text: String) -> [String]? {
        do {
            _ = try decode(text)
            return nil
        } catch {
            return error.problems.map(\.path)
        }
    }

    static func context(_ country: String, _ currency: String, amount: Int64 = 1000, recurring: Bool = false,
                        locale: String = "en_US") -> PaymentContext {
        PaymentContext(amountOfMoney: AmountOfMoney(amount: amount, currencyCode: currency), countryCode: country,
                       isRecurring: recurring, locale: locale)
    }

    static func kinds(of validators: FieldValidators) -> Set<String> {
        let present: [(String, Bool)] = [
            ("luhn", validators.luhn != nil), ("expirationDate", validators.expirationDate != nil),
            ("length", validators.length != nil), ("range", validators.range != nil),
            ("regularExpression", validators.regularExpression != nil), ("emailAddress", validators.emailAddress != nil),
            ("fixedList", validators.fixedList != nil), ("iban", validators.iban != nil),
            ("termsAndConditions", validators.termsAndConditions != nil),
        ]
        return Set(present.filter(\.1).map(\.0))
    }

    static let embeddedDocument = try! JSONParser.parse(EmbeddedCatalog.text)

    /// The pointer of the product with `id` in the embedded file.
    static func product(_ id: Int) -> String {
        guard case .array(let products)? = embeddedDocument["paymentProducts"],
              let index = products.firstIndex(where: { $0["id"] == .number(String(id)) }) else { return "/missing" }
        return "/paymentProducts/\(index)"
    }

    /// The index of field `id` of product `productId` in the embedded file.
    static func field(_ productId: Int, _ id: String) -> Int {
        guard case .array(let products)? = embeddedDocument["paymentProducts"],
              let product = products.first(where: { $0["id"] == .number(String(productId)) }),
              case .array(let fields)? = product["fields"] else { return -1 }
        return fields.firstIndex { $0["id"] == .string(id) } ?? -1
    }

    static func tokens(_ pointer: String) -> [String] {
        pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
    }

    /// `value` with the member or element at `path` replaced, added, or (for nil) removed.
    static func setting(_ value: JSONValue, at path: [String], to newValue: JSONValue?) -> JSONValue {
        guard let key = path.first else { return newValue ?? .null }
        let rest = Array(path.dropFirst())
        switch value {
        case .object(var object):
            if rest.isEmpty {
                if let index = object.members.firstIndex(where: { $0.key == key }) {
                    if let newValue { object.members[index].value = newValue } else { object.members.remove(at: index) }
                } else if let newValue {
                    object.members.append(JSONObject.Member(key: key, value: newValue))
                }
            } else if let child = object[key], let index = object.members.lastIndex(where: { $0.key == key }) {
                object.members[index].value = setting(child, at: rest, to: newValue)
            }
            return .object(object)
        case .array(var elements):
            guard let index = Int(key), elements.indices.contains(index) else { return value }
            if rest.isEmpty, newValue == nil {
                elements.remove(at: index)
            } else {
                elements[index] = setting(elements[index], at: rest, to: newValue)
            }
            return .array(elements)
        default:
            return value
        }
    }

    static func schema() throws -> JSONValue {
        let url = Repository.schemas.appendingPathComponent("files/catalog.json")
        return try JSONParser.parse(String(contentsOf: url, encoding: .utf8))
    }

    struct SchemaNode {
        var definition: String
        var schema: JSONValue
        var path: [String]
        var value: JSONValue
    }

    /// Every object of `document` with the schema definition that describes it, in document order.
    static func objects(in document: JSONValue, schema: JSONValue) -> [SchemaNode] {
        var found: [SchemaNode] = []
        func resolve(_ node: JSONValue, _ name: String) -> (String, JSONValue) {
            guard let ref = node["$ref"]?.stringValue, ref.hasPrefix("#/definitions/") else { return (name, node) }
            let target = String(ref.dropFirst("#/definitions/".count))
            return resolve(schema["definitions"]?[target] ?? .null, target)
        }
        func walk(_ value: JSONValue, _ node: JSONValue, _ name: String, _ path: [String]) {
            let (name, node) = resolve(node, name)
            switch value {
            case .object(let object):
                found.append(SchemaNode(definition: name, schema: node, path: path, value: value))
                for member in object.members {
                    if let property = node["properties"]?[member.key] {
                        walk(member.value, property, name + "." + member.key, path + [member.key])
                    } else if let additional = node["additionalProperties"], case .object = additional {
                        walk(member.value, additional, name + ".*", path + [member.key])
                    }
                }
            case .array(let elements):
                guard let items = node["items"] else { return }
                for (index, element) in elements.enumerated() {
                    walk(element, items, name + "[]", path + [String(index)])
                }
            default:
                return
            }
        }
        walk(document, schema, "catalog", [])
        return found
    }

    static func strings(_ value: JSONValue?) -> [String] {
        guard case .array(let elements)? = value else { return [] }
        return elements.compactMap(\.stringValue)
    }

    static func keys(_ value: JSONValue?) -> [String] {
        guard case .object(let object)? = value else { return [] }
        return object.keys
    }

    static func pythonHasJSONSchema() -> Bool {
        run(["python3", "-c", "import jsonschema"]) == 0
    }

    static func run(_ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return -1
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
