/// A brand table as a file (`--card-brands`, `Data/brands-access-checkout.json`):
/// `{"brands": [{"code", "name", "paymentProductId"?, "prefixes", "panLengths",
/// "cvcLength", "mask", "masksByPanLength"?, "requiresLuhn"?}]}`, the shape
/// `Schemas/files/card-brands.json` describes.
///
/// Decoding reads the members as written; `inconsistencies()` finds what types
/// cannot say, and only a file without any becomes a `CardBrandTable` (`table`).
public struct CardBrandTableFile: Sendable, Hashable, Decodable {
    public var brands: [Brand]

    public init(brands: [Brand]) {
        self.brands = brands
    }

    /// One brand as the file writes it.
    public struct Brand: Sendable, Hashable, Decodable {
        public var code: String
        public var name: String
        /// Nil (absent or null) for a brand the catalog has no product for.
        public var paymentProductId: Int?
        public var prefixes: [BrandPrefix]
        public var panLengths: [Int]
        public var cvcLength: Int
        public var mask: Mask
        /// Masks for numbers of one length, keyed by the length in decimal (`"14"`).
        public var masksByPanLength: [String: String]?
        /// Absent means true.
        public var requiresLuhn: Bool?

        private enum CodingKeys: String, CodingKey {
            case code, name, paymentProductId, prefixes, panLengths, cvcLength, mask, masksByPanLength, requiresLuhn
        }

        /// Reads the members as written; `paymentProductId` may also be `null`, as a
        /// `Brand` on the wire writes a brand without a product.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(
                code: try container.decode(String.self, forKey: .code),
                name: try container.decode(String.self, forKey: .name),
                paymentProductId: try container.decodeIfPresent(NullableInteger.self, forKey: .paymentProductId)?.value,
                prefixes: try container.decode([BrandPrefix].self, forKey: .prefixes),
                panLengths: try container.decode([Int].self, forKey: .panLengths),
                cvcLength: try container.decode(Int.self, forKey: .cvcLength),
                mask: try container.decode(Mask.self, forKey: .mask),
                masksByPanLength: try container.decodeIfPresent([String: String].self, forKey: .masksByPanLength),
                requiresLuhn: try container.decodeIfPresent(Bool.self, forKey: .requiresLuhn))
        }

        public init(
            code: String, name: String, paymentProductId: Int?, prefixes: [BrandPrefix], panLengths: [Int],
            cvcLength: Int, mask: Mask, masksByPanLength: [String: String]? = nil, requiresLuhn: Bool? = nil
        ) {
            self.code = code
            self.name = name
            self.paymentProductId = paymentProductId
            self.prefixes = prefixes
            self.panLengths = panLengths
            self.cvcLength = cvcLength
            self.mask = mask
            self.masksByPanLength = masksByPanLength
            self.requiresLuhn = requiresLuhn
        }
    }

    /// The codes a file may use: those of the embedded table, which the wire's
    /// `Brand.code` lists and the asset server has images for.
    public static let knownCodes = CardBrandTable.standard.brands.map(\.code)

    /// The PAN lengths a brand may have (the wire's `Brand.panLengths`).
    public static let panLengthRange = 12...19
    /// The CVC lengths a brand may have.
    public static let cvcLengthRange = 3...4

    /// What makes the file unusable although every member has the right type, each
    /// at its JSON Pointer: no brand; a code that is not one of `knownCodes`, or
    /// appears twice; an empty name; a product id below 1 or of two brands; the same
    /// prefix entry twice (in one brand or two); no PAN length, one outside 12–19 or
    /// one given twice; a CVC length other than 3 or 4; a mask that cannot lay out
    /// every digit of the longest PAN length; a `masksByPanLength` key that is not
    /// one of the brand's lengths, or a mask there that does not parse or cannot lay
    /// out that many digits.
    public func inconsistencies() -> [DataInconsistency] {
        var found: [DataInconsistency] = []
        if brands.isEmpty { found.append(DataInconsistency(path: "/brands", message: "must list at least one brand")) }
        var seenCodes: Set<String> = [], seenProducts: [Int: String] = [:], seenPrefixes: [BrandPrefix: String] = [:]
        for (index, brand) in brands.enumerated() {
            let path = "/brands/\(index)"
            func problem(_ member: String, _ message: String) {
                found.append(DataInconsistency(path: "\(path)/\(member)", message: message))
            }
            if !Self.knownCodes.contains(brand.code) {
                problem("code", "must be one of \(Self.knownCodes.joined(separator: ", "))")
            } else if !seenCodes.insert(brand.code).inserted {
                problem("code", "brand code \(brand.code) appears more than once")
            }
            if brand.name.isEmpty { problem("name", "must not be empty") }
            if let product = brand.paymentProductId {
                if product < 1 {
                    problem("paymentProductId", "must be 1 or more")
                } else if let other = seenProducts.updateValue(brand.code, forKey: product) {
                    problem("paymentProductId", "product \(product) is already the product of \(other)")
                }
            }
            for (prefixIndex, prefix) in brand.prefixes.enumerated() {
                if let other = seenPrefixes.updateValue(brand.code, forKey: prefix) {
                    // The entry is not repeated: a long one could be a whole card number.
                    problem("prefixes/\(prefixIndex)", "is already a prefix of \(other)")
                }
            }
            if brand.panLengths.isEmpty { problem("panLengths", "must list at least one length") }
            var seenLengths: Set<Int> = []
            for (lengthIndex, length) in brand.panLengths.enumerated() {
                if !Self.panLengthRange.contains(length) {
                    problem("panLengths/\(lengthIndex)", "must be from \(Self.panLengthRange.lowerBound) to \(Self.panLengthRange.upperBound)")
                } else if !seenLengths.insert(length).inserted {
                    problem("panLengths/\(lengthIndex)", "length \(length) appears more than once")
                }
            }
            if !Self.cvcLengthRange.contains(brand.cvcLength) { problem("cvcLength", "must be 3 or 4") }
            if let longest = seenLengths.max(), !brand.mask.laysOut(digits: longest) {
                problem("mask", "must lay out all \(longest) digits of the longest PAN length")
            }
            for key in (brand.masksByPanLength ?? [:]).keys.sorted() {
                let member = "masksByPanLength/\(key)"
                guard let length = Int(key), String(length) == key, seenLengths.contains(length) else {
                    problem(member, "must be keyed by one of the brand's panLengths, in decimal")
                    continue
                }
                guard let mask = try? Mask(brand.masksByPanLength?[key] ?? "") else {
                    problem(member, "is not a valid mask")
                    continue
                }
                if !mask.laysOut(digits: length) { problem(member, "must lay out all \(length) digits") }
            }
        }
        return found
    }

    /// The table the file describes, in the file's order; nil when it has inconsistencies.
    public var table: CardBrandTable? {
        guard inconsistencies().isEmpty else { return nil }
        return CardBrandTable(brands.map { brand in
            CardBrandTable.Entry(
                brand: CardBrand(
                    code: brand.code, name: brand.name, paymentProductId: brand.paymentProductId,
                    panLengths: brand.panLengths, cvcLength: brand.cvcLength, mask: brand.mask.text,
                    requiresLuhn: brand.requiresLuhn ?? true,
                    masksByPanLength: Dictionary(uniqueKeysWithValues: (brand.masksByPanLength ?? [:]).map { (Int($0.key)!, $0.value) })),
                prefixes: brand.prefixes)
        })
    }
}

/// An integer or `null`.
private struct NullableInteger: Decodable {
    let value: Int?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        value = container.decodeNil() ? nil : try container.decode(Int.self)
    }
}

extension Mask {
    /// True when applying the mask to `count` digits keeps every one of them.
    func laysOut(digits count: Int) -> Bool {
        let digits = String(repeating: "0", count: count)
        return remove(from: digits) == digits
    }
}
