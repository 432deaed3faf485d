extension LengthRule {
    /// True when `value` has `minLength` through `maxLength` characters, counted as
    /// Unicode scalars (as masks count them): `é` written precomposed is one, written
    /// as `e` plus a combining accent is two.
    public func accepts(_ value: String) -> Bool {
        let count = value.unicodeScalars.count
        return minLength <= count && count <= maxLength
    }
}
