/// A catalog pattern compiled once. Compiling costs 10–25 µs against well
/// under a microsecond to match, and every validation of a field with a
/// pattern needs it.
///
/// `@unchecked Sendable` because `Regex<AnyRegexOutput>` is not declared
/// `Sendable` (its output type holds `Any`): a compiled `Regex` is never mutated
/// here, each match runs in its own executor, and the one thing `Regex` builds
/// lazily, its lowered program, `_StringProcessing` publishes with an atomic
/// compare-and-swap, so matching from several threads at once is safe.
final class CompiledPattern: @unchecked Sendable {
    private let regex: Regex<AnyRegexOutput>?
    /// Why the pattern does not compile; nil when it does.
    let problem: String?

    init(_ pattern: String) {
        do {
            regex = try Regex(pattern)
            problem = nil
        } catch {
            regex = nil
            problem = String(describing: error)
        }
    }

    /// True when the whole of `value` matches; a pattern that does not compile matches nothing.
    func wholeMatches(_ value: String) -> Bool {
        guard let regex else { return false }
        return (try? regex.wholeMatch(in: value)) != nil
    }
}
