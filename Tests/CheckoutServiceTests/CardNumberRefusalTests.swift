import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Testing

/// API.md 9.9: a card number in an identifier or a name that is stored or echoed is
/// refused, and the error does not repeat it; `acceptedBrands` keeps its schema's bounds.
@Suite("Card numbers where they do not belong")
struct CardNumberRefusalTests {
    static let context = #""context":{"amountOfMoney":{"amount":1000,"currencyCode":"EUR"},"countryCode":"NL"}"#
    static let pan = "4111111111111111"

    /// `params` with a card number in the member at `path`.
    static let identifiers: [(method: String, params: @Sendable (String) -> String, path: String)] = [
        ("session.init", { #"{"clientSessionId":"\#($0)",\#(context)}"# }, "/clientSessionId"),
        ("session.init", { #"{"customerId":"cus_\#($0)",\#(context)}"# }, "/customerId"),
        ("session.init", { #"{"appIdentifier":"shop \#($0)",\#(context)}"# }, "/appIdentifier"),
        ("session.init", { #"{"acceptedBrands":["visa","\#($0)"],\#(context)}"# }, "/acceptedBrands/1"),
        ("session.init", { #"{"accountsOnFile":["tok_\#($0)"],\#(context)}"# }, "/accountsOnFile/0"),
        ("session.init", { #"{"fraudSessionId":"fs_\#($0)",\#(context)}"# }, "/fraudSessionId"),
        ("session.update", { #"{"clientSessionId":"\#($0)","taxAmount":0}"# }, "/clientSessionId"),
        ("session.get", { #"{"clientSessionId":"\#($0)"}"# }, "/clientSessionId"),
        ("products.list", { #"{"clientSessionId":"cs-\#($0)"}"# }, "/clientSessionId"),
        ("tokens.list", { #"{"customerId":"\#($0)"}"# }, "/customerId"),
        ("tokens.delete", { #"{"customerId":"cus_1","token":"tok_\#($0)"}"# }, "/token"),
        ("tokens.update", { #"{"customerId":"cus_1","token":"tok_\#($0)"}"# }, "/token"),
        ("tokens.update", { #"{"customerId":"\#($0)","token":"tok_1"}"# }, "/customerId"),
        ("threeDS.authenticate", { #"{"clientSessionId":"s","token":"\#($0)"}"# }, "/token"),
        ("threeDS.challenge", { #"{"challengeId":"\#($0)","code":"1234"}"# }, "/challengeId"),
        ("paymentRequest.validate", { #"{"clientSessionId":"s","paymentProductId":1,"accountOnFileId":"\#($0)","values":{}}"# },
         "/accountOnFileId"),
        ("paymentRequest.encrypt", { #"{"clientSessionId":"s","paymentProductId":1,"accountOnFileId":"\#($0)","values":{}}"# },
         "/accountOnFileId"),
        ("card.validate", { #"{"pan":"4111","acceptedBrands":["\#($0)"]}"# }, "/acceptedBrands/0"),
    ]

    /// The number plain, and in the spaced and dashed spellings where the member allows them.
    static let spellings = [pan, "4111-1111-1111-1111", "4111_1111_1111_1111", "4111 1111 1111 1111"]

    @Test(arguments: identifiers.indices)
    func anIdentifierHoldingACardNumberIsRefusedWithoutRepeatingIt(_ index: Int) throws {
        let (method, params, path) = Self.identifiers[index]
        for spelling in Self.spellings {
            guard case .failure(let error) = try ServiceHarness().call(method, params(spelling)) else {
                Issue.record("\(method) took \(spelling) at \(path)")
                continue
            }
            #expect(error.code == -32602, "\(method) \(spelling)")
            let messages = error.data["errors"]?.arrayElements?.filter { $0["path"]?.stringValue == path }
                .compactMap { $0["message"]?.stringValue }
            // An identifier of A-Z, a-z, 0-9, _ and - refuses a space before it looks for a card number.
            let wellFormed = messages?.count == 1 && messages?.first?.hasSuffix("characters of A-Z, a-z, 0-9, _ and -") == true
            #expect(messages == [ParamChecks.holdsACardNumber] || (spelling.contains(" ") && wellFormed),
                    "\(method) \(spelling): \(String(describing: messages))")
            let text = JSONSerializer.string(of: error.json)
            #expect(!text.filter(\.isNumber).contains(Self.pan), "\(text)")
        }
    }

    @Test func identifiersWithoutACardNumberAreTaken() throws {
        let harness = ServiceHarness()
        let session = try harness.call("session.init", #"{"clientSessionId":"order-4111-1111","customerId":"4111111111111112","appIdentifier":"shop 4111 1111 1111 1112","acceptedBrands":["visa"],\#(Self.context)}"#).get()
        #expect(session["customerId"] == .string("4111111111111112"))
        #expect(session["appIdentifier"] == .string("shop 4111 1111 1111 1112"))
    }

    @Test func aCardholderNameHoldingACardNumberFailsValidationWithoutRepeatingIt() throws {
        let harness = ServiceHarness()
        _ = try harness.call("session.init", #"{"clientSessionId":"s","requirements":{"withEmail":false},\#(Self.context)}"#).get()
        guard case .failure(let error) = try harness.call("tokens.create", #"{"clientSessionId":"s","card":{"cardNumber":"4242424242424242","expiryDate":"12/28","cardholderName":"W. Coyote 4242 4242 4242 4242"}}"#) else {
            Issue.record("the token was made")
            return
        }
        #expect(error.reason == "VALIDATION_FAILED")
        #expect(error.data["errors"]?.arrayElements?.map { "\($0["fieldId"]?.stringValue ?? ""):\($0["errorMessageId"]?.stringValue ?? "")" }
                == ["card.cardholderName:name"])
        #expect(!JSONSerializer.string(of: error.json).contains("4242 4242 4242 4242"))
        #expect(try harness.call("tokens.list", #"{"customerId":"\#(try #require(harness.call("session.get", #"{"clientSessionId":"s"}"#).get()["customerId"]?.stringValue))"}"#).get()
                == .object(["tokens": .array([])]))
    }

    @Test func anAddressNameHoldingACardNumberIsANameError() throws {
        let result = try ServiceHarness().call("address.validate", #"{"billingDetails":{"name":"Jane 4111-1111-1111-1111","zip":"75001","country":"FR"},"requirements":{"withEmail":false}}"#).get()
        #expect(result["valid"] == .bool(false))
        #expect(result["errors"]?.arrayElements?.map { $0["fieldId"]?.stringValue } == ["billingDetails.name"])
    }

    // MARK: acceptedBrands bounds (Schemas/definitions.json BrandCodes)

    @Test(arguments: [("session.init", context), ("card.validate", #""pan":"4""#)])
    func acceptedBrandsHoldAtMostFiftyCodesOfAtMostThirtyTwoCharacters(_ method: String, _ rest: String) throws {
        func paths(_ codes: [String]) throws -> [String]? {
            let list = "[" + codes.map { "\"\($0)\"" }.joined(separator: ",") + "]"
            return try ServiceHarness().invalidParamPaths(method, #"{"acceptedBrands":\#(list),\#(rest)}"#)
        }
        #expect(try paths(Array(repeating: "visa", count: 50)) == nil)
        #expect(try paths(Array(repeating: "visa", count: 51)) == ["/acceptedBrands"])
        #expect(try paths([String(repeating: "x", count: 32)]) == nil)
        #expect(try paths(["visa", String(repeating: "x", count: 33)]) == ["/acceptedBrands/1"])
    }
}
