import CheckoutCore
import JSONRPC

/// The `currency.*` namespace: the rates table and exact conversions through it
/// (API.md section 4 "Currencies", BlueSnap `getCurrencyRates`).
enum CurrencyMethods {
    static let routes: [any CheckoutMethod.Type] = [List.self, Convert.self]

    /// `currency.list`: every currency with its rate per unit of a base, by English name.
    enum List: CheckoutMethod {
        static let name = "currency.list"
        static let access = StateAccess.none

        struct Params: Decodable, Sendable, ParamsChecking {
            let base: String?

            static let defaultBase = "USD"

            func check(_ checks: inout ParamChecks) {
                if let base { checks.requireCurrencyCode(base, at: "/base") }
            }
        }

        struct Result: Encodable, Sendable {
            let base: String
            let asOf: Timestamp
            let currencies: [CurrencyRate]
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            let rates = service.configuration.rates
            let base = params.base ?? Params.defaultBase
            guard let currencies = rates.rates(per: base) else {
                throw CheckoutError.unknownCurrency(currencyCode: base, path: "/base")
            }
            return Result(base: base, asOf: rates.asOf, currencies: currencies)
        }
    }

    /// `currency.convert`: an amount in another currency, rounded once to its minor units.
    enum Convert: CheckoutMethod {
        static let name = "currency.convert"
        static let access = StateAccess.none

        struct Params: Decodable, Sendable, ParamsChecking {
            let amountOfMoney: AmountOfMoney
            let targetCurrencyCode: String
            let rounding: RoundingMode?

            func check(_ checks: inout ParamChecks) {
                checks.require((0...AmountOfMoney.maximumAmount).contains(amountOfMoney.amount), at: "/amountOfMoney/amount",
                               "must be from 0 to \(AmountOfMoney.maximumAmount)")
                checks.requireCurrencyCode(amountOfMoney.currencyCode, at: "/amountOfMoney/currencyCode")
                checks.requireCurrencyCode(targetCurrencyCode, at: "/targetCurrencyCode")
            }
        }

        struct Result: Encodable, Sendable {
            let amountOfMoney: AmountOfMoney
            let rate: CrossRate
            let asOf: Timestamp
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            let rates = service.configuration.rates
            let conversion = try rates.convertRequested(
                params.amountOfMoney, at: "/amountOfMoney", to: params.targetCurrencyCode, at: "/targetCurrencyCode",
                rounding: params.rounding ?? .halfUp)
            return Result(amountOfMoney: conversion.amountOfMoney, rate: conversion.rate, asOf: rates.asOf)
        }
    }
}

extension RatesTable {
    /// `convert(_:to:rounding:)` for a request naming the amount at `amountPath` and the
    /// target code at `codePath`: an unknown code is `UNKNOWN_CURRENCY` naming the member
    /// (the amount's currency is looked up first), a result too large for the wire is
    /// -32602 at the amount.
    func convertRequested(
        _ amount: AmountOfMoney, at amountPath: String, to code: String, at codePath: String, rounding: RoundingMode
    ) throws -> CurrencyConversion {
        do {
            return try convert(amount, to: code, rounding: rounding)
        } catch .unknownCurrency(let unknown) {
            let path = unknown == amount.currencyCode ? amountPath + "/currencyCode" : codePath
            throw CheckoutError.unknownCurrency(currencyCode: unknown, path: path)
        } catch .amountTooLarge(let target) {
            throw RPCError.invalidParams(
                path: amountPath + "/amount", "in \(target) it would exceed \(AmountOfMoney.maximumAmount) minor units")
        }
    }
}
