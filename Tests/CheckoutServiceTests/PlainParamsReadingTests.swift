@testable import CheckoutService
@testable import JSONRPC
import Testing

/// The params that read themselves plainly answer what the decoder answers, and
/// leave everything that is not plain to it.
@Suite("Plain params reading")
struct PlainParamsReadingTests {
    func expectAgreement<Params: PlainParams & Hashable & Sendable>(
        _ type: Params.Type, _ text: String, plain expectedPlain: Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let params = try JSONParser.parse(text)
        let plain = try RequestParams.withText(Array(text.utf8)) { Params.readPlainly(from: $0) }
        let decoded = ParamsDecoder.decode(Params.self, from: params)
        #expect((plain != nil) == expectedPlain, sourceLocation: sourceLocation)
        if let plain { #expect(plain == (try decoded.get()), sourceLocation: sourceLocation) }
        // Reading the unparsed text, where it answers, answers the same.
        let compact = Array(text.utf8).withUnsafeBytes { Params.readCompactly(from: $0) }
        if let compact { #expect(compact == (try decoded.get()), sourceLocation: sourceLocation) }
    }

    static let validatePlain = [
        #"{"pan":"4111 1111 1111 1111","expiryDate":"12/30","cvc":"123"}"#,
        #"{}"#,
        #"{"pan":"","acceptedBrands":["visa","AmEx"],"clientSessionId":"abc_DEF-123"}"#,
        #"{"pan":"4","acceptedBrands":[]}"#,
        #"{"pan":"\u0034111 1111\t1111 1111"}"#,
        #"{"pan":"4111-1111-1111-1111 and more than twenty-four characters"}"#,
        #"{"expiryDate":"\u0031\u0032/30","cvc":"\u0031\u00323"}"#,
        #"{"expiryDate":"12/2030 and more than any form","cvc":"1234567890 not a cvc"}"#,
    ]

    static let validateNotPlain = [
        #"{"pan":null,"expiryDate":null,"cvc":null,"acceptedBrands":null,"clientSessionId":null}"#,
        #"{"pan":4111}"#,
        #"{"pan":"4","cvv":"123"}"#,
        #"{"pan":"4","pan":"5"}"#,
        #"{"acceptedBrands":"visa"}"#,
        #"{"acceptedBrands":["visa",1]}"#,
        #"{"clientSessionId":""}"#,
        #"{"clientSessionId":"has space"}"#,
        #"{"clientSessionId":"\#(String(repeating: "a", count: 65))"}"#,
        #"{"expiryDate":{"month":12}}"#,
    ]

    @Test(arguments: validatePlain.map { ($0, true) } + validateNotPlain.map { ($0, false) })
    func cardValidate(_ text: String, _ plain: Bool) throws {
        try expectAgreement(CardMethods.Validate.Params.self, text, plain: plain)
    }

    /// Which `card.validate` params are read from their unparsed text: compact
    /// string members in the order the params ask for them.
    @Test(arguments: [
        (#"{"pan":"4111 1111 1111 1111","expiryDate":"12/30","cvc":"123"}"#, true),
        (#"{"pan":"4111","cvc":"1"}"#, true),
        (#"{"pan":"","clientSessionId":"abc_DEF-123"}"#, true),
        ("{}", true),
        (#"{"cvc":"1","pan":"4111"}"#, false),
        (#"{"pan":"4111", "cvc":"1"}"#, false),
        (#"{"pan":"4","acceptedBrands":["visa"]}"#, false),
        (#"{"pan":"\u0034111"}"#, false),
        (#"{"pan":"4","pan":"5"}"#, false),
        (#"{"pan":"4","cvv":"123"}"#, false),
        (#"{"clientSessionId":"has space"}"#, false),
    ])
    func cardValidateFromUnparsedText(_ text: String, _ compact: Bool) throws {
        let read = Array(text.utf8).withUnsafeBytes { CardMethods.Validate.readCompactParams($0, declining: nil) }
        #expect((read != nil) == compact)
        if let read {
            #expect(read == (try ParamsDecoder.decode(CardMethods.Validate.Params.self, from: JSONParser.parse(text)).get()))
        }
    }

    static let encryptPlain = [
        #"{"clientSessionId":"s1","paymentProductId":1,"values":{"cardNumber":"4111 1111 1111 1111"}}"#,
        #"{"clientSessionId":"s1","paymentProductId":-3,"values":{},"accountOnFileId":"a","tokenize":true,"alg":"RSA-OAEP-256"}"#,
        #"{"alg":"RSA-OAEP","values":{"a":"","b":"é"},"tokenize":false,"paymentProductId":809,"clientSessionId":"x"}"#,
    ]

    static let encryptNotPlain = [
        #"{"clientSessionId":"s1","paymentProductId":1,"values":{},"accountOnFileId":null,"tokenize":null,"alg":null}"#,
        #"{"paymentProductId":1,"values":{}}"#,
        #"{"clientSessionId":"s1","values":{}}"#,
        #"{"clientSessionId":"s1","paymentProductId":1}"#,
        #"{"clientSessionId":"s 1","paymentProductId":1,"values":{}}"#,
        #"{"clientSessionId":"s1","paymentProductId":"1","values":{}}"#,
        #"{"clientSessionId":"s1","paymentProductId":1.5,"values":{}}"#,
        #"{"clientSessionId":"s1","paymentProductId":1,"values":{"a":1}}"#,
        #"{"clientSessionId":"s1","paymentProductId":1,"values":{"a":"x","a":"y"}}"#,
        #"{"clientSessionId":"s1","paymentProductId":1,"values":{},"alg":"rsa-oaep"}"#,
        #"{"clientSessionId":"s1","paymentProductId":1,"values":{},"tokenize":"yes"}"#,
        #"{"clientSessionId":"s1","paymentProductId":1,"values":{},"extra":0}"#,
        #"{"clientSessionId":"s1","paymentProductId":1,"values":[]}"#,
    ]

    @Test(arguments: encryptPlain.map { ($0, true) } + encryptNotPlain.map { ($0, false) })
    func paymentRequestEncrypt(_ text: String, _ plain: Bool) throws {
        try expectAgreement(PaymentRequestMethods.Encrypt.Params.self, text, plain: plain)
    }
}
