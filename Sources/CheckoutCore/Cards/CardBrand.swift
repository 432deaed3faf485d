/// A card scheme as `card.validate` and `card.format` report it: what the number,
/// the CVC and the formatting of a card of this brand must look like.
///
/// On the wire it is `{"code","name","paymentProductId","panLengths","cvcLength","mask","images"}`;
/// whether the brand requires Luhn and its per-length masks stay in the core.
public struct CardBrand: Sendable, Hashable {
    /// The lower-case brand code, e.g. `visa`.
    public var code: String { properties.code }
    /// The display name, e.g. `Visa`.
    public var name: String { properties.name }
    /// The payment product that processes the brand; nil for brands the catalog has no product for.
    public var paymentProductId: Int? { properties.paymentProductId }
    /// The accepted card number lengths, ascending.
    public var panLengths: [Int] { properties.panLengths }
    /// The exact number of CVC digits.
    public var cvcLength: Int { properties.cvcLength }
    /// The card number mask in the mask language of `Mask`.
    public var mask: String { properties.mask }
    /// False for brands whose numbers need not pass the Luhn check (UnionPay).
    public var requiresLuhn: Bool { properties.numberRules.requiresLuhn }
    /// Masks that replace `mask` for numbers of one particular length (Diners, 14 digits).
    public var masksByPanLength: [Int: String] { properties.masksByPanLength }
    /// The brand's logo as SVG and as PNG (Access Checkout `CardBrand.images`).
    public var images: [BrandImage] { properties.images }
    /// The lengths and the Luhn check as plain values, for judging a number.
    var numberRules: CardNumberRules { properties.numberRules }

    /// The properties in one immutable box: a brand is copied several times in
    /// every `card.validate`, and a copy retains one reference instead of five.
    private let properties: Properties

    private final class Properties: Sendable {
        let code: String
        let name: String
        let paymentProductId: Int?
        let panLengths: [Int]
        let cvcLength: Int
        let mask: String
        let masksByPanLength: [Int: String]
        let numberRules: CardNumberRules
        let images: [BrandImage]

        init(code: String, name: String, paymentProductId: Int?, panLengths: [Int], cvcLength: Int, mask: String,
             requiresLuhn: Bool, masksByPanLength: [Int: String], images: [BrandImage]) {
            self.code = code
            self.name = name
            self.paymentProductId = paymentProductId
            self.panLengths = panLengths
            self.cvcLength = cvcLength
            self.mask = mask
            self.masksByPanLength = masksByPanLength
            self.images = images
            numberRules = CardNumberRules(lengths: panLengths, requiresLuhn: requiresLuhn)
        }
    }

    /// The mask of every brand but Amex, and of numbers whose brand is unknown.
    public static let defaultMask = "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"

    /// Lengths outside 1–63 are left out (`CardNumberRules`). Without `images`, the
    /// brand has those of its code below the default asset base.
    public init(
        code: String, name: String, paymentProductId: Int?, panLengths: [Int], cvcLength: Int,
        mask: String = CardBrand.defaultMask, requiresLuhn: Bool = true, masksByPanLength: [Int: String] = [:],
        images: [BrandImage]? = nil
    ) {
        properties = Properties(
            code: code, name: name, paymentProductId: paymentProductId,
            panLengths: Set(panLengths).filter(CardNumberRules.representableLengths.contains).sorted(),
            cvcLength: cvcLength, mask: mask, requiresLuhn: requiresLuhn, masksByPanLength: masksByPanLength,
            images: images ?? BrandImage.images(ofBrand: code, at: .default))
    }

    /// The same brand with the images of its code below `base`.
    public func withImages(at base: AssetBase) -> CardBrand {
        CardBrand(code: code, name: name, paymentProductId: paymentProductId, panLengths: panLengths,
                  cvcLength: cvcLength, mask: mask, requiresLuhn: requiresLuhn, masksByPanLength: masksByPanLength,
                  images: BrandImage.images(ofBrand: code, at: base))
    }

    /// Equal when every property is; a brand and its copies share their box, so
    /// comparing them compares one reference.
    public static func == (lhs: CardBrand, rhs: CardBrand) -> Bool {
        let (left, right) = (lhs.properties, rhs.properties)
        return left === right
            || (left.code == right.code && left.name == right.name && left.paymentProductId == right.paymentProductId
                && left.panLengths == right.panLengths && left.cvcLength == right.cvcLength && left.mask == right.mask
                && left.numberRules == right.numberRules && left.masksByPanLength == right.masksByPanLength
                && left.images == right.images)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(code)
        hasher.combine(name)
        hasher.combine(paymentProductId)
        hasher.combine(panLengths)
        hasher.combine(cvcLength)
        hasher.combine(mask)
        hasher.combine(requiresLuhn)
        hasher.combine(masksByPanLength)
        hasher.combine(images)
    }

    /// The longest accepted card number length: digits beyond it are never part of the number.
    public var longestPanLength: Int { numberRules.longestLength }

    /// The mask that lays out a number of `length` digits.
    public func mask(forPanLength length: Int) -> String {
        masksByPanLength[length] ?? mask
    }
}

extension CardBrand: Codable {
    private enum CodingKeys: String, CodingKey {
        case code, name, paymentProductId, panLengths, cvcLength, mask, images
    }

    /// Decodes the wire shape; the core-only properties come from the standard table's
    /// brand with the same code, or are the defaults for a brand it does not know.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let code = try container.decode(String.self, forKey: .code)
        let known = CardBrandTable.standard.brand(code: code)
        self.init(
            code: code,
            name: try container.decode(String.self, forKey: .name),
            paymentProductId: try container.decodeIfPresent(Int.self, forKey: .paymentProductId),
            panLengths: try container.decode([Int].self, forKey: .panLengths),
            cvcLength: try container.decode(Int.self, forKey: .cvcLength),
            mask: try container.decode(String.self, forKey: .mask),
            requiresLuhn: known?.requiresLuhn ?? true,
            masksByPanLength: known?.masksByPanLength ?? [:],
            images: try container.decode([BrandImage].self, forKey: .images))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(code, forKey: .code)
        try container.encode(name, forKey: .name)
        try container.encode(paymentProductId, forKey: .paymentProductId) // nil is written as null
        try container.encode(panLengths, forKey: .panLengths)
        try container.encode(cvcLength, forKey: .cvcLength)
        try container.encode(mask, forKey: .mask)
        try container.encode(images, forKey: .images)
    }
}
