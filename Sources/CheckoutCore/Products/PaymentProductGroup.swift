/// Payment products offered as one entry (Online Payments `paymentItemsForContext:
/// groupPaymentProducts:`): the customer picks "cards" and types a number, and
/// the IIN then names the product. Every card product is in the `cards` group.
public struct PaymentProductGroup: Sendable, Hashable, Encodable {
    public var id: String
    public var displayHints: ProductDisplayHints
    /// The group's available products, in display order.
    public var paymentProductIds: [Int]
    /// The session's accounts on file for any of its products.
    public var accountsOnFile: [AccountOnFile]
    /// The group's fields (`productGroups.get`); nil in a list.
    public var fields: [PaymentProductField]?

    /// The `cards` group's name per locale, as the seed SDKs label it.
    static let labels: [String: String] = [
        "en_US": "Cards", "zh_CN": "银行卡", "nl_NL": "Kaarten", "de_DE": "Karten", "fr_FR": "Cartes",
    ]

    /// The groups that `products` (available, localized, in display order)
    /// form, each with the lowest display order of its members and the logo
    /// `pp_group_<id>.png` below `assetBase`, as the products' logos are.
    public static func groups(of products: [PaymentProduct], locale: String, assetBase: AssetBase) -> [PaymentProductGroup] {
        var groups: [PaymentProductGroup] = []
        for product in products {
            guard let id = product.paymentProductGroup else { continue }
            if let index = groups.firstIndex(where: { $0.id == id }) {
                groups[index].paymentProductIds.append(product.id)
                groups[index].accountsOnFile += product.accountsOnFile
                groups[index].displayHints.displayOrder = min(groups[index].displayHints.displayOrder,
                                                              product.displayHints.displayOrder)
            } else {
                let label = labels[locale] ?? labels[PaymentContext.defaultLocale]!
                groups.append(PaymentProductGroup(
                    id: id, displayHints: ProductDisplayHints(displayOrder: product.displayHints.displayOrder,
                                                              label: id == "cards" ? label : id,
                                                              logo: assetBase.resolve("pp_group_\(id).png")),
                    paymentProductIds: [product.id], accountsOnFile: product.accountsOnFile))
            }
        }
        return groups
    }

    /// The group with the fields a customer fills in before the card says which
    /// product it is: those of its first product, with the card number open to
    /// every length a member takes (12–19, Luhn) and the CVC to 3–4 digits.
    public func withFields(of first: PaymentProduct) -> PaymentProductGroup {
        var group = self
        group.fields = first.fieldsInDisplayOrder.map { field in
            var field = field
            switch field.id {
            case "cardNumber":
                field.dataRestrictions.validators = FieldValidators(luhn: NoRuleParameters(),
                                                                    length: LengthRule(minLength: 12, maxLength: 19))
            case "cvv":
                field.dataRestrictions.validators = FieldValidators(
                    length: LengthRule(minLength: 3, maxLength: 4),
                    regularExpression: RegularExpressionRule(regularExpression: "^[0-9]{3,4}$"))
            default:
                break
            }
            return field
        }
        return group
    }
}
