import Synchronization

/// The calendar month of the last day a clock was asked about, so that a clock
/// read for every `card.validate` converts its instant to a date once a day
/// instead of every time (`CivilDate` took a hundred instructions a request).
/// Shared by threads: the day and its month are one word, read and written whole.
final class DayMonthCache: Sendable {
    /// The last day's number plus `dayOffset`, shifted past the year and the
    /// month; 20 bits of year; 4 bits of month (1–12). Zero before the first
    /// day is kept, and no day kept packs to zero.
    private let last = Atomic<UInt64>(0)

    private static let dayOffset: Int64 = 1 << 39
    private static let yearLimit = 1 << 20

    /// `instant.calendarMonth`, from the last day's when `instant` falls on it.
    func month(of instant: Timestamp) -> CalendarMonth {
        let day = instant.secondsSinceEpoch.floorDivided(by: 86_400)
        let packed = last.load(ordering: .relaxed)
        if packed != 0, packed >> 24 == UInt64(truncatingIfNeeded: day &+ Self.dayOffset) {
            return CalendarMonth(year: Int(packed >> 4 & 0xF_FFFF), month: Int(packed & 0xF))
        }
        let month = instant.calendarMonth
        if (1 ..< 2 * Self.dayOffset).contains(day &+ Self.dayOffset), (0 ..< Self.yearLimit).contains(month.year) {
            last.store(UInt64(day &+ Self.dayOffset) << 24 | UInt64(month.year) << 4 | UInt64(month.month),
                       ordering: .relaxed)
        }
        return month
    }
}
