@testable import CheckoutCore
import Testing

/// tokens.create's card rules and the token they make, against the reference
/// IIN table rows used in ValidationFixtures.
@Suite struct CardTokenizationTests {
    static let month = CalendarMonth(year: 2026, month: 11)
    static let key = CardFingerprintKey(bytes: Array(repeating: 7, count: 32))!

    static func errors(_ card: CardTokenization.Card, supported: Bool = true,
                       accepted: AcceptedBrands = .all) -> [String] {
        let details = supported ? IINDetails(status: .supported, paymentProductId: 1, isAllowedInContext: true) : IINDetails.unknown
        return CardTokenization.errors(of: card, details: details, acceptedBrands: accepted, currentMonth: month,
                                       brands: .standard, locale: "en_US")
            .map { "\($0.fieldId):\($0.errorMessageId.rawValue)" }
    }

    @Test(arguments: [
        (CardTokenization.Card(cardNumber: "4242 4242 4242 4242", expiryDate: "12/28", cvv: "123"), [String]()),
        (CardTokenization.Card(cardNumber: "", expiryDate: ""), ["card.cardNumber:required", "card.expiryDate:required"]),
        (CardTokenization.Card(cardNumber: "4242424242424241", expiryDate: "1228"), ["card.cardNumber:luhn"]),
        (CardTokenization.Card(cardNumber: "42424242x", expiryDate: "1228"), ["card.cardNumber:luhn"]),
        (CardTokenization.Card(cardNumber: "424242424242", expiryDate: "1228"), ["card.cardNumber:length"]),
        (CardTokenization.Card(cardNumber: "4242424242424242", expiryDate: "1026"), ["card.expiryDate:expirationDate"]),
        (CardTokenization.Card(cardNumber: "4242424242424242", expiryDate: "1126"), []),
        (CardTokenization.Card(cardNumber: "4242424242424242", expiryDate: "12/2051"), []),
        (CardTokenization.Card(cardNumber: "4242424242424242", expiryDate: "01/52"), ["card.expiryDate:expirationDate"]),
        (CardTokenization.Card(cardNumber: "378282246310005", expiryDate: "1228", cvv: "123"), ["card.cvv:length"]),
        (CardTokenization.Card(cardNumber: "378282246310005", expiryDate: "1228", cvv: "1234"), []),
        (CardTokenization.Card(cardNumber: "4242424242424242", expiryDate: "1228", cvv: ""), []),
    ])
    func judgesTheCardByTheCardRules(card: CardTokenization.Card, expected: [String]) {
        #expect(Self.errors(card) == expected)
    }

    @Test(arguments: ["4242424242424242", "Wile E. Coyote 4242 4242 4242 4242", "Coyote-4000-0000-0000-0002"])
    func aCardholderNameHoldingACardNumberIsANameError(_ name: String) {
        let card = CardTokenization.Card(cardNumber: "4242424242424242", expiryDate: "1228", cardholderName: name)
        #expect(Self.errors(card) == ["card.cardholderName:name"])
    }

    @Test func aCardTheSessionCannotTakeIsNotAllowedInContext() {
        let card = CardTokenization.Card(cardNumber: "4242424242424242", expiryDate: "1228")
        #expect(Self.errors(card, supported: false) == ["card.cardNumber:allowedInContext"])
        #expect(Self.errors(card, accepted: AcceptedBrands(codes: ["mastercard"])) == ["card.cardNumber:allowedInContext"])
    }

    @Test func theTokenKeepsNoCardNumber() throws {
        let card = CardTokenization.Card(cardNumber: "4000 0025 0000 1001", expiryDate: "03/2029", cvv: "123",
                                         cardholderName: "  Jean Dupont ")
        let details = IINDetails(status: .supported, paymentProductId: 130, countryCode: "FR", cardType: .debit,
                                 isAllowedInContext: true)
        let token = CardTokenization.token(
            for: card, id: "tok_1", customerId: "cus_1", paymentProductId: 130, details: details, binLength: 8,
            brand: try #require(CardBrandTable.standard.brand(code: "cartesbancaires")), fingerprintKey: Self.key,
            now: Timestamp(rfc3339: "2026-11-21T10:00:00Z")!)
        #expect(token.bin == "40000025")
        #expect(token.last4Digits == "1001")
        #expect(token.alias == "400000XXXXXX1001")
        #expect(token.expiryDate == "0329")
        #expect(token.cardholderName == "Jean Dupont")
        #expect(token.issuingCountry == "FR" && token.cardType == .debit && token.brand == "cartesbancaires")
        #expect(token.fingerprint == Self.key.fingerprint(ofCardNumber: "4000002500001001"))
        let encoded = String(describing: token)
        #expect(!encoded.contains("4000002500001001"))
    }

    @Test func fingerprintsAreKeyedHMACs() {
        // The expected value is HMAC-SHA-256 computed independently (Python's hmac module).
        #expect(Self.key.fingerprint(ofCardNumber: "4242424242424242") == "6591f2c1d2bb7a216c3e2eb8efed3116f28ec0077f71bc690bfe76fc56f8e2ee")
        let other = CardFingerprintKey(bytes: Array(repeating: 8, count: 32))!
        let number = "4242424242424242"
        #expect(Self.key.fingerprint(ofCardNumber: number) == Self.key.fingerprint(ofCardNumber: number))
        #expect(Self.key.fingerprint(ofCardNumber: number) != other.fingerprint(ofCardNumber: number))
        #expect(Self.key.fingerprint(ofCardNumber: number).count == 64)
        #expect(CardFingerprintKey(bytes: [1, 2, 3]) == nil)
    }

    @Test(arguments: ["4242424242424242", "378282246310005", "36227206271667", "1234567890"])
    func theAliasShowsSixAndFour(number: String) {
        let alias = CardTokenization.alias(of: number)
        #expect(alias.count == number.count)
        if number.count > 10 {
            #expect(alias.prefix(6) == number.prefix(6) && alias.suffix(4) == number.suffix(4))
            #expect(alias.dropFirst(6).dropLast(4).allSatisfy { $0 == "X" })
        }
    }
}
