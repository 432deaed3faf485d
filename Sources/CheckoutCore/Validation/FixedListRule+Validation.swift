extension FixedListRule {
    /// True when `value` is exactly one of `allowedValues`: the same Unicode scalars,
    /// so neither case nor Unicode normalisation makes two values equal.
    public func accepts(_ value: String) -> Bool {
        allowedValues.contains { $0.unicodeScalars.elementsEqual(value.unicodeScalars) }
    }
}
