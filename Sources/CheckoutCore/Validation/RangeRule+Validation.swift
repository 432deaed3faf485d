extension RangeRule {
    /// True when `value` is an integer from `minValue` through `maxValue`: an
    /// optional leading `-` and one or more ASCII digits (leading zeros allowed),
    /// nothing else. A number beyond the 64-bit range is outside every range.
    public func accepts(_ value: String) -> Bool {
        guard let number = Self.integer(value) else { return false }
        return minValue <= number && number <= maxValue
    }

    /// The integer `text` spells, or nil when it is not one or does not fit in 64 bits.
    static func integer(_ text: String) -> Int64? {
        var bytes = text.utf8[...]
        let isNegative = bytes.first == UInt8(ascii: "-")
        if isNegative { bytes = bytes.dropFirst() }
        guard !bytes.isEmpty else { return nil }
        var number: Int64 = 0
        for byte in bytes {
            guard let digit = CardDigits.digit(byte) else { return nil }
            let (shifted, overflow) = number.multipliedReportingOverflow(by: 10)
            // Accumulating towards the sign keeps Int64.min representable.
            let (next, carry) = isNegative
                ? shifted.subtractingReportingOverflow(Int64(digit))
                : shifted.addingReportingOverflow(Int64(digit))
            guard !overflow, !carry else { return nil }
            number = next
        }
        return number
    }
}
