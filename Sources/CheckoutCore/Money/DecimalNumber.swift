/// A non-negative decimal number held exactly, `significand / 10^scale`, read from and
/// written as a plain decimal string (`"1.0842"`, `"156.25"`, `"4"`). Exchange rates
/// travel this way (API.md section 2), never as binary floating point.
///
/// A number has at most 18 significant digits and 12 decimal places, so that every
/// fraction and product a conversion forms fits `CrossRate`'s 128-bit arithmetic.
/// It is kept normalized (no trailing zeros after the point): `0.50` equals `0.5`.
public struct DecimalNumber: Sendable, Hashable, CustomStringConvertible {
    public static let maximumSignificantDigits = 18
    public static let maximumScale = 12

    /// The digits without the decimal point.
    public let significand: UInt64
    /// How many of the significand's last digits follow the decimal point.
    public let scale: Int

    public static let zero = DecimalNumber(normalizing: 0, scale: 0)
    public static let one = DecimalNumber(normalizing: 1, scale: 0)

    /// Parses digits, optionally followed by a point and more digits (`12`, `0.5`,
    /// `1.0842`); nil for anything else (signs, exponents, `.5`, `5.`) or beyond the limits.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        let point = bytes.firstIndex(of: UInt8(ascii: "."))
        let integerDigits = bytes[..<(point ?? bytes.endIndex)]
        let fractionDigits = point.map { bytes[($0 + 1)...] } ?? []
        guard !integerDigits.isEmpty, point == nil || !fractionDigits.isEmpty,
              (integerDigits + fractionDigits).allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        var digits = Array(integerDigits + fractionDigits)
        var scale = fractionDigits.count
        while scale > 0, digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            scale -= 1
        }
        let significant = digits.drop { $0 == UInt8(ascii: "0") }
        guard significant.count <= Self.maximumSignificantDigits, scale <= Self.maximumScale else { return nil }
        self.init(normalizing: significant.reduce(0) { $0 * 10 + UInt64($1 - UInt8(ascii: "0")) }, scale: scale)
    }

    /// `significand / 10^scale`, with trailing zeros after the point removed.
    public init?(significand: UInt64, scale: Int) {
        guard (0...Self.maximumScale).contains(scale), significand < Self.significandLimit else { return nil }
        self.init(normalizing: significand, scale: scale)
    }

    private init(normalizing significand: UInt64, scale: Int) {
        var (significand, scale) = (significand, scale)
        while scale > 0, significand % 10 == 0 {
            significand /= 10
            scale -= 1
        }
        self.significand = significand
        self.scale = significand == 0 ? 0 : scale
    }

    private static let significandLimit: UInt64 = 1_000_000_000_000_000_000

    public var isZero: Bool { significand == 0 }

    /// The shortest plain decimal string: `0.5`, `156.25`, `4`.
    public var description: String {
        let digits = String(significand)
        guard scale > 0 else { return digits }
        let padded = String(repeating: "0", count: max(0, scale + 1 - digits.count)) + digits
        return "\(padded.dropLast(scale)).\(padded.suffix(scale))"
    }
}

extension DecimalNumber: Codable {
    /// Reads a decimal string; a JSON number is refused, as it may already have lost precision.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let number = DecimalNumber(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "must be a decimal string such as \"1.0842\": digits, optionally a point "
                    + "and more digits, at most \(Self.maximumSignificantDigits) significant digits and "
                    + "\(Self.maximumScale) decimal places")
        }
        self = number
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
