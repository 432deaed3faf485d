import JSONRPC

/// A checkoutd method: one type per method carrying its wire name, `Params`,
/// `Result` and the few lines that map params to the core and back.
protocol CheckoutMethod: RPCMethod {
    static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result
}

extension CheckoutService {
    /// Every method checkoutd serves, one list per namespace file. A test checks
    /// this list against `Schemas/methods` and the `rpc.discover` document.
    static let routes: [any CheckoutMethod.Type] = ServiceMethods.routes + SessionMethods.routes + ProductMethods.routes + ProductGroupMethods.routes
        + PaymentRequestMethods.routes + MaskMethods.routes + CardMethods.routes + IINMethods.routes
        + CurrencyMethods.routes + EncryptionMethods.routes + AddressMethods.routes
        + TokenMethods.routes + ThreeDSMethods.routes + AccessSessionMethods.routes + PaymentMethods.routes
}
