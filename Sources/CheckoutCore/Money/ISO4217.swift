/// ISO 4217 minor units: how many decimal places amounts of a currency have, as in
/// `reference/iso4217-minor-units.json` (list A.1, version 2026-01-01).
public enum ISO4217 {
    /// What every active currency has unless listed otherwise.
    public static let defaultMinorUnits = 2

    /// The minor units of `code`: 0, 2, 3 or 4. Nil for a code that is not three
    /// upper-case letters, and for the funds, precious-metal and test codes whose minor
    /// units are "N.A." (XAU, XDR, XTS, …): they are not payment currencies. The list
    /// does not say which other codes are active, so any other code has 2.
    public static func minorUnits(of code: String) -> Int? {
        guard CodeFormat.isCurrencyCode(code), !withoutMinorUnits.contains(code) else { return nil }
        return exceptions[code] ?? defaultMinorUnits
    }

    static let exceptions: [String: Int] = {
        let zero = ["BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "UYI", "VND", "VUV",
                    "XAF", "XOF", "XPF"]
        let three = ["BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND"]
        let four = ["CLF", "UYW"]
        return Dictionary(uniqueKeysWithValues: zero.map { ($0, 0) } + three.map { ($0, 3) } + four.map { ($0, 4) })
    }()

    /// The reference's note: XAU, XAG, XPT, XPD, XDR, XSU, XUA, XBA-XBD, XTS and XXX have "N.A.".
    static let withoutMinorUnits: Set<String> = [
        "XAU", "XAG", "XPT", "XPD", "XDR", "XSU", "XUA", "XBA", "XBB", "XBC", "XBD", "XTS", "XXX",
    ]
}
