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
        self.init(utf8: text.utf8)
    }

    /// Read from the text's UTF-8 in one pass: the standard table's lists are parsed
    /// at start-up, where splitting them into strings cost a twentieth of it.
    /// Spaces are dropped wherever they are, as in a typed card number.
    private init?(utf8 text: some Sequence<UInt8>) {
        var bounds: [[UInt8]] = [[]]
        for byte in text {
            if byte == UInt8(ascii: "-") {
                guard bounds.count == 1 else { return nil }
                bounds.append([])
            } else if byte != UInt8(ascii: " ") {
                guard let digit = CardDigits.digit(byte) else { return nil }
                bounds[bounds.count - 1].append(digit)
            }
        }
        let lower = bounds[0], upper = bounds[bounds.count - 1]
        guard (1...18).contains(lower.count), lower.count == upper.count, !upper.lexicographicallyPrecedes(lower)
        else { return nil }
        self.lower = lower
        self.upper = upper
        self.isRange = bounds.count == 2
    }

    /// Parses a comma-separated list as the brand table writes it: `300-305, 3095, 36`.
    static func list(_ text: String) -> [BrandPrefix]? {
        var prefixes: [BrandPrefix] = []
        for entry in text.utf8.split(separator: UInt8(ascii: ",")) {
            guard let prefix = BrandPrefix(utf8: entry) else { return nil }
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
        forEachCoveringPrefix { prefixes.append($0) }
        return prefixes
    }

    /// Calls `body` with each of `coveringPrefixes()` in turn, in the same order,
    /// building them in one buffer: the brand table is made at start-up, where
    /// making them as lists of arrays took 1.1M of its 32M instructions.
    func forEachCoveringPrefix(_ body: ([UInt8]) -> Void) {
        let cover = Cover(lower: lower, upper: upper)
        var path: [UInt8] = []
        path.reserveCapacity(length)
        cover.visit(depth: 0, lowerIsBound: true, upperIsBound: true, path: &path, body)
    }

    /// The walk behind `forEachCoveringPrefix`. Once the path's digit is above the
    /// lower bound's, the digits after it may be anything from all zeros, and once
    /// it is below the upper bound's, anything up to all nines: each side is either
    /// still its bound's digits or free.
    private struct Cover {
        let lower: [UInt8]
        let upper: [UInt8]
        /// `lowerIsZeros[i]`: the lower bound's digits from `i` on are all 0;
        /// `upperIsNines[i]`: the upper bound's are all 9 (both true at the end).
        let lowerIsZeros: [Bool]
        let upperIsNines: [Bool]

        init(lower: [UInt8], upper: [UInt8]) {
            self.lower = lower
            self.upper = upper
            var zeros = [Bool](repeating: true, count: lower.count + 1)
            var nines = [Bool](repeating: true, count: upper.count + 1)
            for index in lower.indices.reversed() {
                zeros[index] = zeros[index + 1] && lower[index] == 0
                nines[index] = nines[index + 1] && upper[index] == 9
            }
            lowerIsZeros = zeros
            upperIsNines = nines
        }

        func visit(depth: Int, lowerIsBound: Bool, upperIsBound: Bool, path: inout [UInt8], _ body: ([UInt8]) -> Void) {
            let lowerRestIsZeros = !lowerIsBound || lowerIsZeros[depth]
            let upperRestIsNines = !upperIsBound || upperIsNines[depth]
            if lowerRestIsZeros && upperRestIsNines {
                body(path)
                return
            }
            let low = lowerIsBound ? lower[depth] : 0, high = upperIsBound ? upper[depth] : 9
            if low == high {
                path.append(low)
                visit(depth: depth + 1, lowerIsBound: lowerIsBound, upperIsBound: upperIsBound, path: &path, body)
                path.removeLast()
                return
            }
            var first = low, last = high
            if lowerIsBound && !lowerIsZeros[depth + 1] {
                path.append(low)
                visit(depth: depth + 1, lowerIsBound: true, upperIsBound: false, path: &path, body)
                path.removeLast()
                first += 1
            }
            let upperNeedsItsOwn = upperIsBound && !upperIsNines[depth + 1]
            if upperNeedsItsOwn { last -= 1 }
            if first <= last {
                for digit in first...last {
                    path.append(digit)
                    body(path)
                    path.removeLast()
                }
            }
            if upperNeedsItsOwn {
                path.append(high)
                visit(depth: depth + 1, lowerIsBound: false, upperIsBound: true, path: &path, body)
                path.removeLast()
            }
        }
    }
}

/// A prefix travels as the text the brand table writes: `34` or `300-305`.
extension BrandPrefix: Codable {
    /// Reads the text strictly: ASCII digits and at most one `-`, no spaces.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard !text.utf8.contains(UInt8(ascii: " ")), let prefix = BrandPrefix(text) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "must be 1 to 18 digits (34), or two bounds of as many digits in ascending order (300-305)")
        }
        self = prefix
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
