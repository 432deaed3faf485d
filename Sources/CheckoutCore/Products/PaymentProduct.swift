/// A payment product of the catalog (Visa, iDEAL, SEPA Direct Debit, …): what a
/// customer picks from, and the fields they fill in to pay with it.
///
/// One type serves the catalog and the wire. Decoding reads the catalog shape,
/// which adds `restrictions` (where the product is offered) and `labels` (the
/// product's name per locale) to the wire shape and has no accounts on file.
/// Encoding writes the wire shape of `PaymentProduct`; `basic` is the
/// `BasicPaymentProduct` view without fields.
public struct PaymentProduct: Sendable, Hashable {
    public var id: Int
    public var paymentMethod: PaymentMethod
    /// The group the product belongs to (`cards` for every card scheme).
    public var paymentProductGroup: String?
    public var displayHints: ProductDisplayHints
    public var allowsRecurring: Bool
    public var allowsTokenization: Bool
    public var usesRedirectionTo3rdParty: Bool
    /// Whether a payment with the product makes an account on file without being
    /// asked (Online Payments `autoTokenized`).
    public var autoTokenized: Bool
    /// The smallest amount, in minor units of the context currency, the product accepts.
    public var minAmount: Int64?
    /// The largest amount, in minor units of the context currency, the product accepts.
    public var maxAmount: Int64?
    public var fields: [PaymentProductField]
    /// The session's accounts on file for this product; never part of the catalog.
    public var accountsOnFile: [AccountOnFile]
    /// Where the product is offered; nil means everywhere.
    public var restrictions: ProductRestrictions?
    /// The product's label per locale (`zh_CN`); `displayHints.label` is the default.
    public var labels: LocalizedLabels?

    public init(
        id: Int, paymentMethod: PaymentMethod, paymentProductGroup: String? = nil, displayHints: ProductDisplayHints,
        allowsRecurring: Bool, allowsTokenization: Bool, usesRedirectionTo3rdParty: Bool, autoTokenized: Bool = false,
        minAmount: Int64? = nil, maxAmount: Int64? = nil, fields: [PaymentProductField],
        accountsOnFile: [AccountOnFile] = [], restrictions: ProductRestrictions? = nil, labels: LocalizedLabels? = nil
    ) {
        self.id = id
        self.paymentMethod = paymentMethod
        self.paymentProductGroup = paymentProductGroup
        self.displayHints = displayHints
        self.allowsRecurring = allowsRecurring
        self.allowsTokenization = allowsTokenization
        self.usesRedirectionTo3rdParty = usesRedirectionTo3rdParty
        self.autoTokenized = autoTokenized
        self.minAmount = minAmount
        self.maxAmount = maxAmount
        self.fields = fields
        self.accountsOnFile = accountsOnFile
        self.restrictions = restrictions
        self.labels = labels
    }

    /// The field with `id`, if the product has one.
    public func field(id: String) -> PaymentProductField? {
        fields.first { $0.id == id }
    }

    /// The product without its fields, as `products.list` shows it.
    public var basic: BasicPaymentProduct { BasicPaymentProduct(product: self) }

    /// The product with its logo's URL below `base` (`AssetBase.resolve`).
    public func withLogo(resolvedAgainst base: AssetBase) -> PaymentProduct {
        var copy = self
        copy.displayHints.logo = base.resolve(displayHints.logo)
        return copy
    }
}

/// How a product is paid.
public enum PaymentMethod: String, Sendable, Hashable, Codable, CaseIterable {
    case card, redirect, mobile, directDebit
}

/// How a product is shown in a list: its position, name and logo.
public struct ProductDisplayHints: Sendable, Hashable, Codable {
    /// Products are listed by ascending `displayOrder`.
    public var displayOrder: Int
    public var label: String
    /// The logo: in the catalog a path below the asset base (`pp_logo_1.png`) or an
    /// absolute URL; on the wire its URL (`PaymentProduct.withLogo(resolvedAgainst:)`).
    public var logo: String

    public init(displayOrder: Int, label: String, logo: String) {
        self.displayOrder = displayOrder
        self.label = label
        self.logo = logo
    }
}

/// Where a product is offered: the countries and currencies of the payment context
/// it accepts. A missing list puts no restriction on that member.
public struct ProductRestrictions: Sendable, Hashable, Codable {
    public var countries: [String]?
    public var currencies: [String]?

    public init(countries: [String]? = nil, currencies: [String]? = nil) {
        self.countries = countries
        self.currencies = currencies
    }
}

/// `BasicPaymentProduct`: a product as `products.list` shows it, without fields.
public struct BasicPaymentProduct: Sendable, Hashable, Encodable {
    public let product: PaymentProduct

    public func encode(to encoder: any Encoder) throws {
        try product.encodeWireMembers(to: encoder, includingFields: false)
    }
}

extension PaymentProduct: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, paymentMethod, paymentProductGroup, displayHints, allowsRecurring, allowsTokenization,
             usesRedirectionTo3rdParty, autoTokenized, minAmount, maxAmount, accountsOnFile, fields, restrictions, labels
    }

    /// Decodes a catalog entry: the wire members plus `restrictions` and
    /// `labels`. `autoTokenized` defaults to false. `accountsOnFile` may be
    /// given, empty, so that a `products.get` answer is a catalog entry too;
    /// accounts on file belong to sessions, so any in it are refused.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _ = try container.decodeIfPresent(NoAccountsOnFile.self, forKey: .accountsOnFile)
        self.init(
            id: try container.decode(Int.self, forKey: .id),
            paymentMethod: try container.decode(PaymentMethod.self, forKey: .paymentMethod),
            paymentProductGroup: try container.decodeIfPresent(String.self, forKey: .paymentProductGroup),
            displayHints: try container.decode(ProductDisplayHints.self, forKey: .displayHints),
            allowsRecurring: try container.decode(Bool.self, forKey: .allowsRecurring),
            allowsTokenization: try container.decode(Bool.self, forKey: .allowsTokenization),
            usesRedirectionTo3rdParty: try container.decode(Bool.self, forKey: .usesRedirectionTo3rdParty),
            autoTokenized: try container.decodeIfPresent(Bool.self, forKey: .autoTokenized) ?? false,
            minAmount: try container.decodeIfPresent(Int64.self, forKey: .minAmount),
            maxAmount: try container.decodeIfPresent(Int64.self, forKey: .maxAmount),
            fields: try container.decode([PaymentProductField].self, forKey: .fields),
            restrictions: try container.decodeIfPresent(ProductRestrictions.self, forKey: .restrictions),
            labels: try container.decodeIfPresent(LocalizedLabels.self, forKey: .labels))
    }

    /// Encodes the wire shape of `PaymentProduct`; catalog-only members are left out.
    public func encode(to encoder: any Encoder) throws {
        try encodeWireMembers(to: encoder, includingFields: true)
    }

    fileprivate func encodeWireMembers(to encoder: any Encoder, includingFields: Bool) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(paymentMethod, forKey: .paymentMethod)
        try container.encodeIfPresent(paymentProductGroup, forKey: .paymentProductGroup)
        try container.encode(displayHints, forKey: .displayHints)
        try container.encode(allowsRecurring, forKey: .allowsRecurring)
        try container.encode(allowsTokenization, forKey: .allowsTokenization)
        try container.encode(usesRedirectionTo3rdParty, forKey: .usesRedirectionTo3rdParty)
        try container.encode(autoTokenized, forKey: .autoTokenized)
        try container.encodeIfPresent(minAmount, forKey: .minAmount)
        try container.encodeIfPresent(maxAmount, forKey: .maxAmount)
        try container.encode(accountsOnFile, forKey: .accountsOnFile)
        if includingFields { try container.encode(fields, forKey: .fields) }
    }
}

/// The `accountsOnFile` a catalog entry may carry: an empty list, nothing else.
private struct NoAccountsOnFile: Decodable {
    init(from decoder: any Decoder) throws {
        let list = try decoder.unkeyedContainer()
        guard list.isAtEnd else {
            throw DecodingError.dataCorruptedError(in: list,
                debugDescription: "must be empty in a catalog: accounts on file belong to sessions")
        }
    }
}
