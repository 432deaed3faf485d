import CheckoutCore
import JSONRPC

/// The `products.*` namespace: the payment products offered in a session
/// (API.md section 4 "Payment products").
enum ProductMethods {
    static let routes: [any CheckoutMethod.Type] = [List.self, Get.self]

    /// `products.list`: the basic products offered for the session's context, and its accounts on file.
    enum List: CheckoutMethod {
        static let name = "products.list"
        static let access = StateAccess.reads

        struct Params: Decodable, Sendable {
            let clientSessionId: ClientIdentifier
            /// Products of a group are offered as one entry of `paymentProductGroups`.
            let groupPaymentProducts: Bool?
        }

        struct Result: Encodable, Sendable {
            let paymentProducts: [BasicPaymentProduct]
            /// Present with `groupPaymentProducts`.
            let paymentProductGroups: [PaymentProductGroup]?
            let accountsOnFile: [AccountOnFile]
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            let session = try service.sessions.session(id: params.clientSessionId.value)
            let products = service.products(for: session, includingFields: false)
            let offered = Set(products.map(\.id))
            let accounts = session.accountsOnFile.filter { offered.contains($0.paymentProductId) }
            guard params.groupPaymentProducts == true else {
                return Result(paymentProducts: products.map(\.basic), paymentProductGroups: nil, accountsOnFile: accounts)
            }
            return Result(paymentProducts: products.filter { $0.paymentProductGroup == nil }.map(\.basic),
                          paymentProductGroups: PaymentProductGroup.groups(
                              of: products, locale: session.context.locale, assetBase: service.configuration.assetBase),
                          accountsOnFile: accounts)
        }
    }

    /// `products.get`: one product with its fields, if the session is offered it.
    enum Get: CheckoutMethod {
        static let name = "products.get"
        static let access = StateAccess.reads
        typealias Result = PaymentProduct

        struct Params: Decodable, Sendable {
            let clientSessionId: ClientIdentifier
            let paymentProductId: Int
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> PaymentProduct {
            let session = try service.sessions.session(id: params.clientSessionId.value)
            return try service.product(id: params.paymentProductId, for: session)
        }
    }
}

extension CheckoutService {
    /// The products the session is offered, in display order and its locale, their
    /// logos resolved against the asset base.
    /// The products offered in the session; without `includingFields`, without
    /// their fields (for a list, which does not show them).
    func products(for session: Session, includingFields: Bool = true) -> [PaymentProduct] {
        configuration.catalog.available(for: session.context, acceptedBrands: session.acceptedCardBrands,
                                        brands: configuration.brands, accountsOnFile: session.accountsOnFile,
                                        includingFields: includingFields)
            .map { $0.withLogo(resolvedAgainst: configuration.assetBase) }
    }

    /// The product with `id` as the session sees it; `UNKNOWN_PRODUCT` when the catalog
    /// has none, `PRODUCT_NOT_AVAILABLE` when it is not offered in the session.
    func product(id: Int, for session: Session) throws(CheckoutError) -> PaymentProduct {
        try offeredProduct(id: id, for: session).offered(in: session.context, accountsOnFile: session.accountsOnFile)
            .withLogo(resolvedAgainst: configuration.assetBase)
    }

    /// The catalog's product with `id` when the session is offered it (the errors
    /// are those of `product(id:for:)`), as the catalog has it: no accounts on
    /// file, labels untranslated. All that validating and encrypting a payment
    /// request needs, without copying the product to attach the accounts or every
    /// field to translate it.
    func offeredProduct(id: Int, for session: Session) throws(CheckoutError) -> PaymentProduct {
        guard let product = configuration.catalog.product(id: id) else { throw .unknownProduct(paymentProductId: id) }
        guard isOffered(product, in: session) else {
            throw .productNotAvailable(paymentProductId: id, context: session.context)
        }
        return product
    }
}
