import CheckoutCore
import JSONRPC

/// The `productGroups.*` namespace: payment products offered as one entry
/// (API.md 9.3, Online Payments `groupPaymentProducts`).
enum ProductGroupMethods {
    static let routes: [any CheckoutMethod.Type] = [Get.self]

    /// `productGroups.get`: a group the session is offered, with its fields.
    enum Get: CheckoutMethod {
        static let name = "productGroups.get"
        static let access = StateAccess.reads
        typealias Result = PaymentProductGroup

        struct Params: Decodable, Sendable {
            let clientSessionId: ClientIdentifier
            let paymentProductGroupId: String
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> PaymentProductGroup {
            let session = try service.sessions.session(id: params.clientSessionId.value)
            let products = service.products(for: session)
            guard let group = PaymentProductGroup.groups(of: products, locale: session.context.locale,
                                                         assetBase: service.configuration.assetBase)
                    .first(where: { $0.id == params.paymentProductGroupId }),
                  let first = products.first(where: { $0.id == group.paymentProductIds.first })
            else {
                throw CheckoutError.unknownProductGroup(paymentProductGroupId: params.paymentProductGroupId)
            }
            return group.withFields(of: first)
        }
    }
}
