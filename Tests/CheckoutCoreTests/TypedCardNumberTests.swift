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

    /// Ways the same digits are typed: together, in the usual groups of four,
    /// in groups of three, one by one, and with spaces around them.
    static let groupings: [(String, @Sendable ([Character]) -> String)] = [
        ("together", { String($0) }),
        ("in fours", { grouped($0, by: 4) }),
        ("in threes", { grouped($0, by: 3) }),
        ("one by one", { grouped($0, by: 1) }),
        ("padded", { "  " + grouped($0, by: 4) + " " }),
        ("a first group of five", { $0.count > 5 ? String($0.prefix(5)) + " " + grouped(Array($0.dropFirst(5)), by: 4) : String($0) }),
    ]

    static func grouped(_ digits: [Character], by size: Int) -> String {
        stride(from: 0, to: digits.count, by: size).map { String(digits[$0..<min($0 + size, digits.count)]) }
            .joined(separator: " ")
    }

    /// Every length up to past the digits kept, every grouping, and every last
    /// digit: the count, the digits kept and the Luhn check as the textbook has it.
    @Test(arguments: 0...30)
    func readsEveryLengthInEveryGrouping(_ length: Int) {
        var generator = SeededGenerator(seed: 7_812 + UInt64(length))
        let body = (0..<max(length - 1, 0)).map { _ in UInt8.random(in: 0...9, using: &generator) }
        for last in length > 0 ? Array(UInt8(0)...9) : [] {
            let digits = body + [last]
            let characters = digits.map { Character(Unicode.Scalar($0 + UInt8(ascii: "0"))) }
            for (name, typed) in Self.groupings {
                let text = typed(characters)
                let number = TypedCardNumber(typed: text)
                #expect(number.isNumber && number.digitCount == length, "\(name): \(text)")
                #expect(Array(number.leadingDigits) == Array(digits.prefix(TypedCardNumber.storedDigitLimit)), "\(name): \(text)")
                #expect(number.passesLuhn == CardLuhnTests.textbookCheck(digits), "\(name): \(text)")
            }
        }
    }

    /// Any byte but a digit or a space, in any place of a group of four among
    /// digits, makes the text not a number; the bytes next to the digits' range
    /// (`/` and `:`) and those whose high half is 3 (`;` to `?`) are among them.
    @Test func anyOtherByteInAGroupOfFourIsNotANumber() {
        let others = (UInt8(0)...255).filter { !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) && $0 != UInt8(ascii: " ") }
        for byte in others {
            for place in 0..<4 {
                var text = Array("4111 1111 1111 1111".utf8)
                text[5 + place] = byte
                let number = text.withUnsafeBytes { TypedCardNumber(typed: $0) }
                #expect(!number.isNumber && number.digitCount == 0 && number.leadingDigits.isEmpty, "byte \(byte) at \(place)")
            }
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
