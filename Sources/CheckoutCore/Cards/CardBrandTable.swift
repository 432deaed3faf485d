/// The brands a card number can belong to and the prefixes that identify them.
///
/// Built once into a digit trie, so detection walks the number's first digits
/// instead of testing every prefix; see `BrandPrefix` for which entry wins when
/// several match.
public struct CardBrandTable: Sendable {
    /// A brand with its prefix list; a brand without prefixes (Cartes Bancaires) is
    /// only found by its code.
    public struct Entry: Sendable, Hashable {
        public let brand: CardBrand
        public let prefixes: [BrandPrefix]

        public init(brand: CardBrand, prefixes: [BrandPrefix]) {
            self.brand = brand
            self.prefixes = prefixes
        }
    }

    public let entries: [Entry]
    private let indexByCode: [String: Int]
    private let trie: BrandTrie
    private let masksByText: [String: Mask]

    /// Where two entries share a code, lookup by code finds the first. A table
    /// holds at most 64 brands (the standard one has 13).
    public init(_ entries: [Entry]) {
        precondition(entries.count <= BrandSet.capacity, "a brand table holds at most \(BrandSet.capacity) brands")
        self.entries = entries
        var indexByCode: [String: Int] = [:]
        for (index, entry) in entries.enumerated() where indexByCode[entry.brand.code.lowercased()] == nil {
            indexByCode[entry.brand.code.lowercased()] = index
        }
        self.indexByCode = indexByCode
        self.trie = BrandTrie(prefixLists: entries.map(\.prefixes))
        var masksByText: [String: Mask] = [:]
        for brand in entries.map(\.brand) {
            for text in [brand.mask] + brand.masksByPanLength.values {
                masksByText[text] = try? Mask(text)
            }
        }
        self.masksByText = masksByText
    }

    public var brands: [CardBrand] { entries.map(\.brand) }

    /// The same table with every brand's images below `base` (`--asset-url`).
    public func withImages(at base: AssetBase) -> CardBrandTable {
        CardBrandTable(entries.map { Entry(brand: $0.brand.withImages(at: base), prefixes: $0.prefixes) })
    }

    /// The first brand in the table that `paymentProductId` processes.
    public func brand(paymentProductId: Int) -> CardBrand? {
        entries.first { $0.brand.paymentProductId == paymentProductId }?.brand
    }

    /// The brand with `code`, compared case-insensitively.
    public func brand(code: String) -> CardBrand? {
        indexByCode[code.lowercased()].map { entries[$0].brand }
    }

    /// The brand of a card number as typed (spaces allowed), from the longest prefix it
    /// already matches in full: `40117` is Visa, `401178` Elo. Nil when no prefix
    /// matches yet, or when the number holds anything but digits and spaces.
    public func brand(ofCardNumber number: String) -> CardBrand? {
        let typed = TypedCardNumber(typed: number)
        return typed.isNumber ? brand(of: typed) : nil
    }

    func brand(of number: TypedCardNumber) -> CardBrand? {
        trie.walk(number.leadingDigits, typedCount: number.digitCount).winner.map { entries[$0].brand }
    }

    func brand(ofDigits digits: [UInt8]) -> CardBrand? {
        trie.walk(digits).winner.map { entries[$0].brand }
    }

    /// What the brand of a number is now and what it may become as more digits are typed.
    func outlook(of number: TypedCardNumber) -> BrandOutlook {
        let walk = trie.walk(number.leadingDigits, typedCount: number.digitCount)
        return BrandOutlook(brandIndex: walk.winner, possibleBrandIndices: walk.possibleBrands)
    }

    /// The parsed mask that lays out `panLength` digits of `brand`; the default card mask
    /// for an unknown brand or a mask text that does not parse.
    func mask(for brand: CardBrand?, panLength: Int) -> Mask {
        brand.flatMap { masksByText[$0.mask(forPanLength: panLength)] } ?? Self.defaultMask
    }

    // The text is a constant that the mask tests parse.
    private static let defaultMask = try! Mask(CardBrand.defaultMask)
}

/// A partial card number's brand now, and the brands further digits could still
/// give it, by their places in the table the outlook came from: it holds no
/// brand, so making one counts no reference on the table's shared brands.
struct BrandOutlook: Sendable {
    /// Where the brand detected now is in the table.
    let brandIndex: Int?
    fileprivate let possibleBrandIndices: BrandSet

    /// Every brand some continuation of the digits could be detected as, `brand`
    /// included, in table order; `table` is the one the outlook came from. Worked
    /// out only when asked for: most numbers typed have an accepted brand and never
    /// need it (and the outlook holds no reference to the table's entries to retain).
    func possibleBrands(in table: CardBrandTable) -> some Sequence<CardBrand> {
        possibleBrandIndices.lazy.map { table.entries[$0].brand }
    }
}
