import CheckoutCore
import Foundation
import Testing

@Suite("Card number formatting")
struct CardNumberFormattingTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let pan: String
        let cursor: Int?
        let formatted: String
        let expectedCursor: Int
        let brand: String?
        var testDescription: String { "\(pan) at \(cursor.map(String.init) ?? "end")" }

        init(_ pan: String, _ cursor: Int?, _ formatted: String, _ expectedCursor: Int, _ brand: String?) {
            self.pan = pan
            self.cursor = cursor
            self.formatted = formatted
            self.expectedCursor = expectedCursor
            self.brand = brand
        }
    }

    @Test(arguments: [
        // Visa and other brands: XXXX XXXX XXXX XXXX XXX, no trailing space.
        Vector("4111111111111111", nil, "4111 1111 1111 1111", 19, "visa"),
        Vector("4111111111111111111", nil, "4111 1111 1111 1111 111", 23, "visa"),
        Vector("41111111111111111111", nil, "4111 1111 1111 1111 111", 23, "visa"),
        Vector("4111", nil, "4111", 4, "visa"),
        Vector("4", nil, "4", 1, "visa"),
        Vector("5555555555554444", nil, "5555 5555 5555 4444", 19, "mastercard"),
        Vector("55555555555544441", nil, "5555 5555 5555 4444", 19, "mastercard"),
        Vector("6200000000000005", nil, "6200 0000 0000 0005", 19, "unionpay"),
        // Amex: XXXX XXXXXX XXXXX, 15 digits at most.
        Vector("378282246310005", nil, "3782 822463 10005", 17, "amex"),
        Vector("3782822463100051", nil, "3782 822463 10005", 17, "amex"),
        Vector("3782822463", nil, "3782 822463", 11, "amex"),
        Vector("37828", nil, "3782 8", 6, "amex"),
        // Diners: XXXX XXXXXX XXXX at exactly 14 digits, the common mask otherwise.
        Vector("30569309025904", nil, "3056 930902 5904", 16, "diners"),
        Vector("3056930902590", nil, "3056 9309 0259 0", 16, "diners"),
        Vector("305693090259041", nil, "3056 9309 0259 041", 18, "diners"),
        Vector("3056930902590400", nil, "3056 9309 0259 0400", 19, "diners"),
        Vector("3056930902590400123", nil, "3056 9309 0259 0400 123", 23, "diners"),
        // Unknown brand: the common mask, 19 digits at most.
        Vector("99999999999999999999", nil, "9999 9999 9999 9999 999", 23, nil),
        Vector("", nil, "", 0, nil),
        Vector("", 3, "", 0, nil),
    ])
    func laysOutTheNumberWithItsBrandsMask(_ vector: Vector) {
        Self.check(vector)
    }

    @Test(arguments: [
        // The cursor sits right after the same number of digits, before an inserted space.
        Vector("41111", 4, "4111 1", 4, "visa"),
        Vector("41111", 5, "4111 1", 6, "visa"),
        Vector("4111 1", 6, "4111 1", 6, "visa"),
        Vector("4111 1", 5, "4111 1", 4, "visa"),
        Vector("4111 1111 1111 1111", 10, "4111 1111 1111 1111", 9, "visa"),
        Vector("4111111111111111", 0, "4111 1111 1111 1111", 0, "visa"),
        Vector("4111111111111111", 9, "4111 1111 1111 1111", 11, "visa"),
        Vector("4111111111111111", -3, "4111 1111 1111 1111", 0, "visa"),
        Vector("4111111111111111", 99, "4111 1111 1111 1111", 19, "visa"),
        Vector("41111111111111111111", 20, "4111 1111 1111 1111 111", 23, "visa"),
        Vector("378282246310005", 5, "3782 822463 10005", 6, "amex"),
        Vector("378282246310005", 10, "3782 822463 10005", 11, "amex"),
        Vector("378282246310005", 11, "3782 822463 10005", 13, "amex"),
        Vector("30569309025904", 6, "3056 930902 5904", 7, "diners"),
        Vector("30569309025904", 12, "3056 930902 5904", 14, "diners"),
        // Anything but digits is dropped; the cursor counts Unicode scalars of the input.
        Vector("4a111", 2, "4111", 1, "visa"),
        Vector("é4111", 2, "4111", 1, "visa"),
        Vector("4111-1111", 9, "4111 1111", 9, "visa"),
        Vector("4111-1111", 5, "4111 1111", 4, "visa"),
        Vector("４111", 1, "111", 0, nil),
    ])
    func keepsTheCursorAmongTheDigits(_ vector: Vector) {
        Self.check(vector)
    }

    @Test func encodesTheWireShape() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let unknown = CardNumberFormatting.format(pan: "99", cursor: nil)
        #expect(String(decoding: try encoder.encode(unknown), as: UTF8.self)
            == #"{"cardBrand":null,"cursor":2,"formatted":"99"}"#)
        let visa = CardNumberFormatting.format(pan: "4111", cursor: 2)
        let object = try #require(JSONSerialization.jsonObject(with: try encoder.encode(visa)) as? [String: Any])
        #expect(Set(object.keys) == ["formatted", "cursor", "cardBrand"])
        #expect((object["cardBrand"] as? [String: Any])?["code"] as? String == "visa")
        #expect(try JSONDecoder().decode(FormattedCardNumber.self, from: encoder.encode(visa)) == visa)
    }

    static func check(_ vector: Vector) {
        let result = CardNumberFormatting.format(pan: vector.pan, cursor: vector.cursor)
        #expect(result.formatted == vector.formatted)
        #expect(result.cursor == vector.expectedCursor)
        #expect(result.cardBrand?.code == vector.brand)
    }
}
