/// A catalog pattern compiled once. Compiling costs 10–25 µs against well
/// under a microsecond to match, and every validation of a field with a
/// pattern needs it.
///
/// Every pattern in the embedded catalog is a run of ASCII digits of a fixed
/// length (`^[0-9]{3}$` for a CVV); those are matched by counting bytes, which
/// saved about 4,000 instructions per `paymentRequest.encrypt` (one CVV match).
/// Any other pattern goes to `Regex`. The two agree on every input a table test
/// tries, combining marks and full-width digits included.
///
/// `@unchecked Sendable` because `Regex<AnyRegexOutput>` is not declared
/// `Sendable` (its output type holds `Any`): a compiled `Regex` is never mutated
/// here, each match runs in its own executor, and the one thing `Regex` builds
/// lazily, its lowered program, `_StringProcessing` publishes with an atomic
/// compare-and-swap, so matching from several threads at once is safe.
final class CompiledPattern: @unchecked Sendable {
    private enum Matcher {
        case asciiDigits(count: ClosedRange<Int>)
        case regex(Regex<AnyRegexOutput>)
        case nothing
    }

    private let matcher: Matcher
    /// Why the pattern is not used (it does not compile, or could take exponential
    /// time: `NestedRepetition`), as the rest of a sentence about it; nil when it is used.
    let problem: String?

    init(_ pattern: String) {
        do {
            let regex = try Regex(pattern)
            if let nested = NestedRepetition.first(in: pattern) {
                matcher = .nothing
                problem = "repeats \(nested) without bound around a repetition without bound, which can take "
                    + "exponential time to match; make the inner repetition possessive (a++) or atomic ((?>a+))"
                return
            }
            matcher = Self.digitRunLengths(pattern).map { .asciiDigits(count: $0) } ?? .regex(regex)
            problem = nil
        } catch {
            matcher = .nothing
            problem = "is not a valid regular expression: \(error)"
        }
    }

    /// True when the pattern is matched by counting digits.
    var isDigitRun: Bool {
        if case .asciiDigits = matcher { true } else { false }
    }

    /// True when the whole of `value` matches; a pattern that is not used matches nothing.
    func wholeMatches(_ value: String) -> Bool {
        switch matcher {
        case .asciiDigits(let count):
            return count.contains(value.utf8.count) && CardDigits.areAllDigits(value.utf8)
        case .regex(let regex):
            return (try? regex.wholeMatch(in: value)) != nil
        case .nothing:
            return false
        }
    }

    /// The lengths of `^[0-9]{n}$` or `^[0-9]{m,n}$` (anchors optional), or nil for any other pattern.
    static func digitRunLengths(_ pattern: String) -> ClosedRange<Int>? {
        var rest = Substring(pattern)
        if rest.hasPrefix("^") { rest.removeFirst() }
        if rest.hasSuffix("$") { rest.removeLast() }
        guard rest.hasPrefix("[0-9]{"), rest.hasSuffix("}") else { return nil }
        let bounds = rest.dropFirst("[0-9]{".count).dropLast().split(separator: ",", omittingEmptySubsequences: false)
        guard (1...2).contains(bounds.count),
              bounds.allSatisfy({ (1...4).contains($0.count) && CardDigits.areAllDigits($0.utf8) }),
              let lower = Int(bounds[0]), let upper = Int(bounds[bounds.count - 1]), lower <= upper else { return nil }
        return lower...upper
    }
}
