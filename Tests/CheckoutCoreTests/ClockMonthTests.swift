@testable import CheckoutCore
import Testing

@Suite("The month a clock is in")
struct ClockMonthTests {
    /// Instants on both sides of month and year ends, a leap day, the epoch,
    /// before it, and far ahead.
    static let instants: [Int64] = [
        "2026-11-30T23:59:59Z", "2026-12-01T00:00:00Z", "2026-12-31T23:59:59Z", "2027-01-01T00:00:00Z",
        "2028-02-29T12:00:00Z", "2028-03-01T00:00:00Z", "1970-01-01T00:00:00Z", "1969-12-31T23:59:59Z",
        "1900-03-01T00:00:00Z", "9999-12-31T23:59:59Z",
    ].map { Timestamp(rfc3339: $0)!.secondsSinceEpoch } + [Int64(86_400) * 400_000_000, -Int64(86_400) * 400_000_000]

    @Test(arguments: instants)
    func aFixedClockIsInItsInstantsMonth(_ seconds: Int64) {
        let instant = Timestamp(secondsSinceEpoch: seconds)
        #expect(FixedClock(instant).currentMonth() == instant.calendarMonth)
    }

    @Test func theSystemClockIsInTheMonthOfItsInstant() {
        let clock = SystemClock()
        let before = clock.now()
        let month = clock.currentMonth()
        let after = clock.now()
        #expect([before.calendarMonth, after.calendarMonth].contains(month))
        #expect(clock.currentMonth() >= month)
    }

    /// A clock of its own that gives only `now()` is in that instant's month.
    @Test func anyOtherClockIsInTheMonthOfItsNow() {
        struct Stopped: Clock {
            func now() -> Timestamp { Timestamp(secondsSinceEpoch: 1_795_255_200) }
        }
        #expect(Stopped().currentMonth() == CalendarMonth(year: 2026, month: 11))
    }
}
