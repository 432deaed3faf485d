import CheckoutCore
import Testing

@Suite("Payment product groups")
struct PaymentProductGroupTests {
    static let ideal = PaymentProduct(
        id: 809, paymentMethod: .redirect, displayHints: ProductDisplayHints(displayOrder: 5, label: "iDEAL", logo: "809.png"),
        allowsRecurring: false, allowsTokenization: false, usesRedirectionTo3rdParty: true, fields: [])

    /// Products of a group make one entry in the order they come, with the lowest
    /// display order and the label of the locale; products without a group make none.
    @Test(arguments: [("nl_NL", "Kaarten"), ("fr_FR", "Cartes"), ("ja_JP", "Cards")])
    func cardProductsFormOneGroup(_ locale: String, _ label: String) {
        let mastercard = ValidationFixtures.mastercard
        let products = [mastercard, Self.ideal, ValidationFixtures.visa]
        let groups = PaymentProductGroup.groups(of: products, locale: locale, assetBase: .default)
        #expect(groups.map(\.id) == ["cards"])
        #expect(groups.first?.paymentProductIds == [3, 1])
        #expect(groups.first?.displayHints.displayOrder == 1)
        #expect(groups.first?.displayHints.label == label)
        #expect(groups.first?.displayHints.logo == "https://assets.checkoutd.invalid/pp_group_cards.png")
        #expect(groups.first?.fields == nil, "a listed group has no fields")
    }

    /// The group's fields are its first product's, with the card number and CVC
    /// open to every member.
    @Test func theFieldsTakeAnyCardOfTheGroup() throws {
        let visa = ValidationFixtures.visa
        let group = try #require(PaymentProductGroup.groups(of: [visa], locale: "en_US", assetBase: .default).first)
            .withFields(of: visa)
        let fields = try #require(group.fields)
        #expect(fields.map(\.id) == ["cardNumber", "expiryDate", "cvv", "cardholderName"])
        #expect(fields[0].dataRestrictions.validators
                == FieldValidators(luhn: NoRuleParameters(), length: LengthRule(minLength: 12, maxLength: 19)))
        #expect(fields[2].dataRestrictions.validators.length == LengthRule(minLength: 3, maxLength: 4))
        #expect(fields[2].dataRestrictions.validators.regularExpression == RegularExpressionRule(regularExpression: "^[0-9]{3,4}$"))
        #expect(fields[1] == visa.field(id: "expiryDate"), "other fields stay as the product has them")
    }
}
