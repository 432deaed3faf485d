/// An exact exchange rate: how many units of one currency one unit of another buys,
/// `rate(to) / rate(from)` of two table rates, kept as a reduced fraction so that
/// conversions through the table's base never round more than once.
///
/// It reads as a decimal string (`description`): the exact quotient when its decimal
/// expansion ends within 18 significant digits, otherwise the quotient rounded half-even
/// to 10 significant digits (all digits before the point are kept). Only the reading is
/// rounded; conversions use the fraction.
public struct CrossRate: Sendable, Hashable, CustomStringConvertible {
    public let numerator: UInt128
    public let denominator: UInt128

    /// Units of `to` per unit of `from`, given both as units per one base unit;
    /// nil when `from` is zero.
    public init?(_ to: DecimalNumber, per from: DecimalNumber) {
        guard !from.isZero else { return nil }
        // Both sides are below 10^18 · 10^12, far inside UInt128.
        let numerator = UInt128(to.significand) * Self.powerOfTen(from.scale)
        let denominator = UInt128(from.significand) * Self.powerOfTen(to.scale)
        let divisor = Self.greatestCommonDivisor(numerator, denominator)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    /// True for a rate of exactly 1.
    public var isOne: Bool { numerator == denominator }

    /// `amount` minor units of a currency with `fromMinorUnits` decimals, in minor units of
    /// one with `toMinorUnits` decimals: `amount / 10^from × rate × 10^to`, computed as one
    /// fraction and rounded once. Nil when the result does not fit 128 bits.
    func convert(_ amount: UInt64, fromMinorUnits: Int, toMinorUnits: Int, rounding: RoundingMode) -> UInt128? {
        let shift = toMinorUnits - fromMinorUnits
        // The amount is below 2^64 and the shift at most 4 places either way (ISO 4217
        // has 0 to 4 minor units), so both factors and the divisor stay below 10^35.
        let scaledAmount = UInt128(amount) * Self.powerOfTen(max(shift, 0))
        let divisor = denominator * Self.powerOfTen(max(-shift, 0))
        let product = scaledAmount.multipliedFullWidth(by: numerator)
        guard product.high < divisor else { return nil }
        let (quotient, remainder) = divisor.dividingFullWidth(product)
        let rounded = rounding.round(quotient: quotient, remainder: remainder, divisor: divisor)
        return rounded.overflow ? nil : rounded.value
    }

    public static let exactSignificantDigits = 18
    public static let roundedSignificantDigits = 10

    public var description: String {
        let whole = numerator / denominator
        var remainder = numerator % denominator
        var digits = Array(String(whole).utf8).map { $0 - UInt8(ascii: "0") }
        let wholeCount = digits.count
        var significant = whole == 0 ? 0 : wholeCount
        // The remainder stays below the denominator (< 10^30), so ×10 cannot overflow.
        func nextDigit() {
            remainder *= 10
            let digit = UInt8(remainder / denominator)
            remainder %= denominator
            digits.append(digit)
            if significant > 0 || digit != 0 { significant += 1 }
        }
        while remainder != 0 && significant < Self.exactSignificantDigits { nextDigit() }
        if remainder != 0 {
            digits.removeSubrange(wholeCount...)
            remainder = numerator % denominator
            significant = whole == 0 ? 0 : wholeCount
            while significant < Self.roundedSignificantDigits { nextDigit() }
            let last = UInt128(digits[digits.count - 1])
            if RoundingMode.halfEven.round(quotient: last, remainder: remainder, divisor: denominator).value != last {
                let fractionCount = digits.count - wholeCount
                Self.increment(&digits)
                return Self.format(digits, integerCount: digits.count - fractionCount)
            }
        }
        return Self.format(digits, integerCount: wholeCount)
    }

    /// Adds one to the last digit, carrying; a carry out of the first digit prepends a 1.
    private static func increment(_ digits: inout [UInt8]) {
        var index = digits.count - 1
        while index >= 0 {
            if digits[index] < 9 {
                digits[index] += 1
                return
            }
            digits[index] = 0
            index -= 1
        }
        digits.insert(1, at: 0)
    }

    private static func format(_ digits: [UInt8], integerCount: Int) -> String {
        var fraction = digits[integerCount...]
        while fraction.last == 0 { fraction.removeLast() }
        let text = { (part: ArraySlice<UInt8>) in String(decoding: part.map { $0 + UInt8(ascii: "0") }, as: UTF8.self) }
        return fraction.isEmpty ? text(digits[..<integerCount]) : text(digits[..<integerCount]) + "." + text(fraction)
    }

    static func powerOfTen(_ exponent: Int) -> UInt128 {
        precondition((0...38).contains(exponent))
        var power: UInt128 = 1
        for _ in 0..<exponent { power *= 10 }
        return power
    }

    private static func greatestCommonDivisor(_ a: UInt128, _ b: UInt128) -> UInt128 {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }
}

extension CrossRate: Encodable {
    /// Written as its decimal string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
