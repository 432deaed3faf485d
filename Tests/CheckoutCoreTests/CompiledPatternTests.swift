@testable import CheckoutCore
import Testing

/// Digit-run patterns are matched by counting bytes, every other pattern by
/// `Regex`, and both answer what `Regex` answers.
@Suite("Compiled patterns")
struct CompiledPatternTests {
    static let digitRuns = ["^[0-9]{3}$", "^[0-9]{4}$", "[0-9]{3}", "^[0-9]{3,4}$", "[0-9]{0,2}$", "^[0-9]{1,19}"]
    static let others = ["^[0-9]{3,}$", "^[0-9]{4,3}$", "^\\d{3}$", "^[0-9]{3}$$", "^^[0-9]{3}$", "^[0-9]{3}[a-z]$",
                         "^[0-9]{12345}$", "^[A-Z]{2}[0-9]{2}$", "^[0-9]{ 3}$", "^[0-9]{,3}$"]
    static let values = ["", "1", "12", "123", "1234", "12345", "0000000000000000000", "12a", "a12", " 123", "123 ",
                         "123\n", "12\u{0301}3", "１２３", "١٢٣", "12.3", "-12", "+123", "1\r\n", "😀12"]

    @Test(arguments: digitRuns + others)
    func answersAsTheRegexEngineDoes(_ pattern: String) throws {
        let compiled = CompiledPattern(pattern)
        #expect(compiled.isDigitRun == Self.digitRuns.contains(pattern))
        let regex = try? Regex(pattern)
        #expect((compiled.problem == nil) == (regex != nil))
        for value in Self.values {
            let expected = regex.map { (try? $0.wholeMatch(in: value)) != nil } ?? false
            #expect(compiled.wholeMatches(value) == expected, "\(value.debugDescription) against \(pattern)")
        }
    }

    @Test(arguments: [("^[0-9]{3}$", 3...3), ("[0-9]{2,19}", 2...19), ("^[0-9]{0}$", 0...0)])
    func digitRunLengths(_ pattern: String, _ lengths: ClosedRange<Int>) {
        #expect(CompiledPattern.digitRunLengths(pattern) == lengths)
    }
}

/// Catalog patterns that repeat a repetition without bound are refused: a
/// backtracking match of `^(a+)+$` against 20 `a`s and a `!` took 37 s.
@Suite("Nested unbounded repetitions")
struct NestedRepetitionTests {
    @Test(arguments: [
        ("^(a+)+$", "(a+)+"), ("(a*)*", "(a*)*"), ("^(\\w+\\s?)*$", "(\\w+\\s?)*"), ("^(x+y){2,}$", "(x+y){2,}"),
        ("((ab)*c)+", "((ab)*c)+"), ("^(?:[a-z]+[0-9]?)+$", "(?:[a-z]+[0-9]?)+"), ("(a{1,}b?)*?", "(a{1,}b?)*?"),
        ("^(.*)+$", "(.*)+"), ("^(((a+)))+$", "(((a+)))+"), ("^[a-z]+( [a-z]+)*$", "( [a-z]+)*"),
        ("^(?<word>[a-z]+,?)+$", "(?<word>[a-z]+,?)+"), ("^([\\p{L}]+[)]?)+$", "([\\p{L}]+[)]?)+"),
    ])
    func aRepeatedGroupHoldingAnUnboundedRepetitionIsFound(_ pattern: String, _ group: String) {
        #expect(NestedRepetition.first(in: pattern) == group)
        let compiled = CompiledPattern(pattern)
        #expect(compiled.problem?.contains(group) == true)
        // Refused patterns match nothing, at once.
        #expect(!compiled.wholeMatches(String(repeating: "a", count: 40) + "!"))
        #expect(!compiled.wholeMatches("aaaa"))
    }

    @Test(arguments: [
        "^[0-9]{3}$", "^(a+)$", "^(ab)+$", "^(a|b)*$", "^(a+){2}$", "^(a+){1,3}$", "^(a?)+$", "^[a-z]+ [a-z]+$",
        "^(a++)+$", "^(a*+)*$", "^(?>a+)+$", "^( [a-z]++)*$", "^[(a+)+]$", "^\\(a+\\)+$", "^(\\d{3,})$",
        "^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$", "^\\p{L}+( \\p{L}+)?$", "^(ab){2,5}$", "^(\\{a+})$",
    ])
    func otherPatternsAreUsed(_ pattern: String) {
        #expect(NestedRepetition.first(in: pattern) == nil)
    }

    /// The way out the message gives: a possessive inner repetition never gives
    /// characters back, so the same language is matched in linear time.
    @Test func aPossessiveInnerRepetitionMatchesAsTheNestedOneWould() {
        let compiled = CompiledPattern("^( [a-z]++)*$")
        #expect(compiled.problem == nil)
        #expect(compiled.wholeMatches(" ab cd"))
        #expect(!compiled.wholeMatches(String(repeating: " a", count: 30) + "!"))
    }
}

