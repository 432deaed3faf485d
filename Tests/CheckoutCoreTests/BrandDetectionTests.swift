import CheckoutCore
import Testing

@Suite("Card brand detection")
struct BrandDetectionTests {
    static let table = CardBrandTable.standard

    // Worked out by hand from the reference table: both bounds of entries, the numbers
    // just outside them, and the tie rule of API.md section 5.
    @Test(arguments: [
        // Seed brands.
        ("34", "amex"), ("37", "amex"), ("33", nil), ("35", nil),
        ("300", "diners"), ("305", "diners"), ("306", nil), ("299", nil), ("3095", "diners"),
        ("36", "diners"), ("38", "diners"), ("39", "diners"),
        ("6011", "discover"), ("6010", "maestro"), ("6012", "maestro"), ("601", "maestro"),
        ("644", "discover"), ("649", "discover"), ("643", "maestro"), ("650", "discover"), ("64", "maestro"),
        ("65", "discover"), ("66", "maestro"),
        ("2131", "jcb"), ("2130", nil), ("2132", nil), ("1800", "jcb"), ("1799", nil), ("1801", nil),
        ("3088", "jcb"), ("3087", nil), ("3094", "jcb"), ("3096", "jcb"), ("3102", "jcb"), ("3103", nil),
        ("3112", "jcb"), ("3111", nil), ("3120", "jcb"), ("3121", nil), ("3158", "jcb"), ("3159", "jcb"),
        ("3157", nil), ("3160", nil), ("3337", "jcb"), ("3336", nil), ("3349", "jcb"), ("3350", nil),
        ("3528", "jcb"), ("3527", nil), ("3589", "jcb"), ("3590", nil),
        ("493698", "maestro"), ("493697", "visa"), ("493699", "visa"),
        ("500000", "maestro"), ("499999", "visa"), ("506698", "maestro"), ("506699", "elo"),
        ("506778", "elo"), ("506779", "maestro"), ("508999", "maestro"), ("509000", "elo"), ("509999", "elo"),
        ("510000", "mastercard"), ("56", "maestro"), ("59", "maestro"), ("55", "mastercard"),
        ("63", "maestro"), ("62", "maestro"), ("67", "maestro"), ("68", "maestro"), ("6", "maestro"),
        ("51", "mastercard"), ("50", nil), ("2221", "mastercard"), ("2229", "mastercard"), ("2220", nil),
        ("223", "mastercard"), ("229", "mastercard"), ("23", "mastercard"), ("26", "mastercard"),
        ("22", nil), ("27", nil), ("270", "mastercard"), ("271", "mastercard"), ("269", "mastercard"),
        ("272", nil), ("2720", "mastercard"), ("2721", nil), ("2719", "mastercard"),
        ("4", "visa"), ("3", nil), ("5", nil),
        // Further brands.
        ("620", "unionpay"), ("621", "maestro"), ("62100", "unionpay"), ("62182", "unionpay"),
        ("62183", "maestro"), ("62184", "unionpay"), ("62197", "unionpay"), ("62198", "maestro"),
        ("62205", "unionpay"), ("62206", "maestro"), ("622010", "unionpay"), ("622009", "unionpay"),
        ("622999", "unionpay"), ("62207", "unionpay"), ("62209", "unionpay"),
        ("623", "unionpay"), ("626", "unionpay"), ("627", "maestro"), ("6270", "unionpay"), ("6271", "maestro"),
        ("6277", "maestro"), ("627700", "unionpay"), ("627779", "unionpay"), ("627780", "elo"),
        ("627781", "unionpay"), ("627799", "unionpay"), ("627800", "maestro"),
        ("6282", "unionpay"), ("6289", "unionpay"), ("6281", "maestro"), ("6290", "maestro"),
        ("6291", "unionpay"), ("6292", "unionpay"), ("6293", "maestro"),
        ("810", "unionpay"), ("809", nil), ("811", nil), ("8110", "unionpay"), ("8109", "unionpay"),
        ("8171", "unionpay"), ("8172", nil),
        ("401178", "elo"), ("401179", "elo"), ("401177", "visa"), ("401180", "visa"),
        ("636297", "elo"), ("636296", "maestro"), ("636368", "elo"),
        ("650031", "elo"), ("650030", "discover"), ("650034", "discover"), ("650051", "elo"),
        ("650052", "troy"), ("650053", "discover"), ("655058", "elo"), ("655059", "discover"),
        ("655020", "discover"),
        ("2200", "mir"), ("2204", "mir"), ("2199", nil), ("2205", nil),
        ("606282", "hipercard"), ("606281", "maestro"), ("606283", "maestro"),
        ("9792", "troy"), ("9791", nil), ("9793", nil), ("97", nil),
        ("65880900", "troy"), ("65880901", "discover"), ("65083704", "troy"), ("65083705", "discover"),
        ("650923", "troy"), ("650922", "elo"), ("650924", "elo"),
        ("1", nil), ("0", nil), ("7", nil), ("", nil),
    ] as [(String, String?)])
    func detectsTheBrandOfTheLongestMatchingPrefix(_ digits: String, _ code: String?) {
        #expect(Self.table.brand(ofCardNumber: digits)?.code == code)
    }

    @Test(arguments: [
        ("504175", "elo"),  // a single prefix beats a range of the same length
        ("504174", "maestro"), ("504176", "maestro"),
        ("6011000000000004", "discover"),  // longer than Maestro's 6
        ("4011780000000000", "elo"),  // longer than Visa's 4
        ("622018", "unionpay"), ("622017", "unionpay"),
        ("6500310000000000", "elo"), ("6509230000000000", "troy"),
    ] as [(String, String)])
    func appliesTheTieRule(_ digits: String, _ code: String) {
        #expect(Self.table.brand(ofCardNumber: digits)?.code == code)
    }

    @Test(arguments: [
        ("4", "visa"), ("40", "visa"), ("401", "visa"), ("4011", "visa"), ("40117", "visa"), ("401178", "elo"),
        ("50041", nil), ("500410", "maestro"),
        ("65", "discover"), ("6508", "discover"), ("650837", "discover"), ("6508370", "discover"),
        ("65083700", "troy"),
    ] as [(String, String?)])
    func givesAPartialNumberTheBrandItAlreadyMatchesInFull(_ digits: String, _ code: String?) {
        #expect(Self.table.brand(ofCardNumber: digits)?.code == code)
    }

    @Test(arguments: ["4111 1111 1111 1111", " 4111", "4 0 1 1 7 8"])
    func ignoresSpaces(_ number: String) {
        #expect(Self.table.brand(ofCardNumber: number) != nil)
        #expect(Self.table.brand(ofCardNumber: number)?.code
            == Self.table.brand(ofCardNumber: number.filter { $0 != " " })?.code)
    }

    @Test(arguments: ["4111-1111", "4x", "４111", "4111\t"])
    func findsNoBrandInWhatIsNotACardNumber(_ number: String) {
        #expect(Self.table.brand(ofCardNumber: number) == nil)
    }

    @Test(arguments: BrandReference.entries)
    func everyEntryMatchesAtBothBounds(_ entry: BrandReference.Entry) {
        #expect(Self.table.brand(ofCardNumber: entry.lower)?.code == entry.code)
        #expect(Self.table.brand(ofCardNumber: entry.upper)?.code == entry.code)
    }

    @Test(arguments: BrandReference.entries)
    func justOutsideAnEntryTheRuleDecides(_ entry: BrandReference.Entry) {
        let width = entry.lower.count
        var neighbours: [String] = []
        if let below = Int(entry.lower).map({ $0 - 1 }), below >= 0 { neighbours.append(Self.padded(below, width)) }
        if let above = Int(entry.upper).map({ $0 + 1 }), String(above).count <= width {
            neighbours.append(Self.padded(above, width))
        }
        neighbours += [entry.lower + String(repeating: "0", count: 16 - width),
                       entry.upper + String(repeating: "9", count: 16 - width)]
        for digits in neighbours {
            #expect(Self.table.brand(ofCardNumber: digits)?.code == BrandReference.expectedBrand(of: digits),
                    "\(digits)")
        }
    }

    @Test(arguments: 1...4)
    func everyShortNumberGetsTheBrandTheRuleGives(_ length: Int) {
        var limit = 1
        for _ in 0..<length { limit *= 10 }
        for value in 0..<limit {
            let digits = Self.padded(value, length)
            #expect(Self.table.brand(ofCardNumber: digits)?.code == BrandReference.expectedBrand(of: digits),
                    "\(digits)")
        }
    }

    @Test(arguments: ["50", "62", "65"])
    func everySixDigitNumberWhereRangesCrowdGetsTheBrandTheRuleGives(_ start: String) {
        for value in 0..<10_000 {
            let digits = start + Self.padded(value, 4)
            #expect(Self.table.brand(ofCardNumber: digits)?.code == BrandReference.expectedBrand(of: digits),
                    "\(digits)")
        }
    }

    @Test func aNarrowerRangeBeatsAWiderOneOfTheSameLength() {
        let table = Self.customTable([("wide", "500-599"), ("narrow", "550-559"), ("single", "555")])
        #expect(table.brand(ofCardNumber: "549")?.code == "wide")
        #expect(table.brand(ofCardNumber: "550")?.code == "narrow")
        #expect(table.brand(ofCardNumber: "555")?.code == "single")
        #expect(table.brand(ofCardNumber: "5551")?.code == "single")
        #expect(table.brand(ofCardNumber: "559")?.code == "narrow")
        #expect(table.brand(ofCardNumber: "560")?.code == "wide")
        #expect(table.brand(ofCardNumber: "55")?.code == nil)
    }

    @Test func equalEntriesOfTwoBrandsGoToTheOneListedFirst() {
        let table = Self.customTable([("first", "40-41"), ("second", "41-42")])
        #expect(table.brand(ofCardNumber: "41")?.code == "first")
        #expect(table.brand(ofCardNumber: "42")?.code == "second")
    }

    @Test func aRangeOfEveryNumberOfItsLengthMatchesOnceThatManyDigitsAreTyped() {
        let table = Self.customTable([("any", "00-99"), ("four", "4")])
        #expect(table.brand(ofCardNumber: "") == nil)
        #expect(table.brand(ofCardNumber: "7") == nil)
        #expect(table.brand(ofCardNumber: "4")?.code == "four")
        #expect(table.brand(ofCardNumber: "70")?.code == "any")
        #expect(table.brand(ofCardNumber: "41")?.code == "any")
    }

    static func customTable(_ entries: [(String, String)]) -> CardBrandTable {
        CardBrandTable(entries.map { code, prefixes in
            CardBrandTable.Entry(
                brand: CardBrand(code: code, name: code, paymentProductId: nil, panLengths: [16], cvcLength: 3),
                prefixes: prefixes.split(separator: ",").compactMap { BrandPrefix(String($0)) })
        })
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
