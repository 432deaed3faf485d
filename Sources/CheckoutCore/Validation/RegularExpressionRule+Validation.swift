extension RegularExpressionRule {
    /// True when the WHOLE of `value` matches the pattern (`Regex.wholeMatch`), so
    /// `[0-9]{3}` rejects `1234` although it matches a part of it. A pattern that
    /// does not compile, or could take exponential time (`NestedRepetition`),
    /// accepts nothing (the catalog loader refuses such patterns).
    public func accepts(_ value: String) -> Bool {
        compiled.wholeMatches(value)
    }
}
