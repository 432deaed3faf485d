@testable import CheckoutCore
import Testing

@Suite("Session table: life, expiry markers and capacity")
struct SessionTableTests {
    static let start = Timestamp(rfc3339: "2026-11-21T10:00:00Z")!

    static func session(_ id: String, at time: Timestamp = start, ttl: Int64 = 3600) -> Session {
        Session(clientSessionId: id, customerId: "cus_1", createdAt: time, expiresAt: time.adding(seconds: ttl),
                context: PaymentContext(amountOfMoney: AmountOfMoney(amount: 100, currencyCode: "EUR"), countryCode: "NL"))
    }

    static func at(_ seconds: Int64) -> Timestamp { start.adding(seconds: seconds) }

    @Test func aSessionLivesUntilJustBeforeItsExpiry() {
        var table = SessionTable(timeToLive: 3600)
        table.insert(Self.session("a"), now: Self.start)
        #expect(table.session(id: "a", now: Self.at(3599)) == .success(Self.session("a")))
        #expect(table.session(id: "a", now: Self.at(3600)) == .failure(.expired(at: Self.at(3600))))
    }

    @Test func anExpiredSessionIsReportedForOneMoreLifeThenForgotten() {
        var table = SessionTable(timeToLive: 60)
        table.insert(Self.session("a", ttl: 60), now: Self.start)
        #expect(table.session(id: "a", now: Self.at(61)) == .failure(.expired(at: Self.at(60))))
        #expect(table.session(id: "a", now: Self.at(119)) == .failure(.expired(at: Self.at(60))))
        #expect(table.session(id: "a", now: Self.at(120)) == .failure(.notFound))
        #expect(table.count == 0)
    }

    @Test func reinitialisingReplacesTheSessionAndRestartsItsLife() {
        var table = SessionTable(timeToLive: 60)
        table.insert(Self.session("a", ttl: 60), now: Self.start)
        var replacement = Self.session("a", at: Self.at(50), ttl: 60)
        replacement.customerId = "cus_2"
        table.insert(replacement, now: Self.at(50))
        #expect(table.session(id: "a", now: Self.at(100)) == .success(replacement))
        #expect(table.session(id: "a", now: Self.at(110)) == .failure(.expired(at: Self.at(110))))
        #expect(table.count == 1)
    }

    @Test func theOldestGoBeyondTheCapacity() {
        var table = SessionTable(timeToLive: 3600, capacity: 3)
        for id in ["a", "b", "c"] { table.insert(Self.session(id), now: Self.start) }
        #expect(table.insert(Self.session("d"), now: Self.start) == 1)
        #expect(table.session(id: "a", now: Self.start) == .failure(.notFound))
        for id in ["b", "c", "d"] { #expect((try? table.session(id: id, now: Self.start).get()) != nil) }
        #expect(table.count == 3)
    }

    @Test func expiryMarkersGoBeforeLiveSessionsWhenFull() {
        var table = SessionTable(timeToLive: 60, capacity: 2)
        table.insert(Self.session("old", ttl: 60), now: Self.start)
        table.insert(Self.session("live", at: Self.at(30), ttl: 60), now: Self.at(30))
        table.insert(Self.session("new", at: Self.at(70), ttl: 60), now: Self.at(70))
        #expect(table.session(id: "old", now: Self.at(70)) == .failure(.notFound))
        #expect((try? table.session(id: "live", now: Self.at(70)).get()) != nil)
        #expect((try? table.session(id: "new", now: Self.at(70)).get()) != nil)
    }

    @Test func memoryStaysBoundedUnderChurn() {
        var table = SessionTable(timeToLive: 10, capacity: 50)
        for step in 0..<5_000 {
            let now = Self.at(Int64(step))
            table.insert(Self.session("s\(step % 700)", at: now, ttl: 10), now: now)
            #expect(table.count <= 50)
        }
        // Sessions live 10 s and markers 10 s more: about 20 entries at a time.
        #expect(table.count <= 21)
    }

    @Test func closingForgetsTheSession() {
        var table = SessionTable()
        table.insert(Self.session("a"), now: Self.start)
        #expect(table.close(id: "a", now: Self.start) == .success(Self.session("a")))
        #expect(table.session(id: "a", now: Self.start) == .failure(.notFound))
        #expect(table.close(id: "a", now: Self.start) == .failure(.notFound))
    }

    @Test func updatesKeepTheIdAndTheLife() {
        var table = SessionTable(timeToLive: 60)
        table.insert(Self.session("a", ttl: 60), now: Self.start)
        let updated = table.update(id: "a", now: Self.at(10)) { session in
            session.clientSessionId = "other"
            session.expiresAt = Self.at(9_999)
            session.taxAmount = 7
        }
        #expect((try? updated.get())?.taxAmount == 7)
        #expect((try? updated.get())?.expiresAt == Self.at(60))
        #expect(table.session(id: "other", now: Self.at(10)) == .failure(.notFound))
        #expect(table.update(id: "a", now: Self.at(60)) { _ in } == .failure(.expired(at: Self.at(60))))
    }
}

/// Re-initialising or closing sessions behind an older live one must not grow the
/// table's queues without bound (found by the fault tests: a million re-inits of
/// one id behind another grew memory by 30 MB).
@Suite struct SessionTableMemoryTests {
    static let start = Timestamp(rfc3339: "2026-11-21T10:00:00Z")!

    static func session(_ id: String, life: Int64 = 3600, at created: Timestamp = start) -> Session {
        Session(clientSessionId: id, customerId: "cus", createdAt: created, expiresAt: created.adding(seconds: life),
                context: PaymentContext(amountOfMoney: AmountOfMoney(amount: 1, currencyCode: "EUR"), countryCode: "NL"))
    }

    @Test func reInitialisingOneIdBehindAnOlderSessionKeepsTheQueuesSmall() {
        var table = SessionTable(timeToLive: 3600, capacity: 1000)
        table.insert(Self.session("old"), now: Self.start)
        for _ in 0..<100_000 { table.insert(Self.session("again"), now: Self.start) }
        #expect(table.count == 2)
        #expect(table.queuedIdCount <= 2 * table.count + 64 + 1)
        #expect((try? table.session(id: "old", now: Self.start).get())?.clientSessionId == "old")
    }

    @Test func closingSessionsBehindAnOlderOneKeepsTheQueuesSmall() {
        var table = SessionTable(timeToLive: 3600, capacity: 1000)
        table.insert(Self.session("old"), now: Self.start)
        for index in 0..<50_000 {
            table.insert(Self.session("s\(index)"), now: Self.start)
            _ = table.close(id: "s\(index)", now: Self.start)
        }
        #expect(table.count == 1)
        #expect(table.queuedIdCount <= 2 * table.count + 64 + 1)
    }

    @Test func expiryOrderSurvivesACompaction() {
        var table = SessionTable(timeToLive: 60, capacity: 1000)
        table.insert(Self.session("first", life: 60), now: Self.start)
        let tenSecondsIn = Self.start.adding(seconds: 10)
        for _ in 0..<500 { table.insert(Self.session("second", life: 60, at: tenSecondsIn), now: tenSecondsIn) }
        let later = Self.start.adding(seconds: 65)
        #expect(table.session(id: "first", now: later) == .failure(.expired(at: Self.start.adding(seconds: 60))))
        #expect((try? table.session(id: "second", now: later).get()) != nil)
    }
}
