import CheckoutCore
import Testing

@Suite("IIN table consistency")
struct IINTableConsistencyTests {
    static func entry(_ bin: String, _ countryCode: String? = "FR", _ products: [Int] = [1]) -> IINEntry {
        IINEntry(bin: bin, countryCode: countryCode, brands: products.map { IINBrand(paymentProductId: $0) })
    }

    static func paths(_ entries: [IINEntry]) -> [String] {
        IINTable(version: "test", entries: entries).inconsistencies().map(\.path)
    }

    @Test func aWellFormedTableHasNone() {
        #expect(Self.paths([
            Self.entry("40000025", "FR", [130, 1]), Self.entry("400002", "US"), Self.entry("000000", nil, [3]),
            Self.entry("99999999", "ZZ", [2]),
        ]) == [])
        #expect(IINTable(version: "", entries: []).inconsistencies() == [])
    }

    @Test(arguments: ["", "4", "42424", "4242424", "424242424", "42424a", "4242 42", "42424-", "４24242", "+42424",
                      "4242424a", "4 242424"])
    func aBinMustBeSixOrEightASCIIDigits(_ bin: String) {
        let found = IINTable(version: "test", entries: [Self.entry("424242"), Self.entry(bin)]).inconsistencies()
        #expect(found.map(\.path) == ["/entries/1/bin"])
        #expect(found.first?.message.contains("6 or 8 digits") == true)
    }

    @Test func aBinMayAppearOnlyOnce() {
        let found = IINTable(version: "test", entries: [
            Self.entry("424242"), Self.entry("42424242"), Self.entry("424242", "US"), Self.entry("42424242"),
        ]).inconsistencies()
        #expect(found.map(\.path) == ["/entries/2/bin", "/entries/3/bin"])
        #expect(found.first?.message.contains("424242") == true)
    }

    @Test func anEntryMustNameABrand() {
        #expect(Self.paths([Self.entry("424242"), Self.entry("555555", "US", [])]) == ["/entries/1/brands"])
    }

    @Test func anEntryMayNameAProductOnlyOnce() {
        #expect(Self.paths([Self.entry("40000025", "FR", [130, 1, 130, 1])])
            == ["/entries/0/brands/2/paymentProductId", "/entries/0/brands/3/paymentProductId"])
        #expect(Self.paths([Self.entry("40000025", "FR", [130, 1])]) == [])
    }

    @Test(arguments: [0, -1])
    func aProductIdIsOneOrMore(_ productId: Int) {
        #expect(Self.paths([Self.entry("424242", "US", [1, productId])]) == ["/entries/0/brands/1/paymentProductId"])
    }

    @Test(arguments: ["fr", "Fr", "F", "FRA", "", "F1", "ÉS", "ＦＲ", " FR"])
    func aCountryCodeIsTwoUpperCaseLetters(_ countryCode: String) {
        #expect(Self.paths([Self.entry("424242", countryCode)]) == ["/entries/0/countryCode"])
    }

    @Test func everyProblemIsReportedInFileOrder() {
        #expect(Self.paths([
            Self.entry("4242", "us", []),
            Self.entry("424242"),
            Self.entry("424242", "XX", [1, 1]),
        ]) == [
            "/entries/0/bin", "/entries/0/countryCode", "/entries/0/brands",
            "/entries/2/bin", "/entries/2/brands/1/paymentProductId",
        ])
    }
}
