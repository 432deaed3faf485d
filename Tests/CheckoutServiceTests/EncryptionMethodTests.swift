import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Testing

@Suite("paymentRequest.encrypt and encryption.publicKey")
struct EncryptionMethodTests {
    static let key = try! PlatformKey.generate()
    static let start = Timestamp(rfc3339: "2026-11-21T10:00:00Z")!

    let service: CheckoutService
    let harness: ServiceHarness

    init() throws {
        service = CheckoutService(configuration: ServiceConfiguration(clock: FixedClock(Self.start), platformKey: Self.key))
        harness = ServiceHarness(registry: service.makeRegistry())
        _ = try harness.call("session.init", #"{"clientSessionId":"s","appIdentifier":"shop","context":{"amountOfMoney":{"amount":1000,"currencyCode":"EUR"},"countryCode":"NL"}}"#).get()
    }

    /// The plaintext of `paymentRequest.encrypt`'s JWE, opened with the platform key.
    func payload(_ params: String) throws -> JSONValue {
        let result = try harness.call("paymentRequest.encrypt", params).get()
        let jwe = try #require(result["encryptedCustomerInput"]?.stringValue)
        return try JSONParser.parse(String(decoding: CompactJWE.decrypt(jwe, with: Self.key), as: UTF8.self))
    }

    @Test func encryptsTheUnmaskedValuesInDisplayOrder() throws {
        let plaintext = try payload(#"{"clientSessionId":"s","paymentProductId":1,"values":{"cvv":"123","expiryDate":"12/28","cardNumber":"4242 4242 4242 4242"}}"#)
        guard case .object(let object) = plaintext else { Issue.record("not an object"); return }
        #expect(object.keys == ["clientSessionId", "nonce", "paymentProductId", "paymentValues"])
        #expect(plaintext["clientSessionId"] == .string("s"))
        #expect(plaintext["paymentProductId"] == .number("1"))
        #expect(plaintext["nonce"]?.stringValue?.count == 36)
        #expect(plaintext["paymentValues"] == .array([
            .object(["key": .string("cardNumber"), "value": .string("4242424242424242")]),
            .object(["key": .string("expiryDate"), "value": .string("1228")]),
            .object(["key": .string("cvv"), "value": .string("123")]),
        ]))
    }

    @Test func tokenizeAndTheAlgorithmAreHonoured() throws {
        let result = try harness.call("paymentRequest.encrypt", #"{"clientSessionId":"s","paymentProductId":1,"tokenize":true,"alg":"RSA-OAEP-256","values":{"cardNumber":"4242424242424242","expiryDate":"1228","cvv":"123"}}"#).get()
        let jwe = try #require(result["encryptedCustomerInput"]?.stringValue)
        let header = try #require(Base64.bytes(url: jwe.split(separator: ".")[0]))
        #expect(try JSONParser.parse(String(decoding: header, as: UTF8.self))["alg"] == .string("RSA-OAEP-256"))
        let plaintext = try CompactJWE.decrypt(jwe, with: Self.key)
        #expect(try JSONParser.parse(String(decoding: plaintext, as: UTF8.self))["tokenize"] == .bool(true))
    }

    @Test func theMetaInfoNamesTheSDKAndTheApp() throws {
        let result = try harness.call("paymentRequest.encrypt", #"{"clientSessionId":"s","paymentProductId":1,"values":{"cardNumber":"4242424242424242","expiryDate":"1228","cvv":"123"}}"#).get()
        let encoded = try #require(result["encodedClientMetaInfo"]?.stringValue)
        let info = try JSONParser.parse(String(decoding: try #require(Base64.bytes(standard: encoded)), as: UTF8.self))
        #expect(info["sdkIdentifier"] == .string("checkoutd/\(CheckoutService.version)"))
        #expect(info["sdkCreator"] == .string("checkoutd"))
        #expect(info["appIdentifier"] == .string("shop"))
    }

    @Test func anAccountOnFileIsSentByIdWithoutItsStoredValues() throws {
        try service.sessions.insert(Session(
            clientSessionId: "a", customerId: "cus_1", createdAt: Self.start, expiresAt: Self.start.adding(seconds: 3600),
            context: PaymentContext(amountOfMoney: AmountOfMoney(amount: 1000, currencyCode: "EUR"), countryCode: "NL"),
            accountsOnFile: [PaymentRequestMethodTests.account]))
        let plaintext = try payload(#"{"clientSessionId":"a","paymentProductId":1,"accountOnFileId":"tok_visa","values":{"cvv":"123"}}"#)
        #expect(plaintext["accountOnFileId"] == .string("tok_visa"))
        #expect(plaintext["paymentValues"] == .array([.object(["key": .string("cvv"), "value": .string("123")])]))
    }

    @Test func invalidValuesAreRefusedBeforeEncrypting() throws {
        #expect(try harness.failureReason("paymentRequest.encrypt", #"{"clientSessionId":"s","paymentProductId":1,"values":{"cardNumber":"4242424242424241"}}"#) == "VALIDATION_FAILED")
        #expect(try harness.failureReason("paymentRequest.encrypt", #"{"clientSessionId":"x","paymentProductId":1,"values":{}}"#) == "SESSION_NOT_FOUND")
        #expect(try harness.failureReason("paymentRequest.encrypt", #"{"clientSessionId":"s","paymentProductId":9,"values":{}}"#) == "UNKNOWN_PRODUCT")
    }

    @Test(arguments: [
        (#"{"clientSessionId":"s","paymentProductId":1,"values":{},"alg":"RSA1_5"}"#, ["/alg"]),
        (#"{"clientSessionId":"s","paymentProductId":1,"values":{},"tokenize":"yes"}"#, ["/tokenize"]),
        (#"{"clientSessionId":"s","paymentProductId":"1","values":{"cvv":1}}"#, ["/paymentProductId", "/values/cvv"]),
        (#"{"clientSessionId":"s","paymentProductId":1}"#, ["/values"]),
    ])
    func badParamsNameTheirPaths(params: String, paths: [String]) throws {
        #expect(try harness.invalidParamPaths("paymentRequest.encrypt", params) == paths)
    }

    @Test func thePublicKeyIsTheConfiguredOne() throws {
        let result = try harness.call("encryption.publicKey", #"{"clientSessionId":"s"}"#).get()
        #expect(result["keyId"] == .string(Self.key.keyId))
        #expect(result["publicKey"] == .string(Base64.standard(Self.key.publicKeyDER)))
        #expect(try harness.call("service.info").get()["keyId"] == .string(Self.key.keyId))
        #expect(try harness.failureReason("encryption.publicKey", #"{"clientSessionId":"nobody"}"#) == "SESSION_NOT_FOUND")
    }

    @Test func withoutAConfiguredKeyOneIsGeneratedOnceAndKept() throws {
        let harness = ServiceHarness()
        let first = try harness.call("service.info").get()["keyId"]
        #expect(first?.stringValue?.count == 43)
        #expect(try harness.call("service.info").get()["keyId"] == first)
    }
}
