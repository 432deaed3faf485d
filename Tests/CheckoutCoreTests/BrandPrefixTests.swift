@testable import CheckoutCore
import Testing

@Suite("Brand prefix entries")
struct BrandPrefixTests {
    @Test(arguments: [
        ("4", "4", false, 1, 1), ("6011", "6011", false, 4, 1), ("644-649", "644-649", true, 3, 6),
        ("500000-506698", "500000-506698", true, 6, 6699), (" 3158 - 3159 ", "3158-3159", true, 4, 2),
        ("65083700-65083704", "65083700-65083704", true, 8, 5), ("5-5", "5-5", true, 1, 1),
    ])
    func parsesSinglePrefixesAndRanges(_ text: String, _ description: String, _ isRange: Bool, _ length: Int,
                                       _ width: Int) throws {
        let prefix = try #require(BrandPrefix(text))
        #expect(prefix.description == description)
        #expect(prefix.isRange == isRange)
        #expect(prefix.length == length)
        #expect(prefix.width == width)
    }

    @Test(arguments: ["", "-", "12-", "-12", "12-3", "13-12", "1a", "1-2-3", "١٢", "1234567890123456789"])
    func rejectsWhatIsNotAnEntry(_ text: String) {
        #expect(BrandPrefix(text) == nil)
    }

    @Test(arguments: [
        ("300-305, 3095, 36", ["300-305", "3095", "36"]), ("4", ["4"]), ("", []), ("4,,5", ["4", "5"]),
        (" 2221 - 2720 ,51-55", ["2221-2720", "51-55"]),
    ])
    func readsACommaSeparatedList(_ text: String, _ entries: [String]) throws {
        #expect(try #require(BrandPrefix.list(text)).map(\.description) == entries)
    }

    @Test(arguments: ["4, x", "34,1-2-3", "51-55, 6011-", "١٢,4"])
    func aListWithABadEntryIsNoList(_ text: String) {
        #expect(BrandPrefix.list(text) == nil)
    }

    @Test func ranksLongerThenSingleThenNarrower() throws {
        let single = try #require(BrandPrefix("504175"))
        let wide = try #require(BrandPrefix("500000-506698"))
        let narrow = try #require(BrandPrefix("504100-504199"))
        let shorter = try #require(BrandPrefix("4"))
        #expect(single.ranks(before: wide) && !wide.ranks(before: single))
        #expect(narrow.ranks(before: wide) && !wide.ranks(before: narrow))
        #expect(single.ranks(before: narrow))
        #expect(wide.ranks(before: shorter) && !shorter.ranks(before: wide))
        #expect(!single.ranks(before: single))
    }

    @Test func coversARangeWithTheFewestTriePrefixes() throws {
        let prefix = try #require(BrandPrefix("500000-506698"))
        let expected = (0...5).map { "50\($0)" } + (0...5).map { "506\($0)" } + (0...8).map { "5066\($0)" }
            + (0...8).map { "50669\($0)" }
        #expect(Set(prefix.coveringPrefixes().map(Self.text)) == Set(expected))
        #expect(prefix.coveringPrefixes().count == 30)
    }

    @Test(arguments: [
        ("34", ["34"]), ("51-55", ["51", "52", "53", "54", "55"]), ("2221-2229", (1...9).map { "222\($0)" }),
        ("509000-509999", ["509"]), ("650031-650033", ["650031", "650032", "650033"]),
        ("100-299", ["1", "2"]), ("0-9", [""]), ("19-20", ["19", "20"]),
        ("3088-3094", ["3088", "3089", "309" + "0", "3091", "3092", "3093", "3094"]),
        ("3112-3120", (2...9).map { "311\($0)" } + ["3120"]),
    ])
    func decomposesRanges(_ text: String, _ expected: [String]) throws {
        let prefix = try #require(BrandPrefix(text))
        #expect(Set(prefix.coveringPrefixes().map(Self.text)) == Set(expected))
    }

    // Exhaustive for three-digit ranges: the prefixes cover exactly the range, do not
    // overlap, and never hold all ten children of one parent (which one prefix would cover).
    @Test(arguments: [0, 1, 9, 10, 99, 100, 101, 199, 250, 500, 899, 998])
    func decompositionIsExactAndMinimal(_ lower: Int) throws {
        for upper in stride(from: lower, through: 999, by: 7) {
            let prefix = try #require(BrandPrefix("\(Self.padded(lower))-\(Self.padded(upper))"))
            let covering = prefix.coveringPrefixes().map(Self.text)
            for value in 0...999 {
                let number = Self.padded(value)
                let matches = covering.filter { number.hasPrefix($0) }.count
                #expect(matches == ((lower...upper).contains(value) ? 1 : 0), "\(prefix) at \(number)")
            }
            let parents = Dictionary(grouping: covering.filter { !$0.isEmpty }, by: { $0.dropLast() })
            #expect(parents.values.allSatisfy { $0.count < 10 }, "\(prefix)")
        }
    }

    static func text(_ digits: [UInt8]) -> String {
        digits.map(String.init).joined()
    }

    static func padded(_ value: Int) -> String {
        String(String(value + 1000).dropFirst())
    }
}
