import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Testing

@Suite("Card methods")
struct CardMethodTests {
    func expiryState(_ expiry: String, clock: String) throws -> JSONValue? {
        let harness = ServiceHarness(clock: FixedClock(try #require(Timestamp(rfc3339: clock))))
        return try harness.call("card.validate", #"{"expiryDate":"\#(expiry)"}"#).get()["expiryDate"]?["state"]
    }

    @Test(arguments: [
        ("11/26", "2026-11-30T23:59:59Z", "valid"),
        ("11/26", "2026-12-01T00:00:00Z", "invalid"),
        ("12/2051", "2026-01-01T00:00:00Z", "valid"),
        ("01/2052", "2026-12-31T23:59:59Z", "invalid"),
        ("12/5", "2026-06-15T12:00:00Z", "incomplete"),
    ])
    func expiryFollowsTheServiceClock(_ expiry: String, _ clock: String, _ state: String) throws {
        #expect(try expiryState(expiry, clock: clock) == .string(state))
    }

    @Test func validationSuccessNeedsAllThreeFields() throws {
        let harness = ServiceHarness()
        let all = try harness.call("card.validate", #"{"pan":"5555555555554444","expiryDate":"0130","cvc":"737"}"#).get()
        #expect(all["validationSuccess"] == .bool(true))
        #expect(all["cardBrand"]?["code"] == .string("mastercard"))
        let two = try harness.call("card.validate", #"{"pan":"5555555555554444","expiryDate":"0130"}"#).get()
        #expect(two["validationSuccess"] == .bool(false))
        #expect(two["cvc"] == nil)
    }

    @Test func acceptedBrandsAreCaseInsensitive() throws {
        let result = try ServiceHarness().call("card.validate", #"{"pan":"378282246310005","acceptedBrands":["AmEx"]}"#).get()
        #expect(result["pan"]?["state"] == .string("valid"))
    }

    @Test(arguments: [
        ("card.validate", #"{"pan":4111,"acceptedBrands":"visa","cvv":"123"}"#, ["/pan", "/acceptedBrands", "/cvv"]),
        ("card.format", #"{"pan":"4111","cursor":5}"#, ["/cursor"]),
        ("card.format", #"{"cursor":-1}"#, ["/pan", "/cursor"]),
    ])
    func badParamsAreReportedByPath(_ method: String, _ params: String, _ paths: [String]) throws {
        #expect(try ServiceHarness().invalidParamPaths(method, params) == paths)
    }

    // MARK: card.brands

    static func brands(_ harness: ServiceHarness = ServiceHarness(), _ params: String = "{}") throws -> [JSONValue] {
        guard case .array(let brands)? = try harness.call("card.brands", params).get()["brands"] else { return [] }
        return brands
    }

    static func accepted(_ brands: [JSONValue]) -> [String] {
        brands.filter { $0["accepted"] == .bool(true) }.compactMap { $0["code"]?.stringValue }
    }

    @Test func brandsListsTheTableInOrderWithPrefixesAndEveryBrandAccepted() throws {
        let brands = try Self.brands()
        let table = CardBrandTable.standard
        #expect(brands.compactMap { $0["code"]?.stringValue } == table.brands.map(\.code))
        for (listed, entry) in zip(brands, table.entries) {
            #expect(listed["prefixes"] == .array(entry.prefixes.map { .string($0.description) }))
            #expect(listed["accepted"] == .bool(true))
            // The Brand members are those card.validate reports, images included.
            var brand = listed
            if case .object(var members) = brand {
                members.members.removeAll { $0.key == "prefixes" || $0.key == "accepted" }
                brand = .object(members)
            }
            #expect(brand == (try JSONTextEncoder.value(of: entry.brand)))
        }
    }

    @Test func brandsAcceptTheCodesGivenElseTheSessionsElseAll() throws {
        let harness = ServiceHarness()
        _ = try harness.call("session.init", """
            {"clientSessionId":"s","context":{"amountOfMoney":{"amount":100,"currencyCode":"EUR"},"countryCode":"NL"},            "acceptedBrands":["AMEX","jcb"]}
            """).get()
        #expect(Self.accepted(try Self.brands(harness, #"{"clientSessionId":"s"}"#)) == ["amex", "jcb"])
        #expect(Self.accepted(try Self.brands(harness, #"{"clientSessionId":"s","acceptedBrands":["Visa","x"]}"#)) == ["visa"])
        #expect(Self.accepted(try Self.brands(harness, #"{"clientSessionId":"s","acceptedBrands":[]}"#)).count == 13)
        #expect(Self.accepted(try Self.brands(harness, #"{"acceptedBrands":["unionpay"]}"#)) == ["unionpay"])
        #expect(try harness.failureReason("card.brands", #"{"clientSessionId":"gone"}"#) == "SESSION_NOT_FOUND")
        #expect(try harness.failureReason("card.brands", #"{"clientSessionId":"gone","acceptedBrands":["visa"]}"#)
                == "SESSION_NOT_FOUND")
    }

    @Test(arguments: [
        (#"{"acceptedBrands":"visa"}"#, ["/acceptedBrands"]),
        (#"{"acceptedBrands":["visa",4]}"#, ["/acceptedBrands/1"]),
        (#"{"clientSessionId":"not a session id!","brands":[]}"#, ["/clientSessionId", "/brands"]),
        (#"{"acceptedBrands":[\#(Array(repeating: #""visa""#, count: 51).joined(separator: ","))]}"#, ["/acceptedBrands"]),
        (#"{"acceptedBrands":["visa","\#(String(repeating: "x", count: 33))"]}"#, ["/acceptedBrands/1"]),
        (#"{"acceptedBrands":["4111 1111 1111 1111"]}"#, ["/acceptedBrands/0"]),
    ])
    func badBrandsParamsAreReportedByPath(_ params: String, _ paths: [String]) throws {
        #expect(try ServiceHarness().invalidParamPaths("card.brands", params) == paths)
    }

    // MARK: The asset base

    static let cdn = AssetBase("https://cdn.example.com/checkout")!

    static func images(of brand: JSONValue?) -> [String] {
        guard case .array(let images)? = brand?["images"] else { return [] }
        return images.map { "\($0["type"]?.stringValue ?? "?") \($0["url"]?.stringValue ?? "?")" }
    }

    /// Access Checkout `CardBrand.images` on every Brand: `<base>brands/<code>.svg`, then `.png`.
    @Test(arguments: [nil, cdn])
    func everyBrandCarriesItsImagesBelowTheAssetBase(_ base: AssetBase?) throws {
        let harness = ServiceHarness(configuration: ServiceConfiguration(
            clock: FixedClock(RouteTableTests.frozen), assetBase: base ?? .default))
        let prefix = (base ?? .default).url + "brands/"
        let expected = { (code: String) in ["image/svg+xml \(prefix)\(code).svg", "image/png \(prefix)\(code).png"] }
        #expect(Self.images(of: try harness.call("card.validate", #"{"pan":"3782"}"#).get()["cardBrand"]) == expected("amex"))
        #expect(Self.images(of: try harness.call("card.format", #"{"pan":"6011"}"#).get()["cardBrand"]) == expected("discover"))
        for brand in try Self.brands(harness) {
            #expect(Self.images(of: brand) == expected(try #require(brand["code"]?.stringValue)))
        }
    }

    /// Product logos are resolved against the asset base wherever they leave the service:
    /// products.list (groups included), products.get, productGroups.get and accounts on file.
    @Test(arguments: [nil, cdn])
    func productLogosAreResolvedAgainstTheAssetBase(_ base: AssetBase?) throws {
        let harness = ServiceHarness(configuration: ServiceConfiguration(
            clock: FixedClock(RouteTableTests.frozen), assetBase: base ?? .default))
        let root = (base ?? .default).url
        let context = #"{"amountOfMoney":{"amount":100,"currencyCode":"EUR"},"countryCode":"NL"}"#
        _ = try harness.call("session.init", #"{"clientSessionId":"s","customerId":"c","context":\#(context)}"#).get()
        let token = try harness.call("tokens.create", """
            {"clientSessionId":"s","card":{"cardNumber":"4111111111111111","expiryDate":"12/30"},"email":"a@b.example"}
            """).get()
        #expect(token["accountOnFile"]?["displayHints"]?["logo"] == .string(root + "pp_logo_1.png"))
        let tokenId = try #require(token["token"]?.stringValue)
        _ = try harness.call("session.init", #"{"clientSessionId":"s","customerId":"c","context":\#(context),"accountsOnFile":["\#(tokenId)"]}"#).get()
        let list = try harness.call("products.list", #"{"clientSessionId":"s"}"#).get()
        guard case .array(let products)? = list["paymentProducts"] else {
            Issue.record("no products")
            return
        }
        for product in products {
            guard case .number(let id)? = product["id"] else {
                Issue.record("a product without an id")
                continue
            }
            #expect(product["displayHints"]?["logo"] == .string("\(root)pp_logo_\(id).png"))
        }
        #expect(list.at(pointer: "/accountsOnFile/0/displayHints/logo") == .string(root + "pp_logo_1.png"))
        let grouped = try harness.call("products.list", #"{"clientSessionId":"s","groupPaymentProducts":true}"#).get()
        #expect(grouped.at(pointer: "/paymentProductGroups/0/displayHints/logo") == .string(root + "pp_group_cards.png"))
        let cards = try harness.call("productGroups.get", #"{"clientSessionId":"s","paymentProductGroupId":"cards"}"#).get()
        #expect(cards.at(pointer: "/displayHints/logo") == .string(root + "pp_group_cards.png"))
        let visa = try harness.call("products.get", #"{"clientSessionId":"s","paymentProductId":1}"#).get()
        #expect(visa["displayHints"]?["logo"] == .string(root + "pp_logo_1.png"))
        #expect(visa.at(pointer: "/accountsOnFile/0/displayHints/logo") == .string(root + "pp_logo_1.png"))
        let tokens = try harness.call("tokens.list", #"{"customerId":"c"}"#).get()
        #expect(tokens.at(pointer: "/tokens/0/displayHints/logo") == .string(root + "pp_logo_1.png"))
    }

    /// A catalog logo that is already a URL is kept as it is.
    @Test func anAbsoluteLogoIsKept() throws {
        var catalog = PaymentCatalog.embedded
        let index = try #require(catalog.paymentProducts.firstIndex { $0.id == 809 })
        catalog.paymentProducts[index].displayHints.logo = "https://bank.example/ideal.svg"
        let harness = ServiceHarness(configuration: ServiceConfiguration(
            clock: FixedClock(RouteTableTests.frozen), catalog: catalog, assetBase: Self.cdn))
        _ = try harness.call("session.init", """
            {"clientSessionId":"s","context":{"amountOfMoney":{"amount":100,"currencyCode":"EUR"},"countryCode":"NL"}}
            """).get()
        let ideal = try harness.call("products.get", #"{"clientSessionId":"s","paymentProductId":809}"#).get()
        #expect(ideal["displayHints"]?["logo"] == .string("https://bank.example/ideal.svg"))
    }

    @Test func formatKeepsTheCursorAmongTheDigits() throws {
        let result = try ServiceHarness().call("card.format", #"{"pan":"4111 11","cursor":2}"#).get()
        #expect(result["formatted"] == .string("4111 11"))
        #expect(result["cursor"] == .number("2"))
    }
}
