extension RegularExpressionRule {
    /// True when the WHOLE of `value` matches the pattern (`Regex.wholeMatch`), so
    /// `[0-9]{3}` rejects `1234` although it matches a part of it. A pattern that
    /// does not compile accepts nothing (the catalog loader reports such patterns).
    ///
    /// The pattern is compiled on every call (some 10–25 µs): `Regex` is not
    /// `Sendable`, so compiled patterns cannot be shared between threads safely.
    public func accepts(_ value: String) -> Bool {
        guard let regex = try? Regex(regularExpression) else { return false }
        return (try? regex.wholeMatch(in: value)) != nil
    }
}
