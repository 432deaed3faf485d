import CheckoutCore
import JSONRPC

/// The `address.*` namespace: billing and shipping address data checked by
/// BlueSnap's rules (API.md section 4 "Addresses" and section 6).
enum AddressMethods {
    static let routes: [any CheckoutMethod.Type] = [Validate.self]

    /// `address.validate`: every problem of the addresses and the e-mail against the requirements.
    enum Validate: CheckoutMethod {
        static let name = "address.validate"
        static let access = StateAccess.none

        struct Params: Decodable, Sendable, ParamsChecking {
            let billingDetails: Address?
            let shippingDetails: ShippingAddress?
            let email: String?
            let requirements: CheckoutRequirements?
            let locale: String?

            static let defaultLocale = "en_US"

            func check(_ checks: inout ParamChecks) {
                checks.requireAddressBounds(billingDetails, at: "/billingDetails")
                checks.requireAddressBounds(shippingDetails?.address, at: "/shippingDetails")
                if let locale {
                    checks.require(CodeFormat.isLocale(locale), at: "/locale", "must be language_REGION, e.g. en_US")
                }
            }
        }

        struct Result: Encodable, Sendable {
            let valid: Bool
            let errors: [ValidationError]
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            let errors = AddressValidation.validate(
                billingDetails: params.billingDetails, shippingDetails: params.shippingDetails?.address, email: params.email,
                requirements: params.requirements ?? CheckoutRequirements(), locale: params.locale ?? Params.defaultLocale)
            return Result(valid: errors.isEmpty, errors: errors)
        }
    }
}
