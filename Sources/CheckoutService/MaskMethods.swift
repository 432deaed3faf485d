import CheckoutCore
import JSONRPC

/// The `mask.*` namespace: the Online Payments mask language (API.md section 8).
enum MaskMethods {
    static let routes: [any CheckoutMethod.Type] = [Apply.self, Remove.self]

    /// `mask.apply`: format a value as typed, keeping the caret in place.
    enum Apply: CheckoutMethod {
        static let name = "mask.apply"
        static let access = StateAccess.none
        typealias Result = MaskedValue

        struct Params: Decodable, Sendable, ParamsChecking {
            let value: String
            let mask: Mask
            let cursor: CaretPosition?

            func check(_ checks: inout ParamChecks) {
                cursor?.require(within: value, at: "/cursor", textPath: "/value", &checks)
            }
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> MaskedValue {
            params.mask.apply(to: params.value, cursor: params.cursor?.offset)
        }
    }

    /// `mask.remove`: the characters of a masked value that fill the placeholders.
    enum Remove: CheckoutMethod {
        static let name = "mask.remove"
        static let access = StateAccess.none

        struct Params: Decodable, Sendable {
            let value: String
            let mask: Mask
        }

        struct Result: Encodable, Sendable {
            let value: String
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            Result(value: params.mask.remove(from: params.value))
        }
    }
}
