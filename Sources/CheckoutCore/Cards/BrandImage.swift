/// One picture of a card brand, as Access Checkout's `CardBrand.images` lists them:
/// `{"type": "image/svg+xml" | "image/png", "url"}`. Every image of a brand shows
/// the same logo; a form picks the type it can draw.
public struct BrandImage: Sendable, Hashable, Codable {
    /// The media type.
    public let type: String
    public let url: String

    public init(type: String, url: String) {
        self.type = type
        self.url = url
    }

    /// The images of the brand with `code` below `base`: `<base>brands/<code>.svg`,
    /// then `<base>brands/<code>.png`.
    public static func images(ofBrand code: String, at base: AssetBase) -> [BrandImage] {
        [BrandImage(type: "image/svg+xml", url: base.resolve("brands/\(code).svg")),
         BrandImage(type: "image/png", url: base.resolve("brands/\(code).png"))]
    }
}
