import CheckoutCore
import Testing

@Suite("Luhn check")
struct CardLuhnTests {
    // Stripe and Worldline test card numbers, which pass by construction.
    static let testCards = [
        "4242424242424242", "4000056655665556", "5555555555554444", "5200828282828210", "5105105105105100",
        "378282246310005", "6011111111111117", "3566002020360505", "6200000000000005", "4012000033330026",
        "30569309025904", "0", "00", "18", "59",
    ]

    @Test(arguments: testCards)
    func acceptsNumbersWithTheirCheckDigit(_ number: String) {
        #expect(Luhn.isValid(number))
    }

    @Test(arguments: testCards.filter { $0.count > 2 })
    func rejectsEveryOtherLastDigit(_ number: String) {
        let last = Int(String(number.last!))!
        for wrong in (1...9).map({ (last + $0) % 10 }) {
            #expect(!Luhn.isValid(String(number.dropLast()) + String(wrong)), "\(number) ending \(wrong)")
        }
    }

    @Test(arguments: ["4242424242424241", "6200000000000006", "4111111111111", "1", "10", "79927398710"])
    func rejectsNumbersWhoseSumIsNotAMultipleOfTen(_ number: String) {
        #expect(!Luhn.isValid(number))
    }

    @Test(arguments: ["", "4242 4242 4242 4242", "424242424242424x", "４２"])
    func rejectsWhatIsNotDigits(_ text: String) {
        #expect(!Luhn.isValid(text))
    }

    @Test func swappingAdjacentDigitsIsCaught() {
        #expect(Luhn.isValid("79927398713"))
        #expect(!Luhn.isValid("79927398731"))
    }
}
