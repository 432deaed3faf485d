import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Testing

@Suite("paymentRequest.validate")
struct PaymentRequestMethodTests {
    static let start = Timestamp(rfc3339: "2026-11-21T10:00:00Z")!

    /// A Visa account on file as the vault makes it.
    static let account = AccountOnFile(
        id: "tok_visa", paymentProductId: 1,
        attributes: [
            AccountOnFileAttribute(key: "alias", value: "424242XXXXXX4242", status: .readOnly),
            AccountOnFileAttribute(key: "expiryDate", value: "1228", status: .canWrite),
            AccountOnFileAttribute(key: "cardholderName", value: "Wile E. Coyote", status: .readOnly),
            AccountOnFileAttribute(key: "cvv", value: "", status: .mustWrite),
        ],
        displayHints: AccountOnFileDisplayHints(
            labelTemplate: [LabelTemplateElement(attributeKey: "alias", mask: try? Mask("{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"))],
            logo: "pp_logo_1.png"))

    /// A service whose session `s` offers the account on file, made without the vault
    /// (kept in memory, which cannot fail).
    static func serviceWithAccount() -> (CheckoutService, MethodRegistry) {
        let service = CheckoutService(configuration: ServiceConfiguration(clock: FixedClock(start)))
        try! service.sessions.insert(Session(
            clientSessionId: "s", customerId: "cus_1", createdAt: start, expiresAt: start.adding(seconds: 3600),
            context: PaymentContext(amountOfMoney: AmountOfMoney(amount: 1000, currencyCode: "EUR"), countryCode: "NL"),
            accountsOnFile: [account]))
        return (service, service.makeRegistry())
    }

    static func problems(_ values: String, account: String? = "tok_visa", product: Int = 1) throws -> [String] {
        let (_, registry) = serviceWithAccount()
        let accountMember = account.map { #","accountOnFileId":"\#($0)""# } ?? ""
        let params = #"{"clientSessionId":"s","paymentProductId":\#(product)\#(accountMember),"values":\#(values)}"#
        let result = try #require(registry["paymentRequest.validate"]).invoke(try JSONParser.parse(params), RequestContext(id: .number("1"))).get()
        guard case .array(let errors)? = result["errors"] else { return [] }
        return errors.compactMap { error in
            guard let field = error["fieldId"]?.stringValue, let rule = error["errorMessageId"]?.stringValue else { return nil }
            return "\(field):\(rule)"
        }
    }

    @Test func theAccountSatisfiesItsFieldsButTheCVCMustBeGiven() throws {
        #expect(try Self.problems(#"{"cvv":"123"}"#) == [])
        #expect(try Self.problems(#"{}"#) == ["cvv:required"])
    }

    @Test func readOnlyAttributesMayNotBeChanged() throws {
        #expect(try Self.problems(#"{"cvv":"123","cardholderName":"Road Runner"}"#) == ["cardholderName:readOnly"])
        #expect(try Self.problems(#"{"cvv":"123","cardNumber":"5555555555554444"}"#) == ["cardNumber:readOnly"])
        #expect(try Self.problems(#"{"cvv":"123","cardNumber":"4242 42XX XXXX 4242"}"#) == [])
    }

    @Test func writableAttributesMayBeReplacedAndAreValidated() throws {
        #expect(try Self.problems(#"{"cvv":"123","expiryDate":"12/30"}"#) == [])
        #expect(try Self.problems(#"{"cvv":"123","expiryDate":"01/20"}"#) == ["expiryDate:expirationDate"])
    }

    @Test func anAccountMustBelongToTheProductAndTheSession() throws {
        let (_, registry) = Self.serviceWithAccount()
        for params in [#"{"clientSessionId":"s","paymentProductId":3,"accountOnFileId":"tok_visa","values":{}}"#,
                       #"{"clientSessionId":"s","paymentProductId":1,"accountOnFileId":"tok_other","values":{}}"#] {
            let outcome = try #require(registry["paymentRequest.validate"]).invoke(try JSONParser.parse(params), RequestContext(id: .number("1")))
            guard case .failure(let error) = outcome else {
                Issue.record("\(params) should fail")
                continue
            }
            #expect((error.code, error.reason) == (1103, "UNKNOWN_ACCOUNT_ON_FILE"))
        }
    }

    @Test func productsListTheAccountWithItsRelaxedLabel() throws {
        let (_, registry) = Self.serviceWithAccount()
        let listed = try #require(registry["products.list"]).invoke(try JSONParser.parse(#"{"clientSessionId":"s"}"#), RequestContext(id: .number("1"))).get()
        guard case .array(let accounts)? = listed["accountsOnFile"], accounts.count == 1 else {
            Issue.record("one account on file expected")
            return
        }
        #expect(accounts[0]["label"] == .string("4242 42XX XXXX 4242"))
        guard case .array(let products)? = listed["paymentProducts"] else { return }
        for product in products {
            let accounts = product["accountsOnFile"]
            #expect(accounts == (product["id"] == .number("1") ? listed["accountsOnFile"] : .array([])))
        }
    }
}
