import CheckoutCore
import JSONRPC

/// The `card.*` namespace: Access Checkout card validation and PAN formatting
/// (API.md section 4 "Card input" and section 5).
enum CardMethods {
    static let routes: [any CheckoutMethod.Type] = [Validate.self, Format.self]

    /// `card.validate`: the brand and the state of each field as the customer types.
    enum Validate: CheckoutMethod {
        static let name = "card.validate"
        /// Runs beside earlier requests unless it names a session, whose accepted brands it reads.
        static let execution = Execution.independent(orderedWhenGiven: "clientSessionId")
        typealias Result = CardValidationResultText

        struct Params: Decodable, Sendable, Hashable, PlainParams {
            // Read as typed from the request's bytes, which makes no strings.
            let pan: TypedCardNumber?
            let expiryDate: TypedExpiryDate?
            let cvc: TypedCVC?
            let acceptedBrands: [String]?
            let clientSessionId: ClientIdentifier?

            init?(plain params: inout PlainParamsReader) {
                pan = params.string("pan", fromUTF8: TypedCardNumber.init(typed:))
                expiryDate = params.string("expiryDate", fromUTF8: TypedExpiryDate.init(typed:))
                cvc = params.string("cvc", fromUTF8: TypedCVC.init(typed:))
                acceptedBrands = params.strings("acceptedBrands")
                clientSessionId = params.string("clientSessionId", as: ClientIdentifier.init(validating:))
            }
        }

        /// `acceptedBrands`, when given, replaces the session's list for this call.
        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            let session = try params.clientSessionId.map { try service.sessions.session(id: $0.value) }
            let acceptedBrands = params.acceptedBrands.map { AcceptedBrands(codes: $0) } ?? session?.acceptedCardBrands ?? .all
            let judgement = CardValidation.judge(
                pan: params.pan, expiryDate: params.expiryDate, cvc: params.cvc, acceptedBrands: acceptedBrands,
                currentMonth: service.configuration.clock.currentMonth(), brands: service.configuration.brands)
            return CardValidationResultText(judgement, table: service.configuration.brands, brands: service.prewrittenBrands)
        }
    }

    /// `card.format`: the card number laid out with its brand's mask, caret kept among the digits.
    enum Format: CheckoutMethod {
        static let name = "card.format"
        static let execution = Execution.independent()
        typealias Result = FormattedCardNumber

        struct Params: Decodable, Sendable, ParamsChecking {
            let pan: String
            let cursor: CaretPosition?

            func check(_ checks: inout ParamChecks) {
                cursor?.require(within: pan, at: "/cursor", textPath: "/pan", &checks)
            }
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> FormattedCardNumber {
            CardNumberFormatting.format(pan: params.pan, cursor: params.cursor?.offset, brands: service.configuration.brands)
        }
    }
}
