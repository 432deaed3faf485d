/// Where the images that responses name are served from (`--asset-url`): the card
/// brand images (`<base>brands/<code>.svg` and `.png`) and the catalog's product logos.
///
/// Like the Online Payments SDKs' asset base URL, it is a prefix: a logo the catalog
/// writes as a relative path is appended to it, and one written as an absolute URL
/// is kept as it is.
public struct AssetBase: Sendable, Hashable, CustomStringConvertible {
    /// The base URL, always ending with `/`.
    public let url: String

    /// `https://assets.checkoutd.invalid/`: a host that cannot exist (RFC 6761), so
    /// nobody mistakes the default for a real asset server.
    public static let `default` = AssetBase(checked: "https://assets.checkoutd.invalid/")

    /// The longest base accepted, so that every URL made from it stays well below
    /// the length browsers and proxies accept.
    public static let maximumLength = 1024

    /// An absolute URL (`scheme://…`) of at most `maximumLength` printable ASCII
    /// characters, without a query or a fragment (a path is appended to it), and
    /// without the characters RFC 3986 never allows (space, `"`, `<`, `>`, `\`, `^`,
    /// `` ` ``, `{`, `|`, `}`); a missing final `/` is added. Nil for anything else.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count <= Self.maximumLength,
              let schemeEnd = Self.schemeLength(of: bytes),
              bytes[schemeEnd...].starts(with: "://".utf8),
              bytes.count > schemeEnd + 3,
              bytes.allSatisfy(Self.isAllowed)
        else { return nil }
        self.init(checked: text.hasSuffix("/") ? text : text + "/")
    }

    private init(checked url: String) {
        self.url = url
    }

    public var description: String { url }

    /// The URL of `reference`: unchanged when it is an absolute URL (it starts with a
    /// scheme such as `https:`), else appended to the base without its leading `/`s,
    /// so it stays below the base (`pp_logo_1.png` → `<base>pp_logo_1.png`). An empty
    /// reference (no image) stays empty.
    public func resolve(_ reference: String) -> String {
        if reference.isEmpty || Self.schemeLength(of: Array(reference.utf8)) != nil { return reference }
        return url + reference.drop { $0 == "/" }
    }

    /// The length of the scheme `bytes` start with when a `:` follows it
    /// (`[A-Za-z][A-Za-z0-9+.-]*`, RFC 3986 section 3.1), else nil.
    private static func schemeLength(of bytes: [UInt8]) -> Int? {
        guard let first = bytes.first, isLetter(first) else { return nil }
        var index = 1
        while index < bytes.count, isLetter(bytes[index]) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index])
            || bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: "-") {
            index += 1
        }
        return index < bytes.count && bytes[index] == UInt8(ascii: ":") ? index : nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        (0x21...0x7E).contains(byte) && !#""<>\^`{|}?#"#.utf8.contains(byte)
    }
}
