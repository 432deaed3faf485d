import CheckoutCore
import Testing

@Suite("Asset base URL")
struct AssetBaseTests {
    @Test(arguments: [
        ("https://assets.checkoutd.invalid/", "https://assets.checkoutd.invalid/"),
        ("https://cdn.example.com/checkout", "https://cdn.example.com/checkout/"),
        ("https://cdn.example.com/checkout/", "https://cdn.example.com/checkout/"),
        ("http://localhost:8080/static/v2", "http://localhost:8080/static/v2/"),
        ("file:///srv/checkout-assets/", "file:///srv/checkout-assets/"),
        ("HTTPS://CDN.EXAMPLE.COM/%7Ecards", "HTTPS://CDN.EXAMPLE.COM/%7Ecards/"),
    ])
    func anAbsoluteURLIsABaseEndingWithASlash(_ text: String, _ url: String) throws {
        #expect(try #require(AssetBase(text)).url == url)
    }

    @Test(arguments: [
        "", "/assets/", "cdn.example.com/assets", "assets", "https://", "https:/cdn.example.com", "://cdn.example.com",
        "1https://cdn.example.com", "mailto:cards@example.com", "https://cdn.example.com/a b",
        "https://cdn.example.com/?v=2", "https://cdn.example.com/#top", "https://cdn.example.com/{code}",
        "https://cdn.example.com/\\", "https://cdn.example.com/é", "https://cdn.example.com/\n",
        "https://cdn.example.com/" + String(repeating: "a", count: AssetBase.maximumLength),
    ])
    func anythingElseIsNoBase(_ text: String) {
        #expect(AssetBase(text) == nil)
    }

    @Test func theDefaultIsAHostThatCannotExist() {
        #expect(AssetBase.default.url == "https://assets.checkoutd.invalid/")
        #expect(AssetBase("https://assets.checkoutd.invalid") == .default)
    }

    /// A path is appended (leading slashes dropped, so it stays below the base); an absolute
    /// URL is kept; no logo stays none.
    @Test(arguments: [
        ("pp_logo_1.png", "https://cdn.example.com/checkout/pp_logo_1.png"),
        ("/pp_logo_1.png", "https://cdn.example.com/checkout/pp_logo_1.png"),
        ("//pp_logo_1.png", "https://cdn.example.com/checkout/pp_logo_1.png"),
        ("brands/visa.svg", "https://cdn.example.com/checkout/brands/visa.svg"),
        ("logos/pp logo.png", "https://cdn.example.com/checkout/logos/pp logo.png"),
        ("https://other.example/visa.png", "https://other.example/visa.png"),
        ("data:image/png;base64,iVBORw0KGgo=", "data:image/png;base64,iVBORw0KGgo="),
        ("x-logo:1", "x-logo:1"),
        ("1:2.png", "https://cdn.example.com/checkout/1:2.png"),
        ("", ""),
    ])
    func resolvesAReferenceAgainstTheBase(_ reference: String, _ url: String) throws {
        let base = try #require(AssetBase("https://cdn.example.com/checkout"))
        #expect(base.resolve(reference) == url)
    }
}
