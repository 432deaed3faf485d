import CheckoutCore

extension CheckoutService {
    /// The card that `token` of `customerId` was made from, as 3-D Secure sees it:
    /// its brand, and a number test that compares keyed fingerprints, since the
    /// vault never keeps the number. A token the customer does not have is
    /// `TOKEN_NOT_FOUND`.
    func threeDSCard(ofToken token: String, customerId: String) throws -> ThreeDSCard {
        guard let stored = try vault({ try $0.token(id: token, customerId: customerId) }) else {
            throw CheckoutError.tokenNotFound(token: token)
        }
        let key = configuration.store.tokens.fingerprintKey
        return ThreeDSCard(brandCode: stored.brand, isCardNumber: { key.fingerprint(ofCardNumber: $0) == stored.fingerprint })
    }
}
