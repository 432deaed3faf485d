/// Where the core learns the current time; injected so every date rule is testable.
public protocol Clock: Sendable {
    func now() -> Timestamp
    /// The calendar month (UTC) it is now: the month expiry dates are judged
    /// against. By default `now().calendarMonth`; the service's clocks answer
    /// it without converting every instant to a date.
    func currentMonth() -> CalendarMonth
}

extension Clock {
    public func currentMonth() -> CalendarMonth { now().calendarMonth }
}

/// The operating system's wall clock.
public struct SystemClock: Clock {
    public init() {}

    public func now() -> Timestamp {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(secondsSinceEpoch: Int64(spec.tv_sec))
    }

    /// Reads the clock, and works out the month only on a day other than the last one asked about.
    public func currentMonth() -> CalendarMonth { Self.lastDay.month(of: now()) }

    private static let lastDay = DayMonthCache()
}

/// A clock stopped at one instant (`--clock`).
public struct FixedClock: Clock {
    public let instant: Timestamp
    private let month: CalendarMonth

    public init(_ instant: Timestamp) {
        self.instant = instant
        month = instant.calendarMonth
    }

    public func now() -> Timestamp { instant }

    public func currentMonth() -> CalendarMonth { month }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
