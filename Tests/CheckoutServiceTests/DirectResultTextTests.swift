@testable import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Testing

/// Each value that writes its own JSON text writes exactly what its `Encodable`
/// conformance gives through the tree encoder, the reference.
@Suite("Direct result text")
struct DirectResultTextTests {
    func expectSameText<Value: JSONTextWritable>(_ value: Value, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let reference = String(decoding: JSONSerializer.bytes(of: try JSONValueEncoder.encode(value)), as: UTF8.self)
        let direct = String(decoding: JSONTextWriter.bytes(of: value), as: UTF8.self)
        #expect(direct == reference, sourceLocation: sourceLocation)
    }

    static let fieldStates: [FieldState?] = [
        nil, .valid, .incomplete(.length), .invalid(.luhn, .allowedInContext),
        .invalid(.format, .length, .luhn, .expirationDate, .allowedInContext),
    ]

    /// Every standard brand, no brand, and a made-up brand with no product and text that needs escaping.
    static let brands: [CardBrand?] = CardBrandTable.standard.brands + [
        nil, CardBrand(code: "odd\"brand", name: "Ünïcode \\ \u{1}", paymentProductId: nil, panLengths: [], cvcLength: 0),
    ]

    @Test(arguments: brands)
    func cardValidationResultsInEveryShape(_ brand: CardBrand?) throws {
        for pan in Self.fieldStates {
            for expiry in Self.fieldStates {
                for cvc in Self.fieldStates {
                    try expectSameText(CardValidationResult(cardBrand: brand, pan: pan, expiryDate: expiry, cvc: cvc,
                                                            validationSuccess: pan?.isValid == true))
                }
            }
        }
    }

    /// A result whose brand is the table's copies the brand's text written
    /// beforehand; a result with no brand writes member by member. Both give
    /// the reference text. Every standard brand's index and no brand, with the
    /// card number's and the CVC's states in every shape.
    @Test(arguments: [nil] + Array(CardBrandTable.standard.entries.indices))
    func cardValidationResultsWithPrewrittenBrands(_ brandIndex: Int?) throws {
        let table = CardBrandTable.standard
        let prewritten = PrewrittenBrands(table)
        let isInTable = brandIndex != nil
        for pan in Self.fieldStates {
            for cvc in Self.fieldStates {
                let isAllValid = pan == .valid && cvc == .valid
                let judgement = CardJudgement(brandIndex: brandIndex, pan: pan, expiryDate: .valid, cvc: cvc,
                                              validationSuccess: isAllValid)
                let result = judgement.result(in: table)
                let text = CardValidationResultText(judgement, table: table, brands: prewritten)
                #expect(text.result == result)
                #expect((text.brandText != nil) == isInTable)
                // A valid card of a table brand is one piece of text written beforehand.
                #expect((text.wholeText != nil) == (isInTable && isAllValid))
                try expectSameText(text)
                #expect(JSONTextWriter.bytes(of: text) == JSONTextWriter.bytes(of: result))
            }
        }
        // The texts hold their entries uncounted, valid while `prewritten` lives.
        withExtendedLifetime(prewritten) {}
    }

    @Test func cardValidationResultsOfTypedInput() throws {
        let pans = [nil, "", "4", "4111 1111 1111 1111", "37828224631000", "5555555555554444", "6200000000000005", "abc"]
        let expiries = [nil, "12/30", "13/30", "1", "11/2026"]
        let cvcs = [nil, "1", "123", "1234", "12a"]
        for pan in pans {
            for expiry in expiries {
                for cvc in cvcs {
                    try expectSameText(CardValidation.validate(
                        pan: pan, expiryDate: expiry, cvc: cvc, acceptedBrands: AcceptedBrands(codes: ["visa", "amex"]),
                        currentMonth: CalendarMonth(year: 2026, month: 11)))
                }
            }
        }
    }

    /// `card.validate`'s handler answers from the judgement, brand named by its
    /// index: the same result and the same text as the result made whole, for
    /// valid cards of every standard brand and for partial and wrong input.
    @Test func cardValidationResultTextFromAJudgement() throws {
        let table = CardBrandTable.standard
        let prewritten = PrewrittenBrands(table)
        // Public test card numbers of several brands (the schemes' and gateways' published test cards).
        let pans: [String?] = [nil, "", "4", "4111 1111 1111 1111", "4111 1111 1111 1112", "abc", "5555555555554444",
                               "378282246310005", "6011111111111117", "3530111333300000", "36006666333344",
                               "6200000000000005", "6759649826438453"]
        let month = CalendarMonth(year: 2026, month: 11)
        for pan in pans {
            for expiry in [nil, "12/30", "13/30"] {
                for cvc in [nil, "123", "1234"] {
                    for accepted in [AcceptedBrands.all, AcceptedBrands(codes: ["amex"])] {
                        let typed = (pan.map(TypedCardNumber.init(typed:)), expiry.map(TypedExpiryDate.init(typed:)),
                                     cvc.map(TypedCVC.init(typed:)))
                        let judgement = CardValidation.judge(pan: typed.0, expiryDate: typed.1, cvc: typed.2,
                                                             acceptedBrands: accepted, currentMonth: month, brands: table)
                        let whole = CardValidation.validate(pan: pan, expiryDate: expiry, cvc: cvc, acceptedBrands: accepted,
                                                            currentMonth: month, brands: table)
                        let text = CardValidationResultText(judgement, table: table, brands: prewritten)
                        #expect(text.result == whole, "\(pan ?? "-") \(expiry ?? "-") \(cvc ?? "-")")
                        #expect(JSONTextWriter.bytes(of: text) == JSONTextWriter.bytes(of: whole))
                        #expect((text.wholeText != nil) == (whole.validationSuccess && whole.cardBrand != nil))
                        try expectSameText(text)
                    }
                }
            }
        }
        withExtendedLifetime(prewritten) {}
    }

    @Test func customerInputOfEveryCatalogProduct() throws {
        let products = ServiceConfiguration().catalog.paymentProducts
        #expect(!products.isEmpty)
        for product in products {
            let values = Dictionary(uniqueKeysWithValues: product.fields.enumerated().map { index, field in
                (field.id, index % 2 == 0 ? "4111 1111 \"1111\" \\ 1111" : "Zoë\u{0}\n")
            })
            let paymentValues = PaymentRequestValidation.judge(
                product: product, values: values, currentMonth: CalendarMonth(year: 2026, month: 11), locale: "en_US",
                productsOfCard: { _ in nil }).paymentValues
            for accountOnFileId in [nil, "aof-\"1\""] {
                for tokenize in [false, true] {
                    try expectSameText(CustomerInput(
                        clientSessionId: "session", nonce: "0F1E2D3C-4B5A-6978-8796-A5B4C3D2E1F0",
                        paymentProductId: product.id, accountOnFileId: accountOnFileId, tokenize: tokenize,
                        paymentValues: paymentValues))
                }
            }
        }
    }

    @Test(arguments: [nil, "", "com.example.shop", "an \"app\" \\ é"])
    func clientMetaInfo(_ appIdentifier: String?) throws {
        try expectSameText(ClientMetaInfo(sdkName: "checkoutd", sdkVersion: "1.0.0", appIdentifier: appIdentifier))
    }

    @Test func encryptResult() throws {
        try expectSameText(PaymentRequestMethods.Encrypt.Result(
            encryptedCustomerInput: "eyJhbGciOiJSU0EtT0FFUCJ9.a.b.c.d", encodedClientMetaInfo: "eyJ9"))
    }
}
