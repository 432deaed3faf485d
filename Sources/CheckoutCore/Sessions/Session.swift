/// A checkout session: who is paying, for what, and with which options, for a
/// limited time (Online Payments `Session` with its `PaymentContext`, BlueSnap's
/// token with its `sdkRequest`). Everything a caller does runs in one.
public struct Session: Sendable, Hashable, Codable {
    public var clientSessionId: String
    public var customerId: String
    public var appIdentifier: String?
    public var createdAt: Timestamp
    public var expiresAt: Timestamp
    public var context: PaymentContext
    /// Tax included in the amount, in minor units of the context currency; 0 when none was given.
    public var taxAmount: Int64
    public var requirements: CheckoutRequirements
    /// Brand codes in lower case; empty accepts every brand.
    public var acceptedBrands: [String]
    public var accountsOnFile: [AccountOnFile]
    public var threeDS: ThreeDSPreferences

    public init(
        clientSessionId: String, customerId: String, appIdentifier: String? = nil, createdAt: Timestamp,
        expiresAt: Timestamp, context: PaymentContext, taxAmount: Int64 = 0,
        requirements: CheckoutRequirements = CheckoutRequirements(), acceptedBrands: [String] = [],
        accountsOnFile: [AccountOnFile] = [], threeDS: ThreeDSPreferences = ThreeDSPreferences()
    ) {
        self.clientSessionId = clientSessionId
        self.customerId = customerId
        self.appIdentifier = appIdentifier
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.context = context
        self.taxAmount = taxAmount
        self.requirements = requirements
        self.acceptedBrands = acceptedBrands
        self.accountsOnFile = accountsOnFile
        self.threeDS = threeDS
    }

    /// The brands the session accepts, for card rules.
    public var acceptedCardBrands: AcceptedBrands { AcceptedBrands(codes: acceptedBrands) }

    /// The session's account on file with `id`, if it offers one.
    public func accountOnFile(id: String) -> AccountOnFile? {
        accountsOnFile.first { $0.id == id }
    }
}

/// What the checkout must collect besides the card (BlueSnap `sdkRequest`).
public struct CheckoutRequirements: Sendable, Hashable, Codable {
    public var withEmail: Bool
    public var withShipping: Bool
    public var fullBilling: Bool

    public init(withEmail: Bool = true, withShipping: Bool = false, fullBilling: Bool = false) {
        self.withEmail = withEmail
        self.withShipping = withShipping
        self.fullBilling = fullBilling
    }

    private enum CodingKeys: String, CodingKey { case withEmail, withShipping, fullBilling }

    /// Members left out take BlueSnap's defaults: e-mail on, shipping and full billing off.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(withEmail: try container.decodeIfPresent(Bool.self, forKey: .withEmail) ?? true,
                  withShipping: try container.decodeIfPresent(Bool.self, forKey: .withShipping) ?? false,
                  fullBilling: try container.decodeIfPresent(Bool.self, forKey: .fullBilling) ?? false)
    }
}

/// Whether the session runs 3-D Secure, and whether the simulated directory server
/// bypasses authentication.
public struct ThreeDSPreferences: Sendable, Hashable, Codable {
    public var enabled: Bool
    public var bypass: Bool

    public init(enabled: Bool = true, bypass: Bool = false) {
        self.enabled = enabled
        self.bypass = bypass
    }

    private enum CodingKeys: String, CodingKey { case enabled, bypass }

    /// Members left out default to enabled, no bypass.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(enabled: try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true,
                  bypass: try container.decodeIfPresent(Bool.self, forKey: .bypass) ?? false)
    }
}
