import CheckoutCore

extension CheckoutService {
    /// The key card fingerprints are made with: the store's, so fingerprints made by
    /// any process on the store match.
    var fingerprintKey: CardFingerprintKey { configuration.store.tokens.fingerprintKey }

    /// The customer's token `token`; `TOKEN_NOT_FOUND` when the customer has none by that id.
    func storedToken(_ token: String, customerId: String) throws -> StoredToken {
        guard let stored = try vault({ try $0.token(id: token, customerId: customerId) }) else {
            throw CheckoutError.tokenNotFound(token: token)
        }
        return stored
    }
}
