import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Testing

/// API.md 9.6 through the method table: `tokens.create` keeps the addresses,
/// every account on file carries them, `tokens.update` changes them, and the
/// billing address's e-mail is judged in `tokens.create`, `address.validate` and
/// `tokens.update`.
@Suite("Tokens for returning shoppers")
struct ReturningShopperMethodTests {
    let harness = ServiceHarness()
    static let context = #""context":{"amountOfMoney":{"amount":2999,"currencyCode":"EUR"},"countryCode":"NL"}"#
    static let card = #"{"cardNumber":"4242 4242 4242 4242","expiryDate":"12/28","cardholderName":"Wile E. Coyote"}"#
    static let billing = #"{"name":"Wile E. Coyote","zip":"1011 AB","country":"NL","email":"wile@acme.example"}"#
    static let shipping = #"{"name":"Wile E. Coyote","address":"Damrak 1","city":"Amsterdam","zip":"1012 LG","country":"NL","phone":"+31 20 555 0100"}"#
    static let desert = #"{"name":"Wile E. Coyote","address":"1 Desert Road","city":"Phoenix","zip":"85001","country":"US","state":"AZ"}"#

    init() throws {
        _ = try harness.call("session.init", #"{"clientSessionId":"s","customerId":"cus_1","requirements":{"withShipping":true},\#(Self.context)}"#).get()
    }

    func create(_ extra: String = #","billingDetails":\#(billing),"shippingDetails":\#(shipping)"#) throws -> Result<JSONValue, RPCError> {
        try harness.call("tokens.create", #"{"clientSessionId":"s","card":\#(Self.card)\#(extra)}"#)
    }

    func token() throws -> String {
        try #require(try create().get()["token"]?.stringValue)
    }

    func update(_ token: String, _ members: String, customer: String = "cus_1") throws -> Result<JSONValue, RPCError> {
        try harness.call("tokens.update", #"{"customerId":"\#(customer)","token":"\#(token)"\#(members)}"#)
    }

    func listed() throws -> [JSONValue] {
        try harness.call("tokens.list", #"{"customerId":"cus_1"}"#).get()["tokens"]?.arrayElements ?? []
    }

    static func problems(_ result: Result<JSONValue, RPCError>) -> [String] {
        guard case .failure(let error) = result, error.reason == "VALIDATION_FAILED" else { return ["not VALIDATION_FAILED"] }
        return error.data["errors"]?.arrayElements?.map {
            "\($0["fieldId"]?.stringValue ?? ""):\($0["errorMessageId"]?.stringValue ?? "")"
        } ?? []
    }

    // MARK: tokens.create keeps them, every account on file carries them

    @Test func tokensCreateKeepsTheAddressesAndEveryAccountOnFileCarriesThem() throws {
        let created = try create().get()
        let account = try #require(created["accountOnFile"])
        #expect(account["billingDetails"] == (try JSONParser.parse(Self.billing)))
        #expect(account["shippingDetails"] == (try JSONParser.parse(Self.shipping)))
        let token = try #require(created["token"]?.stringValue)
        #expect(try listed() == [account])
        let session = try harness.call("session.init", #"{"clientSessionId":"t","customerId":"cus_1","accountsOnFile":["\#(token)"],\#(Self.context)}"#).get()
        #expect(session["accountsOnFile"] == .array([account]))
        #expect(try harness.call("session.get", #"{"clientSessionId":"t"}"#).get()["accountsOnFile"] == .array([account]))
        let products = try harness.call("products.list", #"{"clientSessionId":"t"}"#).get()
        #expect(products["accountsOnFile"] == .array([account]))
        let visa = products["paymentProducts"]?.arrayElements?.first { $0["id"] == .number("1") }
        #expect(visa?["accountsOnFile"] == .array([account]))
        #expect(try harness.call("products.get", #"{"clientSessionId":"t","paymentProductId":1}"#).get()["accountsOnFile"]
                == .array([account]))
        let grouped = try harness.call("products.list", #"{"clientSessionId":"t","groupPaymentProducts":true}"#).get()
        #expect(grouped["paymentProductGroups"]?.arrayElements?.first?["accountsOnFile"] == .array([account]))
        #expect(try harness.call("productGroups.get", #"{"clientSessionId":"t","paymentProductGroupId":"cards"}"#).get()["accountsOnFile"]
                == .array([account]))
    }

    @Test func aTokenWithoutAddressesCarriesNone() throws {
        let created = try create(#","billingDetails":{"name":"Wile E. Coyote","zip":"1011 AB","country":"NL"},"email":"wile@acme.example","shippingDetails":\#(Self.shipping)"#).get()
        #expect(created["accountOnFile"]?["billingDetails"]?["email"] == nil, "the top-level email is not kept")
        _ = try harness.call("session.init", #"{"clientSessionId":"u","customerId":"cus_2","requirements":{"withEmail":false},\#(Self.context)}"#).get()
        let bare = try harness.call("tokens.create", #"{"clientSessionId":"u","card":\#(Self.card)}"#).get()
        #expect(bare["accountOnFile"]?["billingDetails"] == nil && bare["accountOnFile"]?["shippingDetails"] == nil)
    }

    @Test func theSameCardAgainTakesTheAddressesItGives() throws {
        let first = try token()
        let again = try create(#","billingDetails":\#(Self.billing),"shippingDetails":\#(Self.desert)"#).get()
        #expect(again["token"] == .string(first))
        #expect(again["accountOnFile"]?["shippingDetails"] == (try JSONParser.parse(Self.desert)))
        #expect(try listed().map { $0["shippingDetails"] } == [try JSONParser.parse(Self.desert)])
    }

    // MARK: tokens.update

    @Test func tokensUpdateChangesWhatItGivesAndKeepsWhatItLeavesOut() throws {
        let token = try token()
        let renewed = try update(token, #","expiryDate":"03/31","shippingDetails":\#(Self.desert)"#).get()
        #expect(renewed["id"] == .string(token))
        #expect(renewed["attributes"]?.arrayElements?.first { $0["key"] == .string("expiryDate") }?["value"] == .string("0331"))
        #expect(renewed["billingDetails"] == (try JSONParser.parse(Self.billing)), "left out: kept")
        #expect(renewed["shippingDetails"] == (try JSONParser.parse(Self.desert)))
        #expect(try listed() == [renewed])
        let removed = try update(token, #","shippingDetails":null"#).get()
        #expect(removed["shippingDetails"] == nil && removed["billingDetails"] != nil)
        let replaced = try update(token, #","billingDetails":{"name":"Road Runner","zip":"85001","country":"US"}"#).get()
        #expect(replaced["billingDetails"] == (try JSONParser.parse(#"{"name":"Road Runner","zip":"85001","country":"US"}"#)),
                "replaced whole, the e-mail too")
        #expect(try update(token, "").get() == replaced, "nothing given: nothing changes")
        #expect(try listed() == [replaced])
        // The renewed expiry is this token's: the card with it is this token again.
        let again = try harness.call("tokens.create", #"{"clientSessionId":"s","card":{"cardNumber":"4242424242424242","expiryDate":"0331"},"email":"wile@acme.example","shippingDetails":\#(Self.shipping)}"#).get()
        #expect(again["token"] == .string(token))
    }

    @Test func aSessionOpenedBeforeAnUpdateKeepsItsCopyAndALaterOneOffersTheUpdate() throws {
        let token = try token()
        _ = try harness.call("session.init", #"{"clientSessionId":"before","customerId":"cus_1","accountsOnFile":["\#(token)"],\#(Self.context)}"#).get()
        let updated = try update(token, #","shippingDetails":\#(Self.desert)"#).get()
        let before = try harness.call("products.list", #"{"clientSessionId":"before"}"#).get()
        #expect(before["accountsOnFile"]?.arrayElements?.first?["shippingDetails"] == (try JSONParser.parse(Self.shipping)))
        _ = try harness.call("session.init", #"{"clientSessionId":"after","customerId":"cus_1","accountsOnFile":["\#(token)"],\#(Self.context)}"#).get()
        #expect(try harness.call("products.list", #"{"clientSessionId":"after"}"#).get()["accountsOnFile"] == .array([updated]))
    }

    @Test func anUnknownOrAnotherCustomersTokenIsTokenNotFound() throws {
        let token = try token()
        #expect(try harness.failureReason("tokens.update", #"{"customerId":"cus_2","token":"\#(token)","expiryDate":"0331"}"#) == "TOKEN_NOT_FOUND")
        #expect(try harness.failureReason("tokens.update", #"{"customerId":"cus_1","token":"tok_missing"}"#) == "TOKEN_NOT_FOUND")
        guard case .failure(let error) = try update("tok_missing", "") else { Issue.record("found"); return }
        #expect(error.code == 1301 && error.data["token"] == .string("tok_missing"))
        _ = try harness.call("tokens.delete", #"{"customerId":"cus_1","token":"\#(token)"}"#).get()
        #expect(try harness.failureReason("tokens.update", #"{"customerId":"cus_1","token":"\#(token)"}"#) == "TOKEN_NOT_FOUND")
    }

    @Test func everyProblemAtOnceBeforeTheTokenIsLookedUp() throws {
        let result = try update("tok_missing", #","expiryDate":"10/26","billingDetails":{"name":"Wile","zip":"1011 AB","country":"NL","email":"wile@acme"},"shippingDetails":{"name":"Wile E. Coyote","country":"US","state":"AZ"}"#)
        #expect(Self.problems(result) == [
            "expiryDate:expirationDate", "billingDetails.name:name", "billingDetails.email:email",
            "shippingDetails.address:address", "shippingDetails.city:city", "shippingDetails.zip:zip",
        ])
        #expect(Self.problems(try update("tok_missing", #","expiryDate":"""#)) == ["expiryDate:required"])
        guard case .failure(let error) = result else { return }
        #expect(error.data["errors"]?.arrayElements?.first?["message"] == .string("Please enter a valid expiry date."), "en_US")
    }

    @Test func anExpiryAnotherTokenOfTheCardHasIsRefusedAndNothingChanges() throws {
        let token = try token()
        let renewed = try #require(try harness.call("tokens.create", #"{"clientSessionId":"s","card":{"cardNumber":"4242424242424242","expiryDate":"0130"},"email":"wile@acme.example","shippingDetails":\#(Self.shipping)}"#).get()["token"]?.stringValue)
        #expect(renewed != token)
        let before = try listed()
        let result = try update(token, #","expiryDate":"01/30","shippingDetails":null"#)
        #expect(Self.problems(result) == ["expiryDate:expirationDate"])
        guard case .failure(let error) = result else { return }
        #expect(error.data["errors"]?.arrayElements?.first?["message"] == .string(ValidationMessages.sameCardStored(locale: "en_US")))
        #expect(try listed() == before)
    }

    @Test(arguments: [
        (#","expiryDate":null"#, ["/expiryDate"]),
        (#","expiryDate":1230"#, ["/expiryDate"]),
        (#","billingDetails":"x""#, ["/billingDetails"]),
        (#","billingDetails":{"name":null}"#, ["/billingDetails/name"]),
        (#","shippingDetails":{"name":"Wile E. Coyote","email":"wile@acme.example"}"#, ["/shippingDetails/email"]),
        (#","billingDetails":{"pin":"1"},"nickname":"x""#, ["/nickname", "/billingDetails/pin"]),
        (#","expiryDate":"\#(String(repeating: "1", count: 65))""#, ["/expiryDate"]),
        (#","billingDetails":{"city":"\#(String(repeating: "é", count: 257))"}"#, ["/billingDetails/city"]),
        (#","shippingDetails":{"phone":"\#(String(repeating: "1", count: 257))"}"#, ["/shippingDetails/phone"]),
    ])
    func badParamsNameTheirPaths(_ members: String, _ paths: [String]) throws {
        #expect(try harness.invalidParamPaths("tokens.update", #"{"customerId":"cus_1","token":"tok_1"\#(members)}"#) == paths)
    }

    @Test func membersAtTheirBoundsAreTaken() throws {
        let token = try token()
        let long = String(repeating: "é", count: 256)
        let result = try update(token, #","billingDetails":{"name":"W \#(String(repeating: "x", count: 254))","zip":"\#(long)","country":"NL","city":"\#(long)","phone":"\#(long)"}"#)
        #expect(result.isSuccess)
    }

    @Test func aFailingVaultIsStoreUnavailable() throws {
        let harness = ServiceHarness(configuration: ServiceConfiguration(store: .memory(tokens: BrokenVault())))
        #expect(try harness.failureReason("tokens.update", #"{"customerId":"cus_1","token":"tok_1","expiryDate":"0331"}"#) == "STORE_UNAVAILABLE")
    }

    // MARK: the billing address's e-mail in tokens.create and address.validate

    @Test func theBillingEmailStandsForTheEmailInTokensCreate() throws {
        // withEmail (the default) is satisfied by the billing address's e-mail alone.
        #expect(try create().isSuccess)
        #expect(Self.problems(try create(#","billingDetails":{"name":"Wile E. Coyote","zip":"1011 AB","country":"NL","email":"wile@"},"shippingDetails":\#(Self.shipping)"#))
                == ["billingDetails.email:email"])
        #expect(Self.problems(try create(#","billingDetails":\#(Self.billing),"email":"road@acme.example","shippingDetails":\#(Self.shipping)"#))
                == ["billingDetails.email:email", "email:email"])
        #expect(try create(#","billingDetails":\#(Self.billing),"email":"WILE@acme.example","shippingDetails":\#(Self.shipping)"#).isSuccess)
        #expect(Self.problems(try create(#","billingDetails":{"name":"Wile E. Coyote","zip":"1011 AB","country":"NL"},"shippingDetails":\#(Self.shipping)"#))
                == ["email:email"])
    }

    @Test func theBillingEmailInAddressValidate() throws {
        func problems(_ params: String) throws -> [String] {
            let result = try harness.call("address.validate", params).get()
            return result["errors"]?.arrayElements?.map {
                "\($0["fieldId"]?.stringValue ?? ""):\($0["errorMessageId"]?.stringValue ?? "")"
            } ?? []
        }
        #expect(try problems(#"{"billingDetails":\#(Self.billing)}"#) == [])
        #expect(try problems(#"{"billingDetails":\#(Self.billing),"email":"road@acme.example"}"#)
                == ["billingDetails.email:email", "email:email"])
        #expect(try problems(#"{"billingDetails":{"name":"Wile E. Coyote","zip":"1011 AB","country":"NL","email":"x"},"requirements":{"withEmail":false}}"#)
                == ["billingDetails.email:email"])
        #expect(try harness.invalidParamPaths("address.validate", #"{"shippingDetails":{"email":"wile@acme.example"}}"#)
                == ["/shippingDetails/email"])
        #expect(try harness.invalidParamPaths("address.validate", #"{"billingDetails":{"email":1}}"#) == ["/billingDetails/email"])
        #expect(try harness.invalidParamPaths("address.validate", #"{"billingDetails":{"zip":"\#(String(repeating: "1", count: 257))"}}"#)
                == ["/billingDetails/zip"])
        #expect(try harness.invalidParamPaths("address.validate", #"{"billingDetails":null}"#) == ["/billingDetails"],
                "only tokens.update takes null")
    }

    // MARK: no card number in a kept address

    static let keptMembers = ["address", "city", "zip", "country", "state", "phone", "email"]

    @Test(arguments: ["tokens.create", "tokens.update"], ["billingDetails", "shippingDetails"])
    func aCardNumberInAKeptAddressMemberIsRefusedWithoutRepeatingIt(_ method: String, _ address: String) throws {
        for member in Self.keptMembers where !(address == "shippingDetails" && member == "email") {
            for spelling in ["4111111111111111", "4111 1111 1111 1111", "Damrak 4111-1111-1111-1111"] {
                let details = #""\#(address)":{"name":"Wile E. Coyote","\#(member)":"\#(spelling)"}"#
                let params = method == "tokens.create"
                    ? #"{"clientSessionId":"s","card":\#(Self.card),\#(details)}"#
                    : #"{"customerId":"cus_1","token":"tok_1",\#(details)}"#
                guard case .failure(let error) = try harness.call(method, params) else {
                    Issue.record("\(method) kept \(spelling) in \(address).\(member)")
                    continue
                }
                #expect(error.code == -32602)
                #expect(error.data["errors"]?.arrayElements?.map { $0["path"]?.stringValue } == ["/\(address)/\(member)"])
                #expect(!JSONSerializer.string(of: error.json).filter(\.isNumber).contains("4111111111111111"))
            }
        }
        #expect(try listed().isEmpty)
    }

    @Test(arguments: ["tokens.create", "tokens.update"])
    func aCardNumberInAKeptNameIsANameError(_ method: String) throws {
        let details = #""billingDetails":{"name":"Wile 4111 1111 1111 1111","zip":"1011 AB","country":"NL","email":"wile@acme.example"}"#
        let params = method == "tokens.create"
            ? #"{"clientSessionId":"s","card":\#(Self.card),\#(details),"shippingDetails":\#(Self.shipping)}"#
            : #"{"customerId":"cus_1","token":"tok_1",\#(details)}"#
        #expect(Self.problems(try harness.call(method, params)) == ["billingDetails.name:name"])
    }

    @Test func addressValidateStoresNothingSoJudgesTheOtherMembersAsBefore() throws {
        let result = try harness.call("address.validate", #"{"billingDetails":{"name":"Wile E. Coyote","address":"4111 1111 1111 1111","zip":"1011 AB","country":"NL"},"requirements":{"withEmail":false}}"#).get()
        #expect(result["valid"] == .bool(true))
    }
}

extension JSONValue {
    var arrayElements: [JSONValue]? {
        if case .array(let elements) = self { return elements }
        return nil
    }
}

extension Result {
    var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}
