import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Testing

@Suite("Product and IIN methods")
struct ProductMethodTests {
    static func harness(session context: String, _ extra: String = "") throws -> ServiceHarness {
        let harness = ServiceHarness()
        _ = try harness.call("session.init", #"{"clientSessionId":"s","context":\#(context)\#(extra)}"#).get()
        return harness
    }

    static let dutch = #"{"amountOfMoney":{"amount":2999,"currencyCode":"EUR"},"countryCode":"NL","locale":"zh_CN"}"#
    static let american = #"{"amountOfMoney":{"amount":2999,"currencyCode":"USD"},"countryCode":"US"}"#

    func ids(_ list: JSONValue) -> [String] {
        guard case .array(let products)? = list["paymentProducts"] else { return [] }
        return products.compactMap { product -> String? in
            guard case .number(let id)? = product["id"] else { return nil }
            return id
        }
    }

    @Test func theListIsFilteredByContextAndOrderedForDisplay() throws {
        let dutch = try Self.harness(session: Self.dutch).call("products.list", #"{"clientSessionId":"s"}"#).get()
        let american = try Self.harness(session: Self.american).call("products.list", #"{"clientSessionId":"s"}"#).get()
        #expect(ids(dutch).contains("809") && ids(dutch).contains("771"))
        #expect(!ids(american).contains("809") && !ids(american).contains("771") && !ids(american).contains("130"))
        let catalog = PaymentCatalog.embedded
        let orders = ids(dutch).compactMap { Int($0) }.compactMap { catalog.product(id: $0)?.displayHints.displayOrder }
        #expect(orders == orders.sorted())
    }

    @Test func labelsAreInTheSessionLocale() throws {
        let ideal = try Self.harness(session: Self.dutch).call("products.get", #"{"clientSessionId":"s","paymentProductId":771}"#).get()
        let source = try #require(PaymentCatalog.embedded.product(id: 771))
        #expect(ideal["displayHints"]?["label"] == .string(try #require(source.labels?.label(for: "zh_CN"))))
        #expect(ideal["labels"] == nil && ideal["restrictions"] == nil)
    }

    @Test func acceptedBrandsLimitTheCardProducts() throws {
        let harness = try Self.harness(session: Self.american, #","acceptedBrands":["amex"]"#)
        #expect(!ids(try harness.call("products.list", #"{"clientSessionId":"s"}"#).get()).contains("1"))
        #expect(try harness.failureReason("products.get", #"{"clientSessionId":"s","paymentProductId":1}"#) == "PRODUCT_NOT_AVAILABLE")
        #expect(try harness.call("products.get", #"{"clientSessionId":"s","paymentProductId":2}"#).get()["id"] == .number("2"))
    }

    @Test func unknownAndUnavailableProductsAreTold() throws {
        let harness = try Self.harness(session: Self.american)
        guard case .failure(let unknown) = try harness.call("products.get", #"{"clientSessionId":"s","paymentProductId":4}"#),
              case .failure(let unavailable) = try harness.call("products.get", #"{"clientSessionId":"s","paymentProductId":809}"#)
        else {
            Issue.record("both calls should fail")
            return
        }
        #expect((unknown.code, unknown.reason) == (1101, "UNKNOWN_PRODUCT"))
        #expect((unavailable.code, unavailable.reason) == (1102, "PRODUCT_NOT_AVAILABLE"))
        #expect(unavailable.data["paymentProductId"] == .number("809"))
    }

    @Test func iinDetailsUseTheSessionContext() throws {
        let french = try Self.harness(session: #"{"amountOfMoney":{"amount":100,"currencyCode":"EUR"},"countryCode":"FR"}"#)
        let dutch = try Self.harness(session: Self.dutch)
        let params = #"{"clientSessionId":"s","bin":"4000 0025 0000 1001"}"#
        #expect(try french.call("iin.details", params).get()["paymentProductId"] == .number("130"))
        #expect(try dutch.call("iin.details", params).get()["paymentProductId"] == .number("1"))
        #expect(try dutch.invalidParamPaths("iin.details", #"{"clientSessionId":"s","bin":"4000-0025"}"#) == ["/bin"])
    }
}
