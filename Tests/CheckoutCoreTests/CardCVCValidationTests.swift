import CheckoutCore
import Testing

@Suite("CVC field")
struct CardCVCValidationTests {
    static let amex = CardBrandTable.standard.brand(code: "amex")
    static let visa = CardBrandTable.standard.brand(code: "visa")

    @Test(arguments: [
        ("1234", amex, .valid), ("123", amex, .incomplete(.length)), ("12345", amex, .invalid(.length)),
        ("123", visa, .valid), ("1234", visa, .invalid(.length)), ("12", visa, .incomplete(.length)),
        ("123", nil, .valid), ("1234", nil, .valid), ("12", nil, .incomplete(.length)),
        ("12345", nil, .invalid(.length)),
        ("", visa, .incomplete(.length)), ("", nil, .incomplete(.length)), ("", amex, .incomplete(.length)),
        ("12a", visa, .invalid(.format)), (" 123", visa, .invalid(.format)), ("1 23", nil, .invalid(.format)),
        ("１２３", nil, .invalid(.format)), ("12345x", amex, .invalid(.format)),
        ("12345678901234567890", nil, .invalid(.length)), ("1234567890123456789x", nil, .invalid(.format)),
    ] as [(String, CardBrand?, FieldState)])
    func needsTheBrandsNumberOfDigits(_ cvc: String, _ brand: CardBrand?, _ expected: FieldState) {
        #expect(CVCValidation.state(of: cvc, brand: brand) == expected)
    }
}
