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

    /// A token as an account on file for its catalog product, with the product's logo
    /// resolved against the asset base.
    func accountOnFile(of token: StoredToken) -> AccountOnFile {
        var account = token.accountOnFile(product: configuration.catalog.product(id: token.paymentProductId))
        account.displayHints.logo = configuration.assetBase.resolve(account.displayHints.logo)
        return account
    }

    /// Runs a vault operation; a store that cannot answer is `STORE_UNAVAILABLE`.
    func vault<Value>(_ operation: (any TokenVault) throws -> Value) throws -> Value {
        do {
            return try operation(configuration.store.tokens)
        } catch let error as StoreUnavailable {
            logger.warning("store unavailable", metadata: ["detail": "\(error.message)"])
            throw CheckoutError.storeUnavailable(error)
        }
    }
}
