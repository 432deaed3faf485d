/// A checkout session: who is paying, for what, and with which options, for a
/// limited time (Online Payments `Session` with its `PaymentContext`, BlueSnap's
/// token with its `sdkRequest`). Everything a caller does runs in one.
///
/// Besides its wire shape a session remembers the amounts it was opened with, so that
/// every currency change converts from them (see `changeCurrency(to:rates:)`).
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
    /// Whether `session.changeCurrency` and a new currency in `session.update` are allowed (BlueSnap `allowCurrencyChange`).
    public var allowCurrencyChange: Bool
    /// The device-fingerprinting session id for fraud screening (BlueSnap Kount's): given, or minted.
    public var fraudSessionId: String
    /// Whether the session ends when a payment on it is captured, as a BlueSnap token does.
    public var endOnPayment: Bool
    /// True once the session has ended with its payment (`endOnPayment`).
    public var completed: Bool
    /// The amount the session was opened with, in its original currency. Not on the wire.
    public private(set) var originalAmountOfMoney: AmountOfMoney
    /// The tax the session was opened with, in minor units of the original currency. Not on the wire.
    public private(set) var originalTaxAmount: Int64
    /// The cards authenticated with 3-D Secure in this session, newest last. Not on the wire.
    public private(set) var authentications: [CardAuthentication] = []

    public init(
        clientSessionId: String, customerId: String, appIdentifier: String? = nil, createdAt: Timestamp,
        expiresAt: Timestamp, context: PaymentContext, taxAmount: Int64 = 0,
        requirements: CheckoutRequirements = CheckoutRequirements(), acceptedBrands: [String] = [],
        accountsOnFile: [AccountOnFile] = [], threeDS: ThreeDSPreferences = ThreeDSPreferences(),
        allowCurrencyChange: Bool = true, fraudSessionId: String = "", endOnPayment: Bool = false, completed: Bool = false
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
        self.allowCurrencyChange = allowCurrencyChange
        self.fraudSessionId = fraudSessionId
        self.endOnPayment = endOnPayment
        self.completed = completed
        self.originalAmountOfMoney = context.amountOfMoney
        self.originalTaxAmount = taxAmount
    }

    private enum CodingKeys: String, CodingKey {
        case clientSessionId, customerId, appIdentifier, createdAt, expiresAt, context, taxAmount, requirements,
             acceptedBrands, accountsOnFile, threeDS, allowCurrencyChange, fraudSessionId, endOnPayment, completed
    }

    /// Reads the wire shape; the amounts read are the original ones.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            clientSessionId: try container.decode(String.self, forKey: .clientSessionId),
            customerId: try container.decode(String.self, forKey: .customerId),
            appIdentifier: try container.decodeIfPresent(String.self, forKey: .appIdentifier),
            createdAt: try container.decode(Timestamp.self, forKey: .createdAt),
            expiresAt: try container.decode(Timestamp.self, forKey: .expiresAt),
            context: try container.decode(PaymentContext.self, forKey: .context),
            taxAmount: try container.decode(Int64.self, forKey: .taxAmount),
            requirements: try container.decode(CheckoutRequirements.self, forKey: .requirements),
            acceptedBrands: try container.decode([String].self, forKey: .acceptedBrands),
            accountsOnFile: try container.decode([AccountOnFile].self, forKey: .accountsOnFile),
            threeDS: try container.decode(ThreeDSPreferences.self, forKey: .threeDS),
            allowCurrencyChange: try container.decodeIfPresent(Bool.self, forKey: .allowCurrencyChange) ?? true,
            fraudSessionId: try container.decodeIfPresent(String.self, forKey: .fraudSessionId) ?? "",
            endOnPayment: try container.decodeIfPresent(Bool.self, forKey: .endOnPayment) ?? false,
            completed: try container.decodeIfPresent(Bool.self, forKey: .completed) ?? false)
    }

    /// Makes the current amounts the ones later currency changes convert from
    /// (`session.update`).
    mutating func rebaseOriginalAmounts() {
        originalAmountOfMoney = context.amountOfMoney
        originalTaxAmount = taxAmount
    }

    /// Puts back the amounts the session was opened with, which its wire shape
    /// leaves out (`SessionRecord`).
    mutating func restoreOriginalAmounts(_ amountOfMoney: AmountOfMoney, taxAmount: Int64) {
        originalAmountOfMoney = amountOfMoney
        originalTaxAmount = taxAmount
    }

    /// Remembers a successful authentication, replacing an earlier one of the same
    /// card and forgetting the oldest beyond `CardAuthentication.maximumPerSession`.
    public mutating func remember(_ authentication: CardAuthentication) {
        authentications.removeAll { $0.cardFingerprint == authentication.cardFingerprint }
        authentications.append(authentication)
        if authentications.count > CardAuthentication.maximumPerSession { authentications.removeFirst() }
    }

    /// Puts back the authentications a store kept (`SessionRecord`).
    mutating func restoreAuthentications(_ kept: [CardAuthentication]) {
        authentications = kept
    }

    /// The successful authentication of the card with `fingerprint` in this session, if any.
    public func authentication(ofCardWithFingerprint fingerprint: String) -> CardAuthentication? {
        authentications.last { $0.cardFingerprint == fingerprint }
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

/// Whether the session runs 3-D Secure, whether the simulated directory server
/// bypasses authentication, and whether card payments on the session need a
/// successful authentication (BlueSnap `activate3DS`).
public struct ThreeDSPreferences: Sendable, Hashable, Codable {
    public var enabled: Bool
    public var bypass: Bool
    public var required: Bool

    public init(enabled: Bool = true, bypass: Bool = false, required: Bool = false) {
        self.enabled = enabled
        self.bypass = bypass
        self.required = required
    }

    private enum CodingKeys: String, CodingKey { case enabled, bypass, required }

    /// Members left out default to enabled, no bypass, not required.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(enabled: try container.decodeIfPresent(Bool.self, forKey: .enabled) ?? true,
                  bypass: try container.decodeIfPresent(Bool.self, forKey: .bypass) ?? false,
                  required: try container.decodeIfPresent(Bool.self, forKey: .required) ?? false)
    }
}
