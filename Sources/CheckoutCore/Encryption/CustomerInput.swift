/// The plaintext of `encryptedCustomerInput`: what the customer entered for one
/// payment product, as the Online Payments SDKs serialise a prepared payment
/// request. Encodes as
/// `{"clientSessionId", "nonce", "paymentProductId", "accountOnFileId"?, "tokenize"?, "paymentValues": [{"key", "value"}]}`
/// with `tokenize` only when true and `accountOnFileId` (a string) only with an
/// account on file.
public struct CustomerInput: Sendable, Hashable, Codable {
    /// One field's unmasked value.
    public struct PaymentValue: Sendable, Hashable, Codable {
        public var key: String
        public var value: String

        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    public var clientSessionId: String
    /// A fresh UUID, so no two encryptions of the same input are alike.
    public var nonce: String
    public var paymentProductId: Int
    public var accountOnFileId: String?
    public var tokenize: Bool
    public var paymentValues: [PaymentValue]

    /// The input for one product: `paymentValues` are the non-empty unmasked
    /// values of its fields in display order, as `PaymentRequestValidation.judge`
    /// yields them. Values the account on file already holds are carried by
    /// `accountOnFileId` and not repeated unless the customer typed them.
    public init(
        clientSessionId: String, nonce: String, paymentProductId: Int, accountOnFileId: String? = nil,
        tokenize: Bool = false, paymentValues: [PaymentValue]
    ) {
        self.clientSessionId = clientSessionId
        self.nonce = nonce
        self.paymentProductId = paymentProductId
        self.accountOnFileId = accountOnFileId
        self.tokenize = tokenize
        self.paymentValues = paymentValues
    }

    private enum CodingKeys: String, CodingKey {
        case clientSessionId, nonce, paymentProductId, accountOnFileId, tokenize, paymentValues
    }

    /// Reads the plaintext as a platform receives it: `tokenize` absent is false.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            clientSessionId: try container.decode(String.self, forKey: .clientSessionId),
            nonce: try container.decode(String.self, forKey: .nonce),
            paymentProductId: try container.decode(Int.self, forKey: .paymentProductId),
            accountOnFileId: try container.decodeIfPresent(String.self, forKey: .accountOnFileId),
            tokenize: try container.decodeIfPresent(Bool.self, forKey: .tokenize) ?? false,
            paymentValues: try container.decode([PaymentValue].self, forKey: .paymentValues))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(clientSessionId, forKey: .clientSessionId)
        try container.encode(nonce, forKey: .nonce)
        try container.encode(paymentProductId, forKey: .paymentProductId)
        try container.encodeIfPresent(accountOnFileId, forKey: .accountOnFileId)
        if tokenize { try container.encode(true, forKey: .tokenize) }
        try container.encode(paymentValues, forKey: .paymentValues)
    }
}
