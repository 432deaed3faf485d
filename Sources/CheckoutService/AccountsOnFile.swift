import CheckoutCore

extension CheckoutService {
    /// The accounts on file for `tokens` of `customerId`, in the order given.
    /// No tokens are kept yet, so any token is `TOKEN_NOT_FOUND`.
    func accountsOnFile(tokens: [String], customerId: String) throws(CheckoutError) -> [AccountOnFile] {
        if let token = tokens.first { throw .tokenNotFound(token: token) }
        return []
    }
}
