import CheckoutCore
import Testing

@Suite("Rates table: lookups, listings per base and consistency")
struct RatesTableTests {
    @Test func listsEveryCurrencyPerTheBaseByName() throws {
        let listing = try #require(RatesFixtures.blueSnap.rates(per: "USD"))
        #expect(listing.map(\.code) == ["EUR", "ILS", "USD"])   // Euro, Israeli New Shekel, US Dollar
        #expect(listing.map(\.rate.description) == ["0.5", "4", "1"])
        #expect(listing.map(\.minorUnits) == [2, 2, 2])
    }

    @Test func crossesRatesThroughTheTableBase() throws {
        let perShekel = try #require(RatesFixtures.blueSnap.rates(per: "ILS"))
        #expect(perShekel.map(\.rate.description) == ["0.125", "1", "0.25"])
        let perEuro = try #require(RatesFixtures.blueSnap.rates(per: "EUR"))
        #expect(perEuro.map(\.rate.description) == ["1", "8", "2"])
        #expect(RatesFixtures.blueSnap.rates(per: "GBP") == nil)
    }

    @Test func namesSortInCodePointOrderThenByCode() throws {
        let table = RatesFixtures.table([
            ("USD", "US Dollar", "1"), ("EUR", "euro", "0.5"), ("PLN", "Zloty", "4"), ("CHF", "Franc", "0.8"),
            ("XOF", "Franc", "600"), ("ISK", "Íslensk króna", "125"),
        ])
        let listing = try #require(table.rates(per: "USD"))
        // 'F' < 'U' < 'Z' < 'e' < 'Í' by code point; the two Francs by code.
        #expect(listing.map(\.code) == ["CHF", "XOF", "USD", "PLN", "EUR", "ISK"])
    }

    @Test func findsCurrenciesWithTheirIsoMinorUnits() throws {
        let table = RatesFixtures.mixed
        #expect(table.currency(code: "JPY")?.minorUnits == 0)
        #expect(table.currency(code: "KWD")?.minorUnits == 3)
        #expect(table.currency(code: "EUR")?.minorUnits == 2)
        #expect(table.currency(code: "GBP") == nil)
        #expect(table.rate(from: "EUR", to: "ILS")?.description == "8")
        #expect(table.rate(from: "EUR", to: "GBP") == nil)
    }

    @Test func aConsistentTableHasNoProblems() {
        #expect(RatesFixtures.mixed.inconsistencies() == [])
    }

    @Test(arguments: [
        (RatesFixtures.table([("USD", "US Dollar", "1"), ("USD", "Dollar", "1")]), "/currencies/1/code"),
        (RatesFixtures.table([("USD", "US Dollar", "1"), ("XAU", "Gold", "0.0003")]), "/currencies/1/code"),
        (RatesFixtures.table([("USD", "US Dollar", "1"), ("eur", "Euro", "0.5")]), "/currencies/1/code"),
        (RatesFixtures.table([("USD", "US Dollar", "1"), ("EUR", "", "0.5")]), "/currencies/1/name"),
        (RatesFixtures.table([("USD", "US Dollar", "1"), ("EUR", "Euro", "0")]), "/currencies/1/rate"),
        (RatesFixtures.table([("USD", "US Dollar", "2")]), "/currencies/0/rate"),
        (RatesFixtures.table(base: "GBP", [("USD", "US Dollar", "1")]), "/base"),
        (RatesTable(base: "USD", asOf: RatesFixtures.asOf, source: "", currencies: RatesFixtures.blueSnap.currencies), "/source"),
        (RatesTable(base: "USD", asOf: RatesFixtures.asOf, source: "t", currencies: [
            Currency(code: "USD", name: "US Dollar", minorUnits: 2, rate: .one),
            Currency(code: "JPY", name: "Japanese Yen", minorUnits: 2, rate: DecimalNumber("156.25")!),
        ]), "/currencies/1"),
    ])
    func inconsistenciesAreReportedWhereTheyAre(_ table: RatesTable, _ path: String) {
        #expect(table.inconsistencies().map(\.path) == [path])
    }
}
