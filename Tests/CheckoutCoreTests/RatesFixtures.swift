import CheckoutCore

/// Rates tables for the currency tests, with minor units from the ISO 4217 reference.
enum RatesFixtures {
    static let asOf = Timestamp(rfc3339: "2026-11-20T16:00:00Z")!

    static func table(base: String = "USD", _ rows: [(code: String, name: String, rate: String)]) -> RatesTable {
        RatesTable(base: base, asOf: asOf, source: "test", currencies: rows.map {
            Currency(code: $0.code, name: $0.name, minorUnits: ISO4217Reference.minorUnits($0.code) ?? 0,
                     rate: DecimalNumber($0.rate)!)
        })
    }

    /// BlueSnap's own test table: 100 USD = 50 EUR = 400 ILS.
    static let blueSnap = table([("USD", "US Dollar", "1"), ("EUR", "Euro", "0.5"), ("ILS", "Israeli New Shekel", "4")])

    /// Every number of minor units (0, 2, 3) and rates whose quotients end, so each
    /// expected result below can be worked out by hand.
    static let mixed = table([
        ("USD", "US Dollar", "1"), ("EUR", "Euro", "0.5"), ("ILS", "Israeli New Shekel", "4"),
        ("JPY", "Japanese Yen", "156.25"), ("KWD", "Kuwaiti Dinar", "0.3125"), ("BHD", "Bahraini Dinar", "0.376"),
    ])
}
