extension RegularExpressionRule {
    /// True when the WHOLE of `value` matches the pattern (`Regex.wholeMatch`), so
    /// `[0-9]{3}` rejects `1234` although it matches a part of it. A pattern that
    /// does not compile accepts nothing (the catalog loader reports such patterns).
    /// Patterns are compiled once per thread (`CompiledPatterns`).
    public func accepts(_ value: String) -> Bool {
        guard let regex = CompiledPatterns.regex(regularExpression) else { return false }
        return (try? regex.wholeMatch(in: value)) != nil
    }
}
