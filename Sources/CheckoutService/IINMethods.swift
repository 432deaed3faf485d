import CheckoutCore
import JSONRPC

/// The `iin.*` namespace: what the first digits of a card say about it
/// (API.md section 4 "Card input", Online Payments IIN details).
enum IINMethods {
    static let routes: [any CheckoutMethod.Type] = [Details.self]

    /// `iin.details`: the product, country and type of the card typed so far, and its co-brands.
    enum Details: CheckoutMethod {
        static let name = "iin.details"
        static let access = StateAccess.reads
        typealias Result = IINDetails

        struct Params: Decodable, Sendable, ParamsChecking {
            let clientSessionId: ClientIdentifier
            let bin: String

            static let maximumLength = 64

            func check(_ checks: inout ParamChecks) {
                checks.require(bin.utf8.count <= Self.maximumLength && bin.utf8.allSatisfy { $0 == 0x20 || (0x30...0x39).contains($0) },
                               at: "/bin", "must hold only digits and spaces (at most \(Self.maximumLength) characters)")
            }
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> IINDetails {
            let session = try service.sessions.session(id: params.clientSessionId.value)
            let configuration = service.configuration
            guard let details = configuration.iinTable.details(
                forCardNumber: params.bin, brands: configuration.brands,
                isAllowed: { service.isOffered(productId: $0, in: session) })
            else {
                throw RPCError.invalidParams(path: "/bin", "must hold only digits and spaces")
            }
            return details
        }
    }
}

extension CheckoutService {
    /// True when the catalog has the product and the session is offered it.
    func isOffered(productId: Int, in session: Session) -> Bool {
        configuration.catalog.product(id: productId).map { isOffered($0, in: session) } ?? false
    }

    /// True when the session is offered the catalog's `product`.
    func isOffered(_ product: PaymentProduct, in session: Session) -> Bool {
        product.isAvailable(for: session.context)
            && product.isAccepted(by: session.acceptedCardBrands, brands: configuration.brands)
    }
}
