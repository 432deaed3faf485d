import CheckoutCore
import Testing

@Suite("IIN lookup")
struct IINLookupTests {
    static let brands = CardBrandTable.standard
    static let visa = 1, mastercard = 3, unionPay = 56, maestro = 117, discover = 128
    static let cartesBancaires = 130, bancontact = 3012

    /// Entries chosen so that every rule of the lookup decides something: an 8-digit
    /// co-badged bin and a 6-digit bin with the same first 6 digits, an 8-digit bin
    /// without a 6-digit sibling, an entry without country or card type.
    static let table = IINTable(version: "test", entries: [
        IINEntry(bin: "49700001", countryCode: "FR", brands: [
            IINBrand(paymentProductId: cartesBancaires, cardType: .debit),
            IINBrand(paymentProductId: visa, cardType: .debit),
        ]),
        IINEntry(bin: "497000", countryCode: "FR", brands: [IINBrand(paymentProductId: visa, cardType: .credit)]),
        IINEntry(bin: "670344", countryCode: "BE", brands: [
            IINBrand(paymentProductId: bancontact, cardType: .debit),
            IINBrand(paymentProductId: maestro, cardType: .prepaid),
        ]),
        IINEntry(bin: "62509460", countryCode: "CN", brands: [IINBrand(paymentProductId: unionPay, cardType: .debit)]),
        IINEntry(bin: "513000", brands: [IINBrand(paymentProductId: mastercard)]),
    ])

    static func details(_ typed: String, allowing isAllowed: (Int) -> Bool = { _ in true }) -> IINDetails? {
        table.details(forCardNumber: typed, brands: brands, isAllowed: isAllowed)
    }

    static let coBadgedFrench = IINDetails(
        status: .supported, paymentProductId: cartesBancaires, countryCode: "FR", cardType: .debit,
        isAllowedInContext: true, coBrands: [
            .init(paymentProductId: cartesBancaires, isAllowedInContext: true, cardType: .debit),
            .init(paymentProductId: visa, isAllowedInContext: true, cardType: .debit),
        ])
    static let frenchVisaCredit = IINDetails(
        status: .supported, paymentProductId: visa, countryCode: "FR", cardType: .credit, isAllowedInContext: true)

    static func brandTableFallback(_ productId: Int) -> IINDetails {
        IINDetails(status: .supported, paymentProductId: productId, cardType: .credit, isAllowedInContext: true)
    }

    // MARK: How many digits count

    @Test(arguments: ["", "4", "49", "497", "4970", "49700", "4970 0", " 4 9 7 0 0 ", "12345"])
    func fewerThanSixDigitsAreNotEnough(_ typed: String) {
        #expect(Self.details(typed) == IINDetails(status: .notEnoughDigits, isAllowedInContext: false))
        #expect(Self.details(typed)?.coBrands == [])
    }

    @Test(arguments: ["4970000112345678", "49700001", "497000012", "4970 0001 1234 5678"])
    func anEightDigitEntryWinsOnceEightDigitsAreTyped(_ typed: String) {
        #expect(Self.details(typed) == Self.coBadgedFrench)
    }

    @Test(arguments: ["4970000212345678", "49700002", "4970000099", "4970 0010"])
    func theSixDigitEntryAnswersWhenTheFirstEightMatchNoEntry(_ typed: String) {
        #expect(Self.details(typed) == Self.frenchVisaCredit)
    }

    @Test(arguments: ["497000", "4970000", "4970 000"])
    func sixOrSevenDigitsUseOnlyTheFirstSix(_ typed: String) {
        // 4970000 is a prefix of the 8-digit bin 49700001, but only its first 6 count.
        #expect(Self.details(typed) == Self.frenchVisaCredit)
    }

    @Test func anEightDigitEntryWithoutASixDigitSiblingNeedsAllEightDigits() {
        let unionPayDebit = IINDetails(
            status: .supported, paymentProductId: Self.unionPay, countryCode: "CN", cardType: .debit,
            isAllowedInContext: true)
        #expect(Self.details("6250946000000016") == unionPayDebit)
        #expect(Self.details("62509460") == unionPayDebit)
        #expect(Self.details("6250946") == Self.brandTableFallback(Self.unionPay))
        #expect(Self.details("625094") == Self.brandTableFallback(Self.unionPay))
        #expect(Self.details("6250947000000014") == Self.brandTableFallback(Self.unionPay))
    }

    // MARK: The brand table as fallback

    @Test(arguments: [
        ("4000000000000002", visa), ("411111", visa), ("5200000000001005", mastercard), ("601100", discover),
        ("6703000000000000003", maestro), ("6200000000000047", unionPay),
    ])
    func withoutAnEntryTheBrandTableGivesAProductWithoutCountryAsCredit(_ typed: String, _ productId: Int) {
        #expect(Self.details(typed) == Self.brandTableFallback(productId))
    }

    @Test func theBrandTableSeesAllDigitsFromTheEighthOnButOnlySixBefore() {
        // Troy's 65083700-65083704 needs 8 digits; with 7 the first 6 are Discover's.
        #expect(Self.details("6508370") == Self.brandTableFallback(Self.discover))
        #expect(Self.details("65083700") == .unknown)
        #expect(Self.details("6508370012345678") == .unknown)
        #expect(Self.details("65083705") == Self.brandTableFallback(Self.discover))
    }

    @Test func aSevenDigitPrefixOfTheBrandTableCountsOnlyFromTheEighthDigitOn() {
        let brands = CardBrandTable([("six", 901, "123456"), ("seven", 902, "1234567")].map { code, product, prefix in
            CardBrandTable.Entry(
                brand: CardBrand(code: code, name: code, paymentProductId: product, panLengths: [16], cvcLength: 3),
                prefixes: [BrandPrefix(prefix)].compactMap { $0 })
        })
        let lookUp = { (typed: String) in
            IINTable(version: "test", entries: []).details(forCardNumber: typed, brands: brands, isAllowed: { _ in true })
        }
        #expect(lookUp("1234567") == Self.brandTableFallback(901))
        #expect(lookUp("12345678") == Self.brandTableFallback(902))
    }

    @Test(arguments: [
        "401178", "4011780000000000", "5066991111111118",  // Elo
        "2200000000000000",  // Mir
        "606282", "6062828888666688",  // Hipercard
        "9792000000000000",  // Troy
        "999999", "000000", "7000000000000000", "1234567890123",  // no brand
    ])
    func aNumberWithoutEntryAndWithoutABrandProductIsUnknown(_ typed: String) {
        #expect(Self.details(typed) == IINDetails(status: .unknown, isAllowedInContext: false))
    }

    @Test func theBrandTableFallbackCanBeNotAllowed() {
        #expect(Self.details("4000000000000002", allowing: { $0 != Self.visa }) == IINDetails(
            status: .existingButNotAllowed, paymentProductId: Self.visa, cardType: .credit, isAllowedInContext: false))
    }

    // MARK: Brands and what is allowed

    @Test func aCoBadgedCardListsEveryBrandInOrderWithTheFirstAllowedOnTop() {
        #expect(Self.details("4970000112345678", allowing: { $0 != Self.cartesBancaires }) == IINDetails(
            status: .supported, paymentProductId: Self.visa, countryCode: "FR", cardType: .debit,
            isAllowedInContext: true, coBrands: [
                .init(paymentProductId: Self.cartesBancaires, isAllowedInContext: false, cardType: .debit),
                .init(paymentProductId: Self.visa, isAllowedInContext: true, cardType: .debit),
            ]))
        #expect(Self.details("4970000112345678", allowing: { $0 == Self.cartesBancaires }) == IINDetails(
            status: .supported, paymentProductId: Self.cartesBancaires, countryCode: "FR", cardType: .debit,
            isAllowedInContext: true, coBrands: [
                .init(paymentProductId: Self.cartesBancaires, isAllowedInContext: true, cardType: .debit),
                .init(paymentProductId: Self.visa, isAllowedInContext: false, cardType: .debit),
            ]))
    }

    @Test func eachCoBrandCarriesItsOwnCardType() {
        #expect(Self.details("6703444444444449", allowing: { $0 == Self.maestro }) == IINDetails(
            status: .supported, paymentProductId: Self.maestro, countryCode: "BE", cardType: .prepaid,
            isAllowedInContext: true, coBrands: [
                .init(paymentProductId: Self.bancontact, isAllowedInContext: false, cardType: .debit),
                .init(paymentProductId: Self.maestro, isAllowedInContext: true, cardType: .prepaid),
            ]))
    }

    @Test func whenNoBrandIsAllowedTheFirstIsReportedAsExistingButNotAllowed() {
        #expect(Self.details("4970000112345678", allowing: { _ in false }) == IINDetails(
            status: .existingButNotAllowed, paymentProductId: Self.cartesBancaires, countryCode: "FR",
            cardType: .debit, isAllowedInContext: false, coBrands: [
                .init(paymentProductId: Self.cartesBancaires, isAllowedInContext: false, cardType: .debit),
                .init(paymentProductId: Self.visa, isAllowedInContext: false, cardType: .debit),
            ]))
        #expect(Self.details("497000", allowing: { _ in false }) == IINDetails(
            status: .existingButNotAllowed, paymentProductId: Self.visa, countryCode: "FR", cardType: .credit,
            isAllowedInContext: false))
    }

    @Test func isAllowedIsAskedAboutTheEntrysProducts() {
        var asked: [Int] = []
        _ = Self.details("6703444444444449", allowing: { asked.append($0); return true })
        #expect(asked.sorted() == [Self.maestro, Self.bancontact])
    }

    @Test func anEntryWithoutCountryOrCardTypeLeavesThemOut() {
        #expect(Self.details("5130001234567890") == IINDetails(
            status: .supported, paymentProductId: Self.mastercard, isAllowedInContext: true))
    }

    // MARK: Typed text

    @Test(arguments: ["4970-0001", "4970000x", "４970000112345678", "4970\t0001", "49700001\n"])
    func textWithAnythingButDigitsAndSpacesHasNoDetails(_ typed: String) {
        #expect(Self.details(typed) == nil)
    }

    // MARK: Entries that name no product

    @Test func anEntryWithoutBrandsIsPassedOver() {
        let table = IINTable(version: "test", entries: [
            IINEntry(bin: "49700001", countryCode: "FR", brands: []),
            IINEntry(bin: "497000", countryCode: "FR", brands: [IINBrand(paymentProductId: Self.visa, cardType: .credit)]),
            IINEntry(bin: "424242", countryCode: "US", brands: []),
        ])
        let allowAll: (Int) -> Bool = { _ in true }
        #expect(table.details(forCardNumber: "4970000112345678", brands: Self.brands, isAllowed: allowAll)
            == Self.frenchVisaCredit)
        #expect(table.binLength(forCardNumber: "4970000112345678") == 6)
        #expect(table.details(forCardNumber: "4242424242424242", brands: Self.brands, isAllowed: allowAll)
            == Self.brandTableFallback(Self.visa))
    }

    @Test func ofTwoEntriesWithTheSameBinTheFirstAnswers() {
        let table = IINTable(version: "test", entries: [
            IINEntry(bin: "424242", countryCode: "US", brands: [IINBrand(paymentProductId: Self.visa, cardType: .debit)]),
            IINEntry(bin: "424242", countryCode: "GB", brands: [IINBrand(paymentProductId: Self.visa, cardType: .credit)]),
        ])
        #expect(table.details(forCardNumber: "424242", brands: Self.brands, isAllowed: { _ in true })?.countryCode == "US")
    }

    // MARK: Bin length

    @Test(arguments: [
        ("4970000112345678", 8), ("49700001", 8), ("4970 0001 1234 5678", 8), ("6250946000000016", 8),
        ("4970000212345678", 6), ("4970000", 6), ("497000", 6), ("6250947000000014", 6), ("4242424242424242", 6),
        ("5130001234567890", 6), ("", 6), ("4970", 6),
    ])
    func theBinIsEightDigitsExactlyWhenAnEightDigitEntryMatches(_ typed: String, _ length: Int) {
        #expect(Self.table.binLength(forCardNumber: typed) == length)
    }
}
