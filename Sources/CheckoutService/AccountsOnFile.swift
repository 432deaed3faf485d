import CheckoutCore
import JSONRPC

extension CheckoutService {
    /// The accounts on file for `tokens` of `customerId`, in the order given; a token
    /// the customer does not have is `TOKEN_NOT_FOUND`.
    func accountsOnFile(tokens: [String], customerId: String) throws -> [AccountOnFile] {
        try tokens.map { id in
            guard let token = try vault({ try $0.token(id: id, customerId: customerId) }) else {
                throw CheckoutError.tokenNotFound(token: id)
            }
            return accountOnFile(of: token)
        }
    }

    /// A token as an account on file for its catalog product.
    func accountOnFile(of token: StoredToken) -> AccountOnFile {
        token.accountOnFile(product: configuration.catalog.product(id: token.paymentProductId))
    }

    /// Runs a vault operation; a store failure is an internal error that says what failed.
    func vault<Value>(_ operation: (any TokenVault) throws -> Value) throws -> Value {
        do {
            return try operation(configuration.vault)
        } catch let error as VaultError {
            logger.error("token vault failed", metadata: ["detail": "\(error.message)"])
            throw RPCError.internalError("the token vault failed: \(error.message)")
        }
    }
}
