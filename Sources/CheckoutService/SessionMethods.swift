import CheckoutCore
import JSONRPC

/// The `session.*` namespace: the checkout session and its payment context
/// (API.md section 4 "Sessions").
enum SessionMethods {
    static let routes: [any CheckoutMethod.Type] = [Initialize.self, Get.self, Update.self, Close.self, ChangeCurrency.self]

    /// `session.init`: open (or replace) a session for a payment context.
    enum Initialize: CheckoutMethod {
        static let name = "session.init"
        typealias Result = Session

        struct Params: Decodable, Sendable, ParamsChecking {
            let clientSessionId: ClientIdentifier?
            let customerId: ClientIdentifier?
            let appIdentifier: String?
            let context: PaymentContext
            let taxAmount: Int64?
            let requirements: CheckoutRequirements?
            let acceptedBrands: [String]?
            let accountsOnFile: [String]?
            let threeDS: ThreeDSPreferences?
            let allowCurrencyChange: Bool?
            let fraudSessionId: FraudSessionId?
            let endOnPayment: Bool?

            static let maximumAccountsOnFile = 10

            func check(_ checks: inout ParamChecks) {
                let money = context.amountOfMoney
                checks.require((0...AmountOfMoney.maximumAmount).contains(money.amount), at: "/context/amountOfMoney/amount",
                               "must be from 0 to \(AmountOfMoney.maximumAmount)")
                checks.requireCurrencyCode(money.currencyCode, at: "/context/amountOfMoney/currencyCode")
                checks.require(CodeFormat.isCountryCode(context.countryCode), at: "/context/countryCode",
                               "must be an ISO 3166-1 alpha-2 code of two upper-case letters")
                checks.require(CodeFormat.isLocale(context.locale), at: "/context/locale",
                               "must be language_REGION, e.g. en_US")
                if let taxAmount, money.amount >= 0 {
                    checks.require((0...money.amount).contains(taxAmount), at: "/taxAmount",
                                   reading: ["/context/amountOfMoney/amount"],
                                   "must be from 0 to the amount (\(money.amount)), in the same currency")
                }
                if let appIdentifier {
                    checks.require((1...256).contains(appIdentifier.unicodeScalars.count), at: "/appIdentifier",
                                   "must be 1-256 characters")
                }
                if let accountsOnFile {
                    checks.require(accountsOnFile.count <= Self.maximumAccountsOnFile, at: "/accountsOnFile",
                                   "may hold at most \(Self.maximumAccountsOnFile) tokens")
                    for (index, token) in accountsOnFile.enumerated() {
                        checks.refuseCardNumber(in: token, at: "/accountsOnFile/\(index)")
                    }
                }
                checks.refuseCardNumber(in: appIdentifier, at: "/appIdentifier")
                checks.requireBrandCodes(acceptedBrands, at: "/acceptedBrands")
            }
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Session {
            let currencyCode = params.context.amountOfMoney.currencyCode
            guard service.configuration.rates.currency(code: currencyCode) != nil else {
                throw CheckoutError.unknownCurrency(currencyCode: currencyCode, path: "/context/amountOfMoney/currencyCode")
            }
            let customerId = params.customerId ?? ClientIdentifier.mint(prefix: "cus_")
            let accountsOnFile = try service.accountsOnFile(tokens: params.accountsOnFile ?? [], customerId: customerId.value)
            let now = service.configuration.clock.now()
            let session = Session(
                clientSessionId: (params.clientSessionId ?? ClientIdentifier.mint(prefix: "cs_")).value,
                customerId: customerId.value,
                appIdentifier: params.appIdentifier,
                createdAt: now,
                expiresAt: now.adding(seconds: service.configuration.sessionTimeToLive),
                context: params.context,
                taxAmount: params.taxAmount ?? 0,
                requirements: params.requirements ?? CheckoutRequirements(),
                acceptedBrands: uniqueLowercased(params.acceptedBrands ?? []),
                accountsOnFile: accountsOnFile,
                threeDS: params.threeDS ?? ThreeDSPreferences(),
                allowCurrencyChange: params.allowCurrencyChange ?? true,
                fraudSessionId: (params.fraudSessionId ?? .mint()).value,
                endOnPayment: params.endOnPayment ?? false)
            try service.sessions.insert(session)
            return session
        }

        private static func uniqueLowercased(_ codes: [String]) -> [String] {
            var seen = Set<String>()
            return codes.map { $0.lowercased() }.filter { seen.insert($0).inserted }
        }
    }

    /// `session.get`: the session as it stands.
    enum Get: CheckoutMethod {
        static let name = "session.get"
        static let access = StateAccess.reads
        typealias Result = Session

        struct Params: Decodable, Sendable {
            let clientSessionId: ClientIdentifier
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Session {
            try service.sessions.anySession(id: params.clientSessionId.value)
        }
    }

    /// `session.update`: new amounts or context for the session (BlueSnap
    /// `setAmountsAndCurrency`, the tax update after a shipping change); they
    /// become the amounts `session.changeCurrency` converts from.
    enum Update: CheckoutMethod {
        static let name = "session.update"
        typealias Result = Session

        struct Params: Decodable, Sendable, ParamsChecking {
            let clientSessionId: ClientIdentifier
            let amountOfMoney: AmountOfMoney?
            let taxAmount: Int64?
            let countryCode: String?
            let locale: String?
            let isRecurring: Bool?

            func check(_ checks: inout ParamChecks) {
                if let amountOfMoney {
                    checks.require((0...AmountOfMoney.maximumAmount).contains(amountOfMoney.amount), at: "/amountOfMoney/amount",
                                   "must be from 0 to \(AmountOfMoney.maximumAmount)")
                    checks.requireCurrencyCode(amountOfMoney.currencyCode, at: "/amountOfMoney/currencyCode")
                }
                if let taxAmount {
                    checks.require((0...AmountOfMoney.maximumAmount).contains(taxAmount), at: "/taxAmount",
                                   "must be from 0 to \(AmountOfMoney.maximumAmount)")
                }
                if let countryCode {
                    checks.require(CodeFormat.isCountryCode(countryCode), at: "/countryCode",
                                   "must be an ISO 3166-1 alpha-2 code of two upper-case letters")
                }
                if let locale {
                    checks.require(CodeFormat.isLocale(locale), at: "/locale", "must be language_REGION, e.g. en_US")
                }
            }
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Session {
            if let code = params.amountOfMoney?.currencyCode, service.configuration.rates.currency(code: code) == nil {
                throw CheckoutError.unknownCurrency(currencyCode: code, path: "/amountOfMoney/currencyCode")
            }
            let update = SessionUpdate(amountOfMoney: params.amountOfMoney, taxAmount: params.taxAmount,
                                       countryCode: params.countryCode, locale: params.locale, isRecurring: params.isRecurring)
            var failure: SessionUpdateError?
            let session = try service.sessions.update(id: params.clientSessionId.value) { session in
                do throws(SessionUpdateError) { try session.apply(update) } catch { failure = error }
            }
            switch failure {
            case nil:
                return session
            case .currencyChangeNotAllowed(let from, let to)?:
                throw CheckoutError.currencyChangeNotAllowed(clientSessionId: session.clientSessionId, from: from, to: to)
            case .taxExceedsAmount(let tax, let amount)?:
                throw RPCError.invalidParams(path: "/taxAmount", "the tax (\(tax)) must not exceed the amount (\(amount))")
            }
        }
    }

    /// `session.close`: end a session before its time; later calls do not find it.
    enum Close: CheckoutMethod {
        static let name = "session.close"

        struct Params: Decodable, Sendable {
            let clientSessionId: ClientIdentifier
        }

        struct Result: Encodable, Sendable {
            let closed: Bool
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            try service.sessions.close(id: params.clientSessionId.value)
            return Result(closed: true)
        }
    }

    /// `session.changeCurrency`: the session's amount and tax in another currency, converted
    /// from the amounts it was opened with (BlueSnap `changeCurrencyAndConvertAmounts`).
    enum ChangeCurrency: CheckoutMethod {
        static let name = "session.changeCurrency"
        typealias Result = Session

        struct Params: Decodable, Sendable, ParamsChecking {
            let clientSessionId: ClientIdentifier
            let currencyCode: String

            func check(_ checks: inout ParamChecks) {
                checks.requireCurrencyCode(currencyCode, at: "/currencyCode")
            }
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Session {
            let rates = service.configuration.rates
            guard rates.currency(code: params.currencyCode) != nil else {
                throw CheckoutError.unknownCurrency(currencyCode: params.currencyCode, path: "/currencyCode")
            }
            var failure: CurrencyConversionError?
            var refused = false
            let session = try service.sessions.update(id: params.clientSessionId.value) { session in
                guard session.allowCurrencyChange else {
                    refused = true
                    return
                }
                do throws(CurrencyConversionError) {
                    try session.changeCurrency(to: params.currencyCode, rates: rates)
                } catch {
                    failure = error
                }
            }
            if refused {
                throw CheckoutError.currencyChangeNotAllowed(clientSessionId: session.clientSessionId,
                                                             from: session.context.amountOfMoney.currencyCode,
                                                             to: params.currencyCode)
            }
            switch failure {
            case nil:
                return session
            case .unknownCurrency(let code)?:
                throw CheckoutError.unknownCurrency(currencyCode: code, path: "/currencyCode")
            case .amountTooLarge(let code)?:
                throw RPCError.invalidParams(
                    path: "/currencyCode", "the session's amount in \(code) would exceed \(AmountOfMoney.maximumAmount) minor units")
            }
        }
    }
}
