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
