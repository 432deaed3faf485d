extension LengthRule {
    /// True when `value` has `minLength` through `maxLength` characters, counted as
    /// Unicode scalars (as masks count them): `é` written precomposed is one, written
    /// as `e` plus a combining accent is two.
    public func accepts(_ value: String) -> Bool {
        let count = Self.scalarCount(of: value)
        return minLength <= count && count <= maxLength
    }

    /// Counted from the UTF-8 bytes, every scalar's first byte being the one
    /// that is not a continuation byte (`10xxxxxx`): `unicodeScalars.count`
    /// decoded each scalar, nearly three times the instructions.
    static func scalarCount(of value: String) -> Int {
        var value = value
        return value.withUTF8 { bytes in bytes.reduce(0) { $0 &+ ($1 & 0xC0 == 0x80 ? 0 : 1) } }
    }
}
