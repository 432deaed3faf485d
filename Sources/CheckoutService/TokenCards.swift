import CheckoutCore

extension CheckoutService {
    /// The card that `token` of `customerId` was made from, as 3-D Secure sees it.
    /// No tokens are kept yet, so any token is `TOKEN_NOT_FOUND`.
    func threeDSCard(ofToken token: String, customerId: String) throws(CheckoutError) -> ThreeDSCard {
        throw .tokenNotFound(token: token)
    }
}
