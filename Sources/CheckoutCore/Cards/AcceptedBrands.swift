/// The card brands a merchant accepts (Access Checkout's card brand restriction).
///
/// Codes compare case-insensitively; no list, or an empty one, accepts every brand.
/// Only a recognised brand can be refused: a number no prefix identifies is judged
/// by the default rules.
public struct AcceptedBrands: Sendable, Hashable {
    /// The accepted codes in lower case; nil when every brand is accepted.
    public let codes: Set<String>?

    /// The most codes a list may hold, and the longest code, that requests may send
    /// (`BrandCodes` in Schemas/definitions.json); the longest brand code has 15 characters.
    public static let maximumCodes = 50
    public static let maximumCodeLength = 32

    public init(codes: [String]?) {
        let lowercased = Set((codes ?? []).map { $0.lowercased() })
        self.codes = lowercased.isEmpty ? nil : lowercased
    }

    private init(acceptingAll: Void) {
        codes = nil
    }

    /// Made where it is used: a stored constant is initialized once, but every
    /// use checks that it was, on the way of every `card.validate`.
    public static var all: AcceptedBrands { AcceptedBrands(acceptingAll: ()) }

    public func accepts(_ brand: CardBrand) -> Bool {
        codes?.contains(brand.code.lowercased()) ?? true
    }
}
