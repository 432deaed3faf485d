/// The platform's payment products: the embedded catalog, or the one `--catalog`
/// names. `available(for:)` is what `paymentItemsForContext` answers.
public struct PaymentCatalog: Sendable, Hashable, Codable {
    /// Reported by `service.info` as `catalogVersion`.
    public var version: String
    public var paymentProducts: [PaymentProduct]

    public init(version: String, paymentProducts: [PaymentProduct]) {
        self.version = version
        self.paymentProducts = paymentProducts
    }

    /// The product with `id`, whatever the context.
    public func product(id: Int) -> PaymentProduct? {
        paymentProducts.first { $0.id == id }
    }

    /// The products offered in `context` to a merchant accepting `acceptedBrands`,
    /// ordered by `displayOrder` (then id), with labels in the context's locale and
    /// each with the `accountsOnFile` that belong to it. Without `includingFields`
    /// they have no fields, as a list of products shows them (`BasicPaymentProduct`).
    public func available(
        for context: PaymentContext, acceptedBrands: AcceptedBrands = .all, brands: CardBrandTable = .standard,
        accountsOnFile: [AccountOnFile] = [], includingFields: Bool = true
    ) -> [PaymentProduct] {
        paymentProducts
            .filter { $0.isAvailable(for: context) && $0.isAccepted(by: acceptedBrands, brands: brands) }
            .sorted { ($0.displayHints.displayOrder, $0.id) < ($1.displayHints.displayOrder, $1.id) }
            .map { $0.offered(in: context, accountsOnFile: accountsOnFile, includingFields: includingFields) }
    }

    /// What makes the catalog unusable although every member has the right type:
    /// repeated product or field ids, a minimum above the maximum, a regular
    /// expression that does not compile, a fixed list without values.
    public func inconsistencies() -> [DataInconsistency] {
        var found: [DataInconsistency] = []
        var seenProducts = Set<Int>()
        for (index, product) in paymentProducts.enumerated() {
            let path = "/paymentProducts/\(index)"
            if !seenProducts.insert(product.id).inserted {
                found.append(DataInconsistency(path: path + "/id", message: "product id \(product.id) appears more than once"))
            }
            found += product.inconsistencies(at: path)
        }
        return found
    }
}

/// Where a product is offered, and how it reads in a locale.
extension PaymentProduct {
    /// True when the context's country and currency are allowed, its amount lies within
    /// `minAmount`...`maxAmount`, and the product allows recurring payments if the
    /// context is recurring.
    public func isAvailable(for context: PaymentContext) -> Bool {
        if let countries = restrictions?.countries, !countries.contains(context.countryCode) { return false }
        if let currencies = restrictions?.currencies, !currencies.contains(context.amountOfMoney.currencyCode) {
            return false
        }
        if let minAmount, context.amountOfMoney.amount < minAmount { return false }
        if let maxAmount, context.amountOfMoney.amount > maxAmount { return false }
        return allowsRecurring || !context.isRecurring
    }

    /// False for a card scheme's product whose brand the merchant does not accept;
    /// products that are no card brand (iDEAL, Bancontact) are never refused this way.
    public func isAccepted(by acceptedBrands: AcceptedBrands, brands: CardBrandTable = .standard) -> Bool {
        guard paymentMethod == .card, let brand = brands.brand(paymentProductId: id) else {
            return true
        }
        return acceptedBrands.accepts(brand)
    }

    /// The product as a session sees it: localized, with its accounts on file;
    /// without `includingFields`, without fields (none is translated).
    public func offered(in context: PaymentContext, accountsOnFile: [AccountOnFile],
                        includingFields: Bool = true) -> PaymentProduct {
        var product = withAccounts(from: accountsOnFile)
        if !includingFields { product.fields = [] }
        return product.localized(to: context.locale)
    }

    /// The product with those of `accountsOnFile` that belong to it, labels untranslated.
    public func withAccounts(from accountsOnFile: [AccountOnFile]) -> PaymentProduct {
        var copy = self
        copy.accountsOnFile = accountsOnFile.filter { $0.paymentProductId == id }
        return copy
    }

    /// The fields by ascending `displayOrder`; fields with the same order keep their
    /// place in `fields` (catalogs usually list them in order already).
    public var fieldsInDisplayOrder: [PaymentProductField] {
        let isSorted = fields.indices.dropFirst().allSatisfy { index in
            fields[index - 1].displayHints.displayOrder <= fields[index].displayHints.displayOrder
        }
        if isSorted { return fields }
        let orders = fields.map(\.displayHints.displayOrder)
        return fields.indices.sorted { (orders[$0], $0) < (orders[$1], $1) }.map { fields[$0] }
    }

    /// The product with its label, its fields' labels and tooltips in `locale`; texts
    /// the catalog has no translation for keep their default.
    public func localized(to locale: String) -> PaymentProduct {
        var copy = self
        copy.displayHints.label = labels?.label(for: locale) ?? displayHints.label
        copy.fields = fields.map { $0.localized(to: locale) }
        return copy
    }

    func inconsistencies(at path: String) -> [DataInconsistency] {
        var found: [DataInconsistency] = []
        if id < 1 { found.append(DataInconsistency(path: path + "/id", message: "must be 1 or more")) }
        for (name, amount) in [("minAmount", minAmount), ("maxAmount", maxAmount)] where (amount ?? 0) < 0 {
            found.append(DataInconsistency(path: "\(path)/\(name)", message: "must be 0 or more"))
        }
        if let minAmount, let maxAmount, minAmount > maxAmount {
            found.append(DataInconsistency(path: path + "/minAmount", message: "is greater than maxAmount"))
        }
        for (index, country) in (restrictions?.countries ?? []).enumerated() where !CodeFormat.isCountryCode(country) {
            found.append(DataInconsistency(path: "\(path)/restrictions/countries/\(index)",
                                           message: "must be an ISO 3166-1 alpha-2 code of two upper-case letters"))
        }
        for (index, currency) in (restrictions?.currencies ?? []).enumerated() where !CodeFormat.isCurrencyCode(currency) {
            found.append(DataInconsistency(path: "\(path)/restrictions/currencies/\(index)",
                                           message: "must be an ISO 4217 code of three upper-case letters"))
        }
        found += labels?.inconsistencies(at: path + "/labels") ?? []
        var seenFields = Set<String>()
        for (index, field) in fields.enumerated() {
            let fieldPath = "\(path)/fields/\(index)"
            if !seenFields.insert(field.id).inserted {
                found.append(DataInconsistency(path: fieldPath + "/id", message: "field id \(field.id) appears more than once"))
            }
            found += field.dataRestrictions.validators.inconsistencies(at: fieldPath + "/dataRestrictions/validators")
            found += field.labels?.inconsistencies(at: fieldPath + "/labels") ?? []
            found += field.displayHints.tooltip?.labels?.inconsistencies(at: fieldPath + "/displayHints/tooltip/labels") ?? []
        }
        return found
    }
}

extension PaymentProductField {
    /// The field with its label and tooltip in `locale`.
    public func localized(to locale: String) -> PaymentProductField {
        var copy = self
        copy.displayHints.label = labels?.label(for: locale) ?? displayHints.label
        if let tooltip = displayHints.tooltip {
            copy.displayHints.tooltip?.label = tooltip.labels?.label(for: locale) ?? tooltip.label
        }
        return copy
    }
}

/// A problem in a data file that decoding alone does not catch, at a JSON Pointer.
public struct DataInconsistency: Sendable, Hashable {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }
}
