@testable import CheckoutCore
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

    /// The check as the ISO/IEC 7812 annex states it: from the rightmost digit
    /// leftwards, every second digit doubled, the doubled digits' own digits summed.
    static func textbookCheck(_ digits: [UInt8]) -> Bool {
        let sum = digits.reversed().enumerated().reduce(0) { sum, next in
            let (position, digit) = next
            let value = position.isMultiple(of: 2) ? Int(digit) : Int(digit) * 2
            return sum + value / 10 + value % 10
        }
        return sum % 10 == 0
    }

    /// Every count up to 24, with random digits, digits all 9 (the largest
    /// sums) and all 5 (each doubled one the least that subtracts 9), each
    /// with every last digit so that some pass and most fail: the running sum
    /// of `TypedCardNumber` agrees with the textbook check.
    @Test(arguments: 1...24)
    func theRunningSumAgreesWithTheTextbookCheck(_ count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        let random = (0..<50).map { _ in (0..<count).map { _ in UInt8.random(in: 0...9, using: &generator) } }
        for digits in random + [Array(repeating: 9, count: count), Array(repeating: 5, count: count)] {
            for last in Array(UInt8(0)...9) {
                let number = Array(digits.dropLast()) + [last]
                let text = String(decoding: number.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
                #expect(TypedCardNumber(typed: text).passesLuhn == Self.textbookCheck(number), "\(number)")
            }
        }
    }
}
