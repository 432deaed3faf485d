import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Testing

@Suite("address.validate")
struct AddressMethodTests {
    let harness = ServiceHarness()

    /// `fieldId:errorMessageId` of each error, after checking that `valid` agrees with them.
    func problems(_ params: String) throws -> [String] {
        let result = try harness.call("address.validate", params).get()
        guard case .array(let errors)? = result["errors"] else {
            Issue.record("no errors member")
            return []
        }
        #expect(result["valid"] == .bool(errors.isEmpty))
        return errors.compactMap { error in
            guard let field = error["fieldId"]?.stringValue, let rule = error["errorMessageId"]?.stringValue else { return nil }
            return "\(field):\(rule)"
        }
    }

    @Test func aCompleteAddressInBlueSnapsLowerCaseIsValid() throws {
        #expect(try problems(#"""
            {"billingDetails":{"name":"Jane Doe","zip":"10001","country":"us","state":"ny"},"email":"jane@example.com"}
            """#) == [])
    }

    @Test func requirementsLeftOutAreBlueSnapsDefaults() throws {
        // withEmail is on by default: no e-mail is an error.
        #expect(try problems("{}") == ["email:email"])
        #expect(try problems(#"{"requirements":{}}"#) == ["email:email"])
        #expect(try problems(#"{"requirements":{"withEmail":false}}"#) == [])
        #expect(try problems(#"{"requirements":{"withEmail":false,"withShipping":true}}"#) == [
            "shippingDetails.name:name", "shippingDetails.address:address", "shippingDetails.city:city",
            "shippingDetails.zip:zip", "shippingDetails.country:country",
        ])
    }

    @Test func missingMembersAreValidationErrorsNotInvalidParams() throws {
        #expect(try problems(#"{"billingDetails":{},"email":"jane@example.com"}"#) == [
            "billingDetails.name:name", "billingDetails.zip:zip", "billingDetails.country:country",
        ])
        #expect(try problems(#"{"billingDetails":{"country":"GB"},"email":"jane@example.com"}"#) == [
            "billingDetails.name:name", "billingDetails.zip:zip",
        ])
        #expect(try harness.invalidParamPaths("address.validate", #"{"billingDetails":{"name":null,"country":"GB"}}"#)
                == ["/billingDetails/name"])
    }

    @Test func fullBillingAndShippingReportEveryMemberInOrder() throws {
        #expect(try problems(#"""
            {"billingDetails":{"name":"Jane","country":"CA"},"shippingDetails":{"name":"Jane Doe","country":"BR","state":"NY"},
             "email":"jane@","requirements":{"fullBilling":true}}
            """#) == [
            "billingDetails.name:name", "billingDetails.address:address", "billingDetails.city:city",
            "billingDetails.zip:zip", "billingDetails.state:state",
            "shippingDetails.address:address", "shippingDetails.city:city", "shippingDetails.zip:zip",
            "shippingDetails.state:state",
            "email:email",
        ])
    }

    @Test func messagesFollowTheLocale() throws {
        let address = #""billingDetails":{"name":"Jane Doe","zip":"10001","country":"XX"},"requirements":{"withEmail":false}"#
        let params = "{" + address + #","locale":"#
        let french = try harness.call("address.validate", params + #""fr_FR"}"#).get()
        let unknown = try harness.call("address.validate", params + #""ja_JP"}"#).get()
        let absent = try harness.call("address.validate", "{" + address + "}").get()
        #expect(Self.messages(french) == [ValidationMessages.message(for: .country, locale: "fr_FR")])
        #expect(Self.messages(unknown) == [ValidationMessages.message(for: .country, locale: "en_US")])
        #expect(absent == unknown)
        #expect(Self.messages(french) != Self.messages(absent))
    }

    static func messages(_ result: JSONValue) -> [String] {
        guard case .array(let errors)? = result["errors"] else { return [] }
        return errors.compactMap { $0["message"]?.stringValue }
    }

    @Test(arguments: [
        (#"{"billingDetails":{"name":"Jane Doe","street":"1 Main St"}}"#, ["/billingDetails/street"]),
        (#"{"shippingDetails":{"zip":10001,"country":["US"]}}"#, ["/shippingDetails/zip", "/shippingDetails/country"]),
        (#"{"billingDetails":"Jane Doe, 1 Main St"}"#, ["/billingDetails"]),
        (#"{"email":42,"locale":"en-US"}"#, ["/email", "/locale"]),
        (#"{"locale":"EN_us"}"#, ["/locale"]),
        (#"{"requirements":{"withEmail":"yes","withBilling":true}}"#, ["/requirements/withEmail", "/requirements/withBilling"]),
        (#"{"billing":{},"shippingDetails":{"phone":5551234}}"#, ["/shippingDetails/phone", "/billing"]),
    ])
    func badParamsAreListedWithTheirPaths(_ params: String, _ paths: [String]) throws {
        #expect(try harness.invalidParamPaths("address.validate", params) == paths)
    }

    @Test func theMethodIsListedByServiceInfo() throws {
        let info = try harness.call("service.info").get()
        guard case .array(let methods)? = info["methods"] else { Issue.record("no methods"); return }
        #expect(methods.contains(.string("address.validate")))
    }
}
