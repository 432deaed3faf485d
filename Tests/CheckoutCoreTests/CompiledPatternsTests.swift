@testable import CheckoutCore
import Dispatch
import Synchronization
import Testing

/// Regular-expression rules give the same answers when many threads use the
/// per-thread compiled patterns at once.
@Suite struct CompiledPatternsTests {
    static let cases: [(pattern: String, value: String, accepted: Bool)] = [
        ("[0-9]{3}", "123", true), ("[0-9]{3}", "1234", false), ("[0-9]{3,4}", "1234", true),
        ("[A-Z]{2}[0-9]{2}", "NL91", true), ("[A-Z]{2}[0-9]{2}", "nl91", false), ("(", "(", false),
    ]

    @Test func answersAreTheSameOnEveryThread() {
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 400) { iteration in
            let (pattern, value, accepted) = Self.cases[iteration % Self.cases.count]
            if RegularExpressionRule(regularExpression: pattern).accepts(value) != accepted {
                failures.withLock { $0 += 1 }
            }
        }
        #expect(failures.withLock { $0 } == 0)
    }

    @Test func aPatternThatDoesNotCompileAcceptsNothing() {
        #expect(CompiledPatterns.regex("(") == nil)
        #expect(CompiledPatterns.regex("[0-9]+") != nil)
    }
}
