/// A stored payment account offered for reuse (Online Payments `AccountOnFile`):
/// the values kept for it, which of them a payment may change, and the label a
/// customer recognises it by. Its `id` is the token. It carries the shopper's
/// stored billing and shipping addresses, when the token has them, so a checkout
/// can prefill its form for a returning shopper (BlueSnap `BSSdkRequest`
/// `billingDetails` / `shippingDetails`).
public struct AccountOnFile: Sendable, Hashable, Codable {
    public var id: String
    public var paymentProductId: Int
    public var attributes: [AccountOnFileAttribute]
    public var displayHints: AccountOnFileDisplayHints
    /// The template's attributes laid out by their masks, relaxed so masked
    /// characters fit: `4111 11XX XXXX 1111`.
    public var label: String
    /// The billing address kept with the token (it may carry `email`).
    public var billingDetails: Address?
    /// The shipping address kept with the token.
    public var shippingDetails: Address?

    public init(id: String, paymentProductId: Int, attributes: [AccountOnFileAttribute],
                displayHints: AccountOnFileDisplayHints, billingDetails: Address? = nil, shippingDetails: Address? = nil) {
        self.id = id
        self.paymentProductId = paymentProductId
        self.attributes = attributes
        self.displayHints = displayHints
        self.label = Self.label(attributes: attributes, template: displayHints.labelTemplate)
        self.billingDetails = billingDetails
        self.shippingDetails = shippingDetails
    }

    /// The stored attribute for a field, if any.
    public func attribute(key: String) -> AccountOnFileAttribute? {
        attributes.first { $0.key == key }
    }

    /// Each template element's attribute value formatted by its mask with every
    /// placeholder widened to `*`, trailing separators trimmed, joined by spaces.
    static func label(attributes: [AccountOnFileAttribute], template: [LabelTemplateElement]) -> String {
        template.compactMap { element -> String? in
            guard let value = attributes.first(where: { $0.key == element.attributeKey })?.value, !value.isEmpty else {
                return nil
            }
            guard let mask = element.mask else { return value }
            return trimmingTrailingSeparators(mask.relaxed.apply(to: value).value)
        }.joined(separator: " ")
    }

    private static func trimmingTrailingSeparators(_ text: String) -> String {
        var scalars = Array(text.unicodeScalars)
        while let last = scalars.last, !last.properties.isAlphabetic, !("0"..."9").contains(last) {
            scalars.removeLast()
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }
}

/// One stored value of an account on file, and what a payment may do with it.
public struct AccountOnFileAttribute: Sendable, Hashable, Codable {
    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        /// Kept and fixed: a payment may not send another value (`readOnly`).
        case readOnly = "READ_ONLY"
        /// Kept, and a payment may replace it (a renewed expiry date).
        case canWrite = "CAN_WRITE"
        /// Never kept (the CVC): every payment must send it; the value is empty.
        case mustWrite = "MUST_WRITE"
    }

    public var key: String
    public var value: String
    public var status: Status

    public init(key: String, value: String, status: Status) {
        self.key = key
        self.value = value
        self.status = status
    }
}

/// How an account on file is shown: which attributes make its label, and its logo.
public struct AccountOnFileDisplayHints: Sendable, Hashable, Codable {
    public var labelTemplate: [LabelTemplateElement]
    public var logo: String

    public init(labelTemplate: [LabelTemplateElement], logo: String) {
        self.labelTemplate = labelTemplate
        self.logo = logo
    }
}

/// One attribute shown in an account's label, with the mask that lays it out.
public struct LabelTemplateElement: Sendable, Hashable, Codable {
    public var attributeKey: String
    public var mask: Mask?

    public init(attributeKey: String, mask: Mask?) {
        self.attributeKey = attributeKey
        self.mask = mask
    }
}
