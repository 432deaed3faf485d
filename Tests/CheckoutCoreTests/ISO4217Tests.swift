import CheckoutCore
import Testing

/// `reference/iso4217-minor-units.json` (list A.1, version 2026-01-01), copied as facts.
enum ISO4217Reference {
    static let zero = ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
                       "XAF", "XOF", "XPF"]
    static let three = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
    static let four = ["CLF", "UYW"]
    /// The reference's note: funds, metals and test codes have "N.A.".
    static let notApplicable = ["XAU", "XAG", "XPT", "XPD", "XDR", "XSU", "XUA", "XBA", "XBB", "XBC", "XBD", "XTS", "XXX"]

    /// The minor units the reference gives `code`: a listed value, none, or the default 2.
    static func minorUnits(_ code: String) -> Int? {
        if zero.contains(code) { return 0 }
        if three.contains(code) { return 3 }
        if four.contains(code) { return 4 }
        return notApplicable.contains(code) ? nil : 2
    }
}

@Suite("ISO 4217 minor units")
struct ISO4217Tests {
    @Test(arguments: ISO4217Reference.zero + ISO4217Reference.three + ISO4217Reference.four
          + ISO4217Reference.notApplicable + ["USD", "EUR", "GBP", "CNY", "ILS", "INR", "BRL", "CHF", "MRU", "VES"])
    func minorUnitsAreTheReferences(_ code: String) {
        #expect(ISO4217.minorUnits(of: code) == ISO4217Reference.minorUnits(code))
    }

    @Test(arguments: ["usd", "US", "EURO", "", "E1R", "ÉUR"])
    func malformedCodesHaveNone(_ code: String) {
        #expect(ISO4217.minorUnits(of: code) == nil)
    }
}
