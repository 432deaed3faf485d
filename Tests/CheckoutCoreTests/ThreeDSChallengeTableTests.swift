@testable import CheckoutCore
import Foundation
import Testing

@Suite("3-D Secure challenges: single use, 10 minutes, bounded")
struct ThreeDSChallengeTableTests {
    static let start = Timestamp(rfc3339: "2026-11-21T10:00:00Z")!
    static let challenged = ThreeDSDecision(flow: .challenge(.standard), brandCode: "visa", threeDSVersion: "2.2.0")

    static func at(_ seconds: Int64) -> Timestamp { start.adding(seconds: seconds) }

    /// Opens a challenge at `time` and returns its id.
    static func open(_ table: inout ChallengeTable, at time: Timestamp = start, generator: inout SeededGenerator) throws -> String {
        try #require(table.start(challenged, now: time, using: &generator).challenge?.challengeId)
    }

    @Test func aChallengeExpiresTenMinutesAfterItOpened() throws {
        var generator = SeededGenerator(seed: 1)
        var table = ChallengeTable()
        let result = table.start(Self.challenged, now: Self.start, using: &generator)
        #expect(result.challenge?.expiresAt == Timestamp(rfc3339: "2026-11-21T10:10:00Z"))
        let answeredInTime = try Self.open(&table, generator: &generator)
        let late = try #require(result.challenge?.challengeId)
        #expect(table.complete(id: answeredInTime, with: .code("1234"), now: Self.at(599), using: &generator)?.status
                == .authenticationSucceeded)
        #expect(table.complete(id: late, with: .code("1234"), now: Self.at(600), using: &generator) == nil)
        #expect(table.count == 0)
    }

    @Test func aChallengeIsAnsweredOnceWhateverTheAnswer() throws {
        var generator = SeededGenerator(seed: 2)
        for first in [ThreeDSChallengeResponse.code("1234"), .code("9"), .cancel] {
            var table = ChallengeTable()
            let id = try Self.open(&table, generator: &generator)
            #expect(table.complete(id: id, with: first, now: Self.start, using: &generator) != nil)
            for again in [ThreeDSChallengeResponse.code("1234"), .cancel] {
                #expect(table.complete(id: id, with: again, now: Self.start, using: &generator) == nil)
            }
        }
    }

    @Test func unknownIdsAreNotFound() {
        var generator = SeededGenerator(seed: 3)
        var table = ChallengeTable()
        #expect(table.complete(id: "nope", with: .cancel, now: Self.start, using: &generator) == nil)
    }

    @Test func frictionlessFlowsKeepNothing() {
        var generator = SeededGenerator(seed: 4)
        var table = ChallengeTable()
        let decision = ThreeDSDecision(flow: .frictionless(.succeeded), brandCode: "visa", threeDSVersion: "2.2.0")
        #expect(table.start(decision, now: Self.start, using: &generator).challenge == nil)
        #expect(table.count == 0)
    }

    @Test func theOldestGoFirstBeyondTheCapacity() throws {
        var generator = SeededGenerator(seed: 5)
        var table = ChallengeTable(capacity: 3)
        var ids: [String] = []
        for second in 0..<5 { ids.append(try Self.open(&table, at: Self.at(Int64(second)), generator: &generator)) }
        #expect(table.count == 3)
        for (index, id) in ids.enumerated() {
            let found = table.complete(id: id, with: .cancel, now: Self.at(10), using: &generator) != nil
            #expect(found == (index >= 2), "challenge \(index)")
        }
    }

    @Test func answeredChallengesDoNotCountAgainstTheCapacity() throws {
        var generator = SeededGenerator(seed: 6)
        var table = ChallengeTable(capacity: 2)
        let kept = try Self.open(&table, generator: &generator)
        for _ in 0..<50 {
            let id = try Self.open(&table, generator: &generator)
            #expect(table.complete(id: id, with: .cancel, now: Self.start, using: &generator) != nil)
        }
        #expect(table.count == 1)
        #expect(table.complete(id: kept, with: .code("1234"), now: Self.start, using: &generator) != nil)
    }

    @Test func expiredChallengesAreForgottenAsTimeGoesOn() throws {
        var generator = SeededGenerator(seed: 7)
        var table = ChallengeTable(timeToLive: 60)
        for second in 0..<10 { _ = try Self.open(&table, at: Self.at(Int64(second)), generator: &generator) }
        let fresh = try Self.open(&table, at: Self.at(65), generator: &generator)
        #expect(table.count == 5)  // those opened at 5…9 s, and the fresh one
        #expect(table.complete(id: fresh, with: .cancel, now: Self.at(124), using: &generator) != nil)
        #expect(table.count == 0)
    }

    @Test func theAuthenticationValueIsStandardBase64OfTwentyBytes() {
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=",
                       "foobar": "Zm9vYmFy"]  // RFC 4648 section 10
        for (text, encoded) in vectors {
            #expect(Base64.standard(Array(text.utf8)) == encoded)
        }
        let bytes = (0...255).map { UInt8($0) }
        #expect(Base64.standard(bytes) == Data(bytes).base64EncodedString())
        var generator = SeededGenerator(seed: 8)
        let value = AuthenticationValue.make(using: &generator)
        #expect(value.count == 28 && Data(base64Encoded: value)?.count == 20)
    }
}
