/// Where the core learns the current time; injected so every date rule is testable.
public protocol Clock: Sendable {
    func now() -> Timestamp
    /// The calendar month (UTC) it is now: the month expiry dates are judged against.
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
}

/// A clock stopped at one instant (`--clock`).
public struct FixedClock: Clock {
    public let instant: Timestamp

    public init(_ instant: Timestamp) {
        self.instant = instant
    }

    public func now() -> Timestamp { instant }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
