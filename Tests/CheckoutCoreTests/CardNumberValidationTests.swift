import CheckoutCore
import Testing

@Suite("Card number (PAN) field")
struct CardNumberValidationTests {
    typealias Vector = (pan: String, expected: FieldState)

    static func state(_ pan: String, accepting codes: [String]? = nil) -> FieldState {
        CardNumberValidation.state(of: pan, acceptedBrands: AcceptedBrands(codes: codes))
    }

    // Visa accepts 13, 16, 18 and 19 digits; 4111111111111111 passes Luhn at 16 and,
    // padded with 1s, fails it at 13, 18 and 19.
    static let typingVisa: [FieldState] = [.incomplete(.length)]
        + Array(repeating: .incomplete(.length), count: 12)
        + [.incomplete(.luhn), .incomplete(.length), .incomplete(.length), .valid, .incomplete(.length),
           .incomplete(.luhn), .invalid(.luhn), .invalid(.length)]

    @Test(arguments: Array(typingVisa.enumerated()))
    func typingAVisaNumberDigitByDigit(_ length: Int, _ expected: FieldState) {
        let pan = String("41111111111111111111".prefix(length))
        #expect(Self.state(pan) == expected, "\(pan)")
    }

    @Test(arguments: [
        ("37828224631000", .incomplete(.length)), ("378282246310005", .valid),
        ("378282246310006", .invalid(.luhn)), ("3782822463100050", .invalid(.length)),
        ("5555555555554444", .valid), ("5555555555554445", .invalid(.luhn)), ("55555555555544440", .invalid(.length)),
        ("6011111111111117", .valid), ("3566002020360505", .valid), ("4000056655665556", .valid),
        ("5200828282828210", .valid), ("5105105105105100", .valid), ("4012000033330026", .valid),
        ("4242424242424242", .valid), ("4242424242424241", .incomplete(.luhn)),
        ("4111111111111111110", .valid), ("4222222222222", .valid),
        ("30569309025904", .valid), ("3056930902590", .incomplete(.length)),
        ("675900000000", .valid), ("675900000001", .incomplete(.luhn)), ("67590000000", .incomplete(.length)),
        ("2200000000000004", .valid), ("220000000000000004", .valid), ("220000000000000", .incomplete(.length)),
    ] as [Vector])
    func judgesARecognisedBrandByItsLengthsAndLuhn(_ pan: String, _ expected: FieldState) {
        #expect(Self.state(pan) == expected)
    }

    @Test(arguments: [
        ("6200000000000005", .valid), ("6200000000000006", .valid), ("62000000000000", .valid),
        ("6200000000000", .incomplete(.length)), ("62000000000000000000", .invalid(.length)),
    ] as [Vector])
    func unionPayNeedsNoLuhn(_ pan: String, _ expected: FieldState) {
        #expect(Self.state(pan) == expected)
    }

    @Test(arguments: [
        ("99999999999", .incomplete(.length)), ("999999999991", .valid), ("999999999999", .incomplete(.luhn)),
        ("9999999999999995", .valid), ("9999999999999999998", .valid), ("9999999999999999995", .invalid(.luhn)),
        ("99999999999999999999", .invalid(.length)), ("", .incomplete(.length)), ("7", .incomplete(.length)),
    ] as [Vector])
    func judgesAnUnrecognisedNumberByTheDefaultRules(_ pan: String, _ expected: FieldState) {
        #expect(Self.state(pan) == expected)
    }

    @Test(arguments: [
        ("4111 1111 1111 1111", .valid), (" 4111111111111111 ", .valid), ("4111-1111-1111-1111", .invalid(.format)),
        ("4111111111111111\n", .invalid(.format)), ("４111111111111111", .invalid(.format)),
        ("4111\u{00A0}1111", .invalid(.format)), ("x", .invalid(.format)),
    ] as [Vector])
    func ignoresSpacesOnly(_ pan: String, _ expected: FieldState) {
        #expect(Self.state(pan) == expected)
    }

    @Test(arguments: [
        ("4111111111111111", ["VISA"], .valid),
        ("378282246310005", ["Amex", "visa"], .valid),
        ("4111111111111111", ["mastercard"], .invalid(.allowedInContext)),
        ("4111111111111111", ["foo"], .invalid(.allowedInContext)),
        ("4242424242424241", ["mastercard"], .invalid(.allowedInContext)),
        ("41111111111111111111", ["mastercard"], .invalid(.allowedInContext, .length)),
        ("4111111111111111", [], .valid),
        ("4111111111111111", nil, .valid),
        // An unrecognised number is judged by the default rules.
        ("9999999999999995", ["mastercard"], .valid),
        ("99", ["visa"], .incomplete(.length)),
        ("2", ["visa"], .incomplete(.length)),
        ("", ["visa"], .incomplete(.length)),
        // While further digits can still reach an accepted brand, the number is incomplete.
        ("4", ["elo"], .incomplete(.allowedInContext, .length)),
        ("4011", ["elo"], .incomplete(.allowedInContext, .length)),
        ("401178", ["elo"], .incomplete(.length)),
        ("4", ["mastercard"], .invalid(.allowedInContext)),
        ("4012", ["elo"], .invalid(.allowedInContext)),
        ("401178", ["visa"], .invalid(.allowedInContext)),
        ("4011780000000006", ["visa"], .invalid(.allowedInContext)),
        ("4011780000000006", ["ELO"], .valid),
        ("4011780000000001", ["visa"], .invalid(.allowedInContext, .luhn)),
        // No prefix identifies 5004 or 50 yet, so the default rules judge them.
        ("5004", ["visa"], .incomplete(.length)),
        ("5004", ["maestro"], .incomplete(.length)),
        ("50", ["visa"], .incomplete(.length)),
        ("500000", ["visa"], .invalid(.allowedInContext)),
    ] as [(String, [String]?, FieldState)])
    func refusesARecognisedBrandOutsideTheAcceptedOnes(_ pan: String, _ codes: [String]?, _ expected: FieldState) {
        #expect(Self.state(pan, accepting: codes) == expected)
    }
}
