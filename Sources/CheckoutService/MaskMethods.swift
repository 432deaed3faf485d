import CheckoutCore
import JSONRPC

/// The `mask.*` namespace: the Online Payments mask language (API.md section 8).
enum MaskMethods {
    static let routes: [any CheckoutMethod.Type] = [Apply.self, Remove.self]

    /// `mask.apply`: format a value as typed, keeping the caret in place.
    enum Apply: CheckoutMethod {
        static let name = "mask.apply"
        typealias Result = MaskedValue

        struct Params: Decodable, Sendable {
            let value: String
            let mask: String
            let cursor: Int?
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> MaskedValue {
            var problems = ParamChecks()
            let mask = problems.mask(params.mask, at: "/mask")
            if let cursor = params.cursor {
                problems.check(cursor >= 0 && cursor <= params.value.unicodeScalars.count, at: "/cursor",
                               "must be between 0 and the length of value (\(params.value.unicodeScalars.count) characters)")
            }
            try problems.throwIfAny()
            return mask!.apply(to: params.value, cursor: params.cursor)
        }
    }

    /// `mask.remove`: the characters of a masked value that fill the placeholders.
    enum Remove: CheckoutMethod {
        static let name = "mask.remove"

        struct Params: Decodable, Sendable {
            let value: String
            let mask: String
        }

        struct Result: Encodable, Sendable {
            let value: String
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            var problems = ParamChecks()
            let mask = problems.mask(params.mask, at: "/mask")
            try problems.throwIfAny()
            return Result(value: mask!.remove(from: params.value))
        }
    }
}
