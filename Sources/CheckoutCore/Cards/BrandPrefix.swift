/// One entry of a brand's prefix list: a single prefix such as `6011`, or a range such
/// as `644-649` that matches a number whose first three digits lie between the bounds.
///
/// When several entries of a table match, the longer one wins; at equal length a
/// single prefix beats a range and a narrower range beats a wider one (`ranks(before:)`).
public struct BrandPrefix: Sendable, Hashable, CustomStringConvertible {
    /// The lower bound's digits, most significant first.
    let lower: [UInt8]
    /// The upper bound's digits; equal to `lower` for a single prefix.
    let upper: [UInt8]
    public let isRange: Bool

    /// Parses `34` or `500000-506698` (spaces around the dash allowed). Nil unless the
    /// bounds are 1 to 18 digits, equally long, and in ascending order.
    public init?(_ text: String) {
        let bounds = text.split(separator: "-", omittingEmptySubsequences: false)
            .map { CardDigits.parseTypedCardNumber(String($0)) }
        guard bounds.count == 1 || bounds.count == 2,
              let lower = bounds[0], let upper = bounds[bounds.count - 1],
              (1...18).contains(lower.count), lower.count == upper.count,
              !upper.lexicographicallyPrecedes(lower)
        else { return nil }
        self.lower = lower
        self.upper = upper
        self.isRange = bounds.count == 2
    }

    /// Parses a comma-separated list as the brand table writes it: `300-305, 3095, 36`.
    static func list(_ text: String) -> [BrandPrefix]? {
        var prefixes: [BrandPrefix] = []
        for entry in text.split(separator: ",") {
            guard let prefix = BrandPrefix(String(entry)) else { return nil }
            prefixes.append(prefix)
        }
        return prefixes
    }

    /// How many leading digits of a card number the entry looks at.
    public var length: Int { lower.count }

    /// How many prefixes of `length` digits the entry covers: 1 for a single prefix.
    public var width: Int { CardDigits.value(of: upper) - CardDigits.value(of: lower) + 1 }

    public var description: String {
        let lowerText = CardDigits.text(of: lower)
        return isRange ? "\(lowerText)-\(CardDigits.text(of: upper))" : lowerText
    }

    /// True when this entry wins over `other` where both match the same number.
    func ranks(before other: BrandPrefix) -> Bool {
        precedence.ranks(before: other.precedence)
    }

    /// What decides which of two entries matching a number wins, without the digits.
    var precedence: Precedence { Precedence(length: length, isRange: isRange, width: width) }

    /// An entry's length, kind and width: all its precedence needs, kept apart so the
    /// brand trie compares entries without holding (and retaining) their digits.
    struct Precedence: Sendable, Hashable {
        let length: Int
        let isRange: Bool
        let width: Int

        func ranks(before other: Precedence) -> Bool {
            if length != other.length { return length > other.length }
            if isRange != other.isRange { return !isRange }
            return width < other.width
        }
    }

    /// The shortest list of digit strings whose extensions to `length` digits are exactly
    /// the numbers in the entry: `500000-506698` gives `500`…`505`, `5060`…`5065`,
    /// `50660`…`50668` and `506690`…`506698`.
    func coveringPrefixes() -> [[UInt8]] {
        var prefixes: [[UInt8]] = []
        Self.cover(prefix: [], lower: lower[...], upper: upper[...], into: &prefixes)
        return prefixes
    }

    private static func cover(
        prefix: [UInt8], lower: ArraySlice<UInt8>, upper: ArraySlice<UInt8>, into prefixes: inout [[UInt8]]
    ) {
        if lower.allSatisfy({ $0 == 0 }) && upper.allSatisfy({ $0 == 9 }) {
            prefixes.append(prefix)
            return
        }
        let low = lower.first!, high = upper.first!
        let lowerRest = lower.dropFirst(), upperRest = upper.dropFirst()
        if low == high {
            cover(prefix: prefix + [low], lower: lowerRest, upper: upperRest, into: &prefixes)
            return
        }
        var first = low, last = high
        if !lowerRest.allSatisfy({ $0 == 0 }) {
            let nines = ArraySlice(repeating: UInt8(9), count: lowerRest.count)
            cover(prefix: prefix + [low], lower: lowerRest, upper: nines, into: &prefixes)
            first += 1
        }
        var upperPart: [[UInt8]] = []
        if !upperRest.allSatisfy({ $0 == 9 }) {
            let zeros = ArraySlice(repeating: UInt8(0), count: upperRest.count)
            cover(prefix: prefix + [high], lower: zeros, upper: upperRest, into: &upperPart)
            last -= 1
        }
        if first <= last {
            for digit in first...last { prefixes.append(prefix + [digit]) }
        }
        prefixes += upperPart
    }
}
