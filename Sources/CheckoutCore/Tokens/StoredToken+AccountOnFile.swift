extension StoredToken {
    /// The token as an account on file for its product: `alias` and `cardholderName`
    /// READ_ONLY, `expiryDate` CAN_WRITE (a renewed card), `cvv` MUST_WRITE (never
    /// kept); labelled by the alias through the product's card-number mask, with
    /// the product's logo, with the token's billing and shipping addresses. A
    /// product the catalog no longer has gives the default card mask and no logo.
    public func accountOnFile(product: PaymentProduct?) -> AccountOnFile {
        var attributes = [
            AccountOnFileAttribute(key: "alias", value: alias, status: .readOnly),
            AccountOnFileAttribute(key: "expiryDate", value: expiryDate, status: .canWrite),
        ]
        if let cardholderName {
            attributes.append(AccountOnFileAttribute(key: "cardholderName", value: cardholderName, status: .readOnly))
        }
        attributes.append(AccountOnFileAttribute(key: "cvv", value: "", status: .mustWrite))
        let mask = product?.field(id: "cardNumber")?.displayHints.mask ?? (try? Mask(CardBrand.defaultMask))
        return AccountOnFile(
            id: id, paymentProductId: paymentProductId, attributes: attributes,
            displayHints: AccountOnFileDisplayHints(
                labelTemplate: [LabelTemplateElement(attributeKey: "alias", mask: mask)],
                logo: product?.displayHints.logo ?? ""),
            billingDetails: billingDetails, shippingDetails: shippingDetails)
    }
}
