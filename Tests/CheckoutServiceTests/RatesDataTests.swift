import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Testing

/// The embedded rates table (Data/rates.json) read the way start-up reads it, and the
/// loader's refusals of bad rates files.
@Suite("Embedded rates table and rates files")
struct RatesDataTests {
    static let required = ["USD", "EUR", "GBP", "JPY", "CNY", "CHF", "ILS", "BRL", "INR", "KWD", "BHD", "CAD", "AUD"]

    let table: RatesTable

    init() throws {
        table = try RatesTable.load(from: EmbeddedRates.text, file: "Data/rates.json")
    }

    @Test func isUSDBasedSampleDataWithAboutThirtyCurrencies() {
        #expect(table.base == "USD" && table.currency(code: "USD")?.rate == .one)
        #expect(table.source.contains("sample data") && table.source.contains("not market rates"))
        #expect((28...40).contains(table.currencies.count))
        for code in Self.required { #expect(table.currency(code: code) != nil, "\(code)") }
        #expect(Set(table.currencies.map(\.name)).count == table.currencies.count)
        #expect(table.inconsistencies() == [])
    }

    @Test func minorUnitsAreTheIsoReferences() {
        let reference: [String: Int] = ["JPY": 0, "KRW": 0, "CLP": 0, "ISK": 0, "KWD": 3, "BHD": 3, "JOD": 3]
        for currency in table.currencies {
            #expect(currency.minorUnits == (reference[currency.code] ?? 2), "\(currency.code)")
        }
        #expect(Set(table.currencies.map(\.minorUnits)) == [0, 2, 3])
    }

    @Test func isTheServiceDefault() {
        #expect(ServiceConfiguration().rates == table)
        #expect(RatesTable.embedded == table)
    }

    static func file(_ currencies: String, base: String = "USD", asOf: String = #""2026-11-20T16:00:00Z""#) -> String {
        #"{"base": "\#(base)", "asOf": \#(asOf), "source": "test", "currencies": [\#(currencies)]}"#
    }

    static let usd = #"{"code": "USD", "name": "US Dollar", "rate": "1"}"#

    @Test(arguments: [
        (file(usd + #", {"code": "EUR", "name": "Euro", "rate": 0.8}"#), ["/currencies/1/rate"]),
        (file(usd + #", {"code": "EUR", "name": "Euro", "rate": "8e-1"}"#), ["/currencies/1/rate"]),
        (file(usd + #", {"code": "EUR", "name": "Euro", "rate": "0.0000000000001"}"#), ["/currencies/1/rate"]),
        (file(usd + #", {"code": "EUR", "name": "Euro", "rate": "0"}"#), ["/currencies/1/rate"]),
        (file(usd + #", {"code": "XAU", "name": "Gold", "rate": "0.0003"}"#), ["/currencies/1/code"]),
        (file(usd + #", {"code": "USD", "name": "Dollar", "rate": "1"}"#), ["/currencies/1/code"]),
        (file(usd + #", {"code": "eur", "name": "Euro", "rate": "0.8"}"#), ["/currencies/1/code"]),
        (file(usd + #", {"code": "EUR", "rate": "0.8", "symbol": "€"}"#), ["/currencies/1/name", "/currencies/1/symbol"]),
        (file(#"{"code": "USD", "name": "US Dollar", "rate": "1.5"}"#), ["/currencies/0/rate"]),
        (file(usd, base: "EUR"), ["/base"]),
        (file(usd, asOf: #""yesterday""#), ["/asOf"]),
        (#"{"base": "USD", "currencies": []}"#, ["/source", "/asOf"]),
        (#"{"base": "USD", "source": "", "asOf": "2026-11-20T16:00:00Z", "currencies": []}"#, ["/source", "/base"]),
    ])
    func badFilesAreRefusedAtTheirProblems(_ text: String, _ paths: [String]) {
        #expect(throws: DataFileError.self) { try RatesTable.load(from: text, file: "rates.json") }
        do {
            _ = try RatesTable.load(from: text, file: "rates.json")
        } catch {
            #expect(error.problems.map(\.path) == paths)
            #expect(error.description.hasPrefix("rates.json: "))
        }
    }
}
