/// What a brand asks of a card number's digits, held as plain values: the
/// accepted lengths as a bit set, the longest of them, and whether the Luhn
/// check applies.
///
/// Judging a number reads these instead of the brand's `panLengths` array,
/// whose copy took a reference count on both sides of every `card.validate`.
/// A length is a bit of one word, so only lengths 1–63 can be accepted (a card
/// number has at most 19 digits, ISO/IEC 7812-1); `CardBrand` keeps no others.
struct CardNumberRules: Sendable, Hashable {
    private let lengthBits: UInt64
    let longestLength: Int
    let requiresLuhn: Bool

    /// The lengths a card brand may accept.
    static let representableLengths = 1...63

    init(lengths: [Int], requiresLuhn: Bool) {
        var bits: UInt64 = 0
        for length in lengths where Self.representableLengths.contains(length) { bits |= 1 << UInt64(length) }
        lengthBits = bits
        longestLength = bits == 0 ? 0 : 63 - bits.leadingZeroBitCount
        self.requiresLuhn = requiresLuhn
    }

    func accepts(length: Int) -> Bool {
        Self.representableLengths.contains(length) && lengthBits & (1 << UInt64(length)) != 0
    }

    /// A number no prefix identifies: 12–19 digits and the Luhn check.
    static let unrecognised = CardNumberRules(lengths: Array(12...19), requiresLuhn: true)
}
