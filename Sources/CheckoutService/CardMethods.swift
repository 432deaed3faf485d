import CheckoutCore
import JSONRPC

/// The `card.*` namespace: Access Checkout card validation, PAN formatting and the
/// brand table (API.md section 4 "Card input", section 5 and section 9.4).
enum CardMethods {
    static let routes: [any CheckoutMethod.Type] = [Validate.self, Format.self, Brands.self]

    /// `card.validate`: the brand and the state of each field as the customer types.
    enum Validate: CheckoutMethod {
        static let name = "card.validate"
        typealias Result = CardValidationResult

        struct Params: Decodable, Sendable, Hashable, ParamsChecking {
            let pan: String?
            let expiryDate: String?
            let cvc: String?
            let acceptedBrands: [String]?
            let clientSessionId: ClientIdentifier?

            func check(_ checks: inout ParamChecks) {
                checks.requireBrandCodes(acceptedBrands, at: "/acceptedBrands")
            }
        }

        /// Reads state only when it names a session, whose accepted brands it uses.
        static func access(for params: Params) -> StateAccess {
            params.clientSessionId == nil ? .none : .reads
        }

        /// `acceptedBrands`, when given, replaces the session's list for this call.
        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            let acceptedBrands = try service.acceptedBrands(params.acceptedBrands, sessionId: params.clientSessionId)
            return CardValidation.validate(
                pan: params.pan, expiryDate: params.expiryDate, cvc: params.cvc, acceptedBrands: acceptedBrands,
                currentMonth: service.configuration.clock.currentMonth(), brands: service.configuration.brands)
        }
    }

    /// `card.brands`: every brand of the table with its prefixes, images and whether it
    /// is accepted (Access Checkout's `CardTypes` configuration).
    enum Brands: CheckoutMethod {
        static let name = "card.brands"

        struct Params: Decodable, Sendable, Hashable, ParamsChecking {
            let clientSessionId: ClientIdentifier?
            let acceptedBrands: [String]?

            func check(_ checks: inout ParamChecks) {
                checks.requireBrandCodes(acceptedBrands, at: "/acceptedBrands")
            }
        }

        struct Result: Encodable, Sendable {
            let brands: [ListedCardBrand]
        }

        /// Reads state only when it names a session, whose accepted brands it uses.
        static func access(for params: Params) -> StateAccess {
            params.clientSessionId == nil ? .none : .reads
        }

        /// `acceptedBrands`, when given, replaces the session's list for this call.
        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            let acceptedBrands = try service.acceptedBrands(params.acceptedBrands, sessionId: params.clientSessionId)
            return Result(brands: service.configuration.brands.listing(acceptedBrands: acceptedBrands))
        }
    }

    /// `card.format`: the card number laid out with its brand's mask, caret kept among the digits.
    enum Format: CheckoutMethod {
        static let name = "card.format"
        static let access = StateAccess.none
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

extension CheckoutService {
    /// The brands a card call accepts: `codes` when given, else those of the session
    /// named (`SESSION_NOT_FOUND`, `SESSION_EXPIRED`), else every brand.
    func acceptedBrands(_ codes: [String]?, sessionId: ClientIdentifier?) throws -> AcceptedBrands {
        let session = try sessionId.map { try sessions.session(id: $0.value) }
        return codes.map { AcceptedBrands(codes: $0) } ?? session?.acceptedCardBrands ?? .all
    }
}
