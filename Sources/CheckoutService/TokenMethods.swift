import CheckoutCore
import JSONRPC

/// The `tokens.*` namespace: cards kept in the platform's vault and offered back
/// as accounts on file (API.md section 4 "Accounts on file and tokens", BlueSnap
/// `submitTokenizedDetails`).
enum TokenMethods {
    static let routes: [any CheckoutMethod.Type] = [Create.self, Update.self, List.self, Delete.self]

    /// `tokens.create`: validate the card and the address data against the session,
    /// then keep the card, with the addresses, for the session's customer.
    enum Create: CheckoutMethod {
        static let name = "tokens.create"

        struct Params: Decodable, Sendable, ParamsChecking {
            let clientSessionId: ClientIdentifier
            let card: CardTokenization.Card?
            /// A card access session (API.md 9.5), in place of `card`.
            let cardSession: ClientIdentifier?
            let billingDetails: Address?
            let shippingDetails: ShippingAddress?
            let email: String?

            static let maximumCardMemberLength = 64

            func check(_ checks: inout ParamChecks) {
                checks.requireAddressBounds(billingDetails, at: "/billingDetails")
                checks.requireAddressBounds(shippingDetails?.address, at: "/shippingDetails")
                checks.refuseCardNumbers(inKeptAddress: billingDetails, at: "/billingDetails")
                checks.refuseCardNumbers(inKeptAddress: shippingDetails?.address, at: "/shippingDetails")
                checks.require(card != nil || cardSession != nil, at: "/card", reading: ["/cardSession"],
                               "is required unless cardSession is given: send exactly one of card and cardSession")
                checks.require(card == nil || cardSession == nil, at: "/cardSession", reading: ["/card"],
                               "must not be given together with card: send exactly one of them")
                guard let card else { return }
                let members = [("cardNumber", card.cardNumber), ("expiryDate", card.expiryDate), ("cvv", card.cvv ?? "")]
                for (member, value) in members {
                    checks.require(value.unicodeScalars.count <= Self.maximumCardMemberLength, at: "/card/\(member)",
                                   "must be at most \(Self.maximumCardMemberLength) characters")
                }
                checks.require((card.cardholderName ?? "").unicodeScalars.count <= 256, at: "/card/cardholderName",
                               "must be at most 256 characters")
            }
        }

        struct Result: Encodable, Sendable {
            let token: String
            let paymentProductId: Int
            let card: TokenizedCard
            let accountOnFile: AccountOnFile
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            let session = try service.sessions.session(id: params.clientSessionId.value)
            guard let card = params.card else { return try fromCardSession(params, session: session, service: service) }
            let configuration = service.configuration
            let details = configuration.iinTable.details(
                forCardNumber: card.cardNumber, brands: configuration.brands,
                isAllowed: { service.isOffered(productId: $0, in: session) })
            let locale = session.context.locale
            let errors = CardTokenization.errors(
                of: card, details: details, acceptedBrands: session.acceptedCardBrands,
                currentMonth: configuration.clock.currentMonth(), brands: configuration.brands, locale: locale)
                + AddressValidation.validate(
                    billingDetails: params.billingDetails, shippingDetails: params.shippingDetails?.address, email: params.email,
                    requirements: session.requirements, locale: locale)
            guard errors.isEmpty, let details, let productId = details.paymentProductId,
                  let brand = configuration.brands.brand(paymentProductId: productId)
                    ?? configuration.brands.brand(ofCardNumber: card.cardNumber)
            else {
                throw CheckoutError.validationFailed(errors)
            }
            let candidate = CardTokenization.token(
                for: card, id: ClientIdentifier.mint(prefix: "tok_").value, customerId: session.customerId,
                paymentProductId: productId, details: details,
                binLength: configuration.iinTable.binLength(forCardNumber: card.cardNumber), brand: brand,
                fingerprintKey: configuration.store.tokens.fingerprintKey, now: configuration.clock.now(),
                billingDetails: params.billingDetails, shippingDetails: params.shippingDetails?.address)
            return try keep(candidate, service: service)
        }

        /// The token of a card access session's card, with the addresses given: the
        /// address data is judged, the access session must be there
        /// (`ACCESS_SESSION_NOT_FOUND`) with a card the session still takes; then it
        /// is used up and the token kept.
        private static func fromCardSession(_ params: Params, session: Session, service: CheckoutService) throws -> Result {
            let errors = AddressValidation.validate(
                billingDetails: params.billingDetails, shippingDetails: params.shippingDetails?.address, email: params.email,
                requirements: session.requirements, locale: session.context.locale)
            guard errors.isEmpty else { throw CheckoutError.validationFailed(errors) }
            let id = params.cardSession?.value ?? ""
            let card = try service.cardSession(id, in: session, path: "/cardSession")
            try service.use([AccessSessionUse(id: id, kind: .card, path: "/cardSession")], in: session)
            var token = card.storedToken(id: ClientIdentifier.mint(prefix: "tok_").value,
                                         customerId: session.customerId, now: service.configuration.clock.now())
            token.billingDetails = params.billingDetails
            token.shippingDetails = params.shippingDetails?.address
            return try keep(token, service: service)
        }

        private static func keep(_ candidate: StoredToken, service: CheckoutService) throws -> Result {
            let stored = try service.vault { try $0.save(candidate) }
            service.logger.info("token stored", metadata: ["token": "\(stored.id)", "bin": "\(stored.bin)",
                                                           "last4": "\(stored.last4Digits)"])
            return Result(token: stored.id, paymentProductId: stored.paymentProductId, card: TokenizedCard(stored),
                          accountOnFile: service.accountOnFile(of: stored))
        }
    }

    /// `tokens.update` (BlueSnap `BSTokenizeExistingCCDetails`): a returning shopper's
    /// stored card gets a renewed expiry date or new billing or shipping details,
    /// judged by `tokens.create`'s rules; the account on file as it is now.
    enum Update: CheckoutMethod {
        static let name = "tokens.update"
        typealias Result = AccountOnFile

        struct Params: Decodable, Sendable, ParamsChecking {
            let customerId: ClientIdentifier
            let token: ClientIdentifier
            let billingDetails: Nullable<Address>?
            let shippingDetails: Nullable<ShippingAddress>?
            let expiryDate: String?

            /// There is no session to take a locale from: messages are in en_US
            /// (`errorMessageId` is what a client localizes by).
            static let locale = "en_US"

            func check(_ checks: inout ParamChecks) {
                checks.require((expiryDate ?? "").unicodeScalars.count <= Create.Params.maximumCardMemberLength,
                               at: "/expiryDate", "must be at most \(Create.Params.maximumCardMemberLength) characters")
                checks.requireAddressBounds(billingDetails?.value, at: "/billingDetails")
                checks.requireAddressBounds(shippingDetails?.value?.address, at: "/shippingDetails")
                checks.refuseCardNumbers(inKeptAddress: billingDetails?.value, at: "/billingDetails")
                checks.refuseCardNumbers(inKeptAddress: shippingDetails?.value?.address, at: "/shippingDetails")
            }

            /// The change these params ask for, once they passed `TokenChange.errors`:
            /// the expiry date as `MMYY`.
            func change(currentMonth: CalendarMonth) -> TokenChange {
                TokenChange(billingDetails: Self.change(billingDetails),
                            shippingDetails: Self.change(shippingDetails?.map(\.address)),
                            expiryDate: expiryDate.map { TokenChange.normalizedExpiryDate($0, currentMonth: currentMonth) })
            }

            private static func change(_ member: Nullable<Address>?) -> TokenChange.AddressChange {
                switch member {
                case nil: .keep
                case .null?: .remove
                case .value(let address)?: .replace(address)
                }
            }
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            let currentMonth = service.configuration.clock.currentMonth()
            let errors = TokenChange.errors(
                expiryDate: params.expiryDate, billingDetails: params.billingDetails?.value,
                shippingDetails: params.shippingDetails?.value?.address, currentMonth: currentMonth,
                locale: Params.locale)
            guard errors.isEmpty else { throw CheckoutError.validationFailed(errors) }
            let change = params.change(currentMonth: currentMonth)
            let outcome = try service.vault {
                try $0.update(id: params.token.value, customerId: params.customerId.value, change)
            }
            switch outcome {
            case .updated(let token):
                service.logger.info("token updated", metadata: ["token": "\(token.id)"])
                return service.accountOnFile(of: token)
            case .notFound:
                throw CheckoutError.tokenNotFound(token: params.token.value)
            case .sameCardExists:
                throw CheckoutError.validationFailed([ValidationError(
                    fieldId: TokenChange.expiryDateFieldId, errorMessageId: .expirationDate,
                    message: ValidationMessages.sameCardStored(locale: Params.locale))])
            }
        }
    }

    /// `tokens.list`: the customer's tokens as accounts on file, oldest first.
    enum List: CheckoutMethod {
        static let name = "tokens.list"
        static let access = StateAccess.reads

        struct Params: Decodable, Sendable {
            let customerId: ClientIdentifier
        }

        struct Result: Encodable, Sendable {
            let tokens: [AccountOnFile]
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            let tokens = try service.vault { try $0.tokens(customerId: params.customerId.value) }
            return Result(tokens: tokens.map(service.accountOnFile(of:)))
        }
    }

    /// `tokens.delete`: forget one of the customer's tokens.
    enum Delete: CheckoutMethod {
        static let name = "tokens.delete"

        struct Params: Decodable, Sendable {
            let customerId: ClientIdentifier
            let token: ClientIdentifier
        }

        struct Result: Encodable, Sendable {
            let deleted: Bool
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            let deleted = try service.vault { try $0.delete(id: params.token.value, customerId: params.customerId.value) }
            guard deleted else { throw CheckoutError.tokenNotFound(token: params.token.value) }
            return Result(deleted: true)
        }
    }
}

/// The card of a token as `tokens.create` reports it: never more than the bin and
/// the last four digits.
struct TokenizedCard: Encodable, Sendable {
    let brand: String
    let bin: String
    let last4Digits: String
    let issuingCountry: String?
    let cardType: CardType?
    let expiryDate: String

    init(_ token: StoredToken) {
        brand = token.brand
        bin = token.bin
        last4Digits = token.last4Digits
        issuingCountry = token.issuingCountry
        cardType = token.cardType
        expiryDate = token.expiryDate
    }
}
