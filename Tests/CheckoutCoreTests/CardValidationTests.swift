import CheckoutCore
import Foundation
import Testing

@Suite("Card validation")
struct CardValidationTests {
    static let november2026 = CalendarMonth(year: 2026, month: 11)

    static func validate(
        pan: String? = nil, expiryDate: String? = nil, cvc: String? = nil, accepting codes: [String]? = nil
    ) -> CardValidationResult {
        CardValidation.validate(
            pan: pan, expiryDate: expiryDate, cvc: cvc, acceptedBrands: AcceptedBrands(codes: codes),
            currentMonth: november2026)
    }

    @Test(arguments: [
        ("4111111111111111", "11/26", "123"), ("4111 1111 1111 1111", "1126", "123"),
        ("378282246310005", "12/2051", "1234"), ("6200000000000006", "012030", "123"),
        ("9999999999999995", "11/2026", "1234"), ("9999999999999995", "11/2026", "123"),
    ])
    func succeedsWhenAllThreeFieldsAreValid(_ pan: String, _ expiryDate: String, _ cvc: String) {
        let result = Self.validate(pan: pan, expiryDate: expiryDate, cvc: cvc)
        #expect(result.pan == .valid && result.expiryDate == .valid && result.cvc == .valid)
        #expect(result.validationSuccess)
    }

    @Test(arguments: [
        (nil, "11/26", "123"), ("4111111111111111", nil, "123"), ("4111111111111111", "11/26", nil),
        ("4111111111111112", "11/26", "123"), ("4111111111111111", "10/26", "123"),
        ("4111111111111111", "11/26", "12"), ("4111111111111111", "11/2", "123"),
        (nil, nil, nil),
    ] as [(String?, String?, String?)])
    func failsWhenAFieldIsMissingOrNotValid(_ pan: String?, _ expiryDate: String?, _ cvc: String?) {
        #expect(!Self.validate(pan: pan, expiryDate: expiryDate, cvc: cvc).validationSuccess)
    }

    @Test func reportsOnlyTheFieldsGiven() {
        let result = Self.validate(pan: "4111")
        #expect(result.cardBrand?.code == "visa")
        #expect(result.pan == .incomplete(.length))
        #expect(result.expiryDate == nil && result.cvc == nil)
        let nothing = Self.validate()
        #expect(nothing == CardValidationResult(
            cardBrand: nil, pan: nil, expiryDate: nil, cvc: nil, validationSuccess: false))
    }

    @Test(arguments: [
        ("378282246310005", "1234", FieldState.valid), ("378282246310005", "123", .incomplete(.length)),
        ("4111111111111111", "1234", .invalid(.length)), ("4111111111111111", "123", .valid),
        ("3", "1234", .valid), ("3", "123", .valid), ("34", "123", .incomplete(.length)),
    ])
    func judgesTheCVCByTheDetectedBrand(_ pan: String, _ cvc: String, _ expected: FieldState) {
        #expect(Self.validate(pan: pan, cvc: cvc).cvc == expected)
    }

    @Test func aRefusedBrandIsStillReportedAndStillSetsTheCVCLength() {
        let result = Self.validate(pan: "378282246310005", expiryDate: "11/26", cvc: "1234", accepting: ["visa"])
        #expect(result.cardBrand?.code == "amex")
        #expect(result.pan == .invalid(.allowedInContext))
        #expect(result.cvc == .valid)
        #expect(!result.validationSuccess)
    }

    @Test func anUnrecognisedNumberPassesAnyAcceptedBrandsList() {
        let result = Self.validate(pan: "9999999999999995", expiryDate: "11/26", cvc: "123", accepting: ["VISA"])
        #expect(result.cardBrand == nil)
        #expect(result.validationSuccess)
    }

    @Test(arguments: [("41111111111111111111", "visa"), ("4111111111111112", "visa"), ("4111-1111", nil)]
        as [(String, String?)])
    func detectsTheBrandOfAnyWellFormedNumber(_ pan: String, _ code: String?) {
        #expect(Self.validate(pan: pan).cardBrand?.code == code)
    }

    @Test func encodesTheWireShape() throws {
        #expect(try Self.json(Self.validate()) == #"{"cardBrand":null,"validationSuccess":false}"#)
        #expect(try Self.json(Self.validate(pan: "99", cvc: "12a")) == """
            {"cardBrand":null,"cvc":{"errors":["format"],"state":"invalid"},\
            "pan":{"errors":["length"],"state":"incomplete"},"validationSuccess":false}
            """)
        let full = Self.validate(pan: "4111111111111111", expiryDate: "11/26", cvc: "123", accepting: ["mastercard"])
        #expect(try Self.json(full) == """
            {"cardBrand":{"code":"visa","cvcLength":3,"images":[\
            {"type":"image/svg+xml","url":"https://assets.checkoutd.invalid/brands/visa.svg"},\
            {"type":"image/png","url":"https://assets.checkoutd.invalid/brands/visa.png"}],\
            "mask":"{{9999}} {{9999}} {{9999}} {{9999}} {{999}}","name":"Visa","panLengths":[13,16,18,19],"paymentProductId":1},\
            "cvc":{"errors":[],"state":"valid"},"expiryDate":{"errors":[],"state":"valid"},\
            "pan":{"errors":["allowedInContext"],"state":"invalid"},"validationSuccess":false}
            """)
        #expect(try JSONDecoder().decode(CardValidationResult.self, from: Data(Self.json(full).utf8)) == full)
    }

    @Test(arguments: [
        #"{"state":"valid","errors":["luhn"]}"#, #"{"state":"invalid","errors":[]}"#,
        #"{"state":"incomplete","errors":[]}"#, #"{"state":"invalid","errors":["required"]}"#,
        #"{"state":"done","errors":[]}"#, #"{"state":"invalid","errors":["luhn","length","luhn"]}"#,
    ])
    func aFieldStateWithErrorsThatContradictItIsNotDecoded(_ json: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(FieldState.self, from: Data(json.utf8)) }
    }

    @Test func fieldStatesRoundTrip() throws {
        let every = FieldState.invalid(.allowedInContext, .expirationDate, .luhn, .length, .format)
        for state in [FieldState.valid, .incomplete(.length), .invalid(.allowedInContext, .length), every] {
            #expect(try JSONDecoder().decode(FieldState.self, from: JSONEncoder().encode(state)) == state)
        }
        #expect(try Self.json(every.errors) == #"["allowedInContext","expirationDate","luhn","length","format"]"#)
    }

    /// A state's rules keep the order they were found in, each once: all of
    /// them fit in the word they are packed in.
    @Test(arguments: [
        ([], []), ([.luhn], [.luhn]), ([.length, .luhn, .length], [.length, .luhn]),
        ([.format, .length, .luhn, .expirationDate, .allowedInContext, .format],
         [.format, .length, .luhn, .expirationDate, .allowedInContext]),
        ([.allowedInContext, .expirationDate, .luhn, .length, .format],
         [.allowedInContext, .expirationDate, .luhn, .length, .format]),
        // Every rule there is, either way round: a rule added that the word cannot hold breaks these.
        (CardFieldRule.allCases, CardFieldRule.allCases),
        (CardFieldRule.allCases.reversed(), CardFieldRule.allCases.reversed()),
    ] as [([CardFieldRule], [CardFieldRule])])
    func rulesKeepTheirOrderOnceEach(_ added: [CardFieldRule], _ kept: [CardFieldRule]) {
        let rules = CardFieldRules(added)
        #expect(Array(rules) == kept)
        #expect(rules.count == kept.count)
        #expect(rules == CardFieldRules(kept))
    }

    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// The brand `validate` reports comes from the same parse and trie walk as the
    /// card-number state; it agrees with the table's own brand lookup and with the
    /// reference reading of the detection rule, for numbers at every length from each
    /// reference prefix's bounds, typed with and without spaces, whatever is accepted.
    @Test(arguments: BrandReference.entries)
    func reportedBrandAgreesWithTheBrandLookups(_ entry: BrandReference.Entry) {
        for bound in [entry.lower, entry.upper] {
            for length in 1...20 {
                let digits = String((bound + String(repeating: "4", count: 20)).prefix(length))
                let spaced = digits.enumerated().map { $0.offset > 0 && $0.offset % 4 == 0 ? " \($0.element)" : "\($0.element)" }.joined()
                for pan in [digits, spaced] {
                    for accepted in [nil, ["visa"], ["elo", "discover"]] {
                        let result = Self.validate(pan: pan, accepting: accepted)
                        #expect(result.cardBrand == CardBrandTable.standard.brand(ofCardNumber: pan), "\(pan)")
                        #expect(result.cardBrand?.code == BrandReference.expectedBrand(of: digits), "\(pan)")
                    }
                }
            }
        }
    }
}

/// `card.validate`'s brand is the one the reference table names for the number.
@Suite("Card validation's brand")
struct CardValidationBrandTests {
    /// Every prefix of the reference table, padded to 16 digits, with and
    /// without a CVC of the brand's length, accepting all brands or only Amex.
    @Test(arguments: BrandReference.entries)
    func namesTheBrandTheReferenceTableGives(_ entry: BrandReference.Entry) {
        let table = CardBrandTable.standard
        let pan = String((entry.lower + String(repeating: "0", count: 16)).prefix(16))
        for cvc in [nil, "123", "1234"] {
            for accepted in [AcceptedBrands.all, AcceptedBrands(codes: ["amex"])] {
                let result = CardValidation.validate(
                    pan: pan, expiryDate: "12/30", cvc: cvc, acceptedBrands: accepted,
                    currentMonth: CardValidationTests.november2026, brands: table)
                #expect(result.cardBrand == table.brand(ofCardNumber: pan))
                #expect(result.cardBrand?.code == BrandReference.expectedBrand(of: pan))
            }
        }
    }
}
