@testable import CheckoutCore
import Foundation
import Testing

@Suite("A card number as typed")
struct TypedCardNumberTests {
    /// Card numbers that pass Luhn by construction (the Luhn tests' and the 3-D
    /// Secure reference's), each also with every other last digit, which fails.
    static let numbers: [String] = {
        let valid = CardLuhnTests.testCards + ThreeDSReference.frictionless.map(\.cardNumber)
            + ThreeDSReference.challenges.map(\.cardNumber)
        return valid + valid.filter { $0.count > 1 }.flatMap { number in
            (1...9).map { String(number.dropLast()) + String((Int(String(number.last!))! + $0) % 10) }
        }
    }()

    /// The values 0–9 of a number's ASCII digits; nil when it holds anything else.
    static func digitValues(_ number: String) -> [UInt8]? {
        CardDigits.areAllDigits(number.utf8) ? number.utf8.map { $0 - UInt8(ascii: "0") } : nil
    }

    @Test func readsEveryDigitAndTheLuhnCheckAsTheDigitRulesDo() {
        for number in Self.numbers {
            let typed = TypedCardNumber(typed: number)
            #expect(typed.isNumber && typed.digitCount == number.count, "\(number)")
            #expect(typed.passesLuhn == Luhn.isValid(number), "\(number)")
            #expect(Array(typed.leadingDigits) == Self.digitValues(number), "\(number)")
        }
    }

    @Test(arguments: ["4242 4242 4242 4242", " 4242424242424242 ", "4 2 4 2 4 2 4 2 4 2 4 2 4 2 4 2"])
    func spacesAreDropped(_ text: String) {
        #expect(TypedCardNumber(typed: text) == TypedCardNumber(typed: "4242424242424242"))
        #expect(TypedCardNumber(typed: text).passesLuhn)
    }

    @Test(arguments: ["424242424242424x", "4242-4242", "４２", "4242\t4242", "-1", "4242\u{0}"])
    func anythingButDigitsAndSpacesIsNotANumber(_ text: String) {
        let typed = TypedCardNumber(typed: text)
        #expect(!typed.isNumber && typed.digitCount == 0 && !typed.passesLuhn && typed.leadingDigits.isEmpty)
    }

    @Test func nothingTypedIsANumberWithoutDigits() {
        let typed = TypedCardNumber(typed: "  ")
        #expect(typed.isNumber && typed.digitCount == 0 && typed.leadingDigits.isEmpty)
    }

    /// Past `storedDigitLimit` digits only the count grows, and the Luhn check
    /// still covers every digit.
    @Test(arguments: [25, 30, 64])
    func aNumberLongerThanAnyBrandKeepsItsCountAndItsLuhnCheck(_ length: Int) {
        let body = String(String(repeating: "4111222233334444", count: 5).prefix(length - 1))
        let valid = (0...9).map { body + String($0) }.first(where: Luhn.isValid)!
        for number in [valid, String(valid.dropLast()) + String((Int(String(valid.last!))! + 1) % 10)] {
            let typed = TypedCardNumber(typed: number)
            #expect(typed.digitCount == length)
            #expect(typed.passesLuhn == Luhn.isValid(number))
            #expect(Array(typed.leadingDigits) == Array(Self.digitValues(number)!.prefix(TypedCardNumber.storedDigitLimit)))
        }
    }

    @Test func decodesFromAnyJSONString() throws {
        func decode(_ json: String) throws -> TypedCardNumber {
            try JSONDecoder().decode(TypedCardNumber.self, from: Data(json.utf8))
        }
        #expect(try decode(#""4242 4242 4242 4242""#) == TypedCardNumber(typed: "4242424242424242"))
        #expect(try decode(#""not a card""#).isNumber == false)
        #expect(throws: DecodingError.self) { try decode("4242") }
    }
}
