/// An instant in UTC with one-second resolution, written as RFC 3339 (`2026-11-21T10:00:00Z`).
///
/// The core keeps its own small time type so that date rules (expiry windows,
/// session lifetimes) read the same on every platform and never depend on the
/// host's locale or time zone.
public struct Timestamp: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// Seconds since 1970-01-01T00:00:00Z.
    public let secondsSinceEpoch: Int64

    public init(secondsSinceEpoch: Int64) {
        self.secondsSinceEpoch = secondsSinceEpoch
    }

    /// 9999-12-31T23:59:59Z, the last instant RFC 3339 writes with its four-digit
    /// year: no timestamp checkoutd reports may come after it.
    public static let latest = Timestamp(secondsSinceEpoch: 253_402_300_799)

    /// Parses an RFC 3339 date-time (`T` or a space between date and time, any
    /// offset, fractional seconds truncated); nil when it is not one.
    public init?(rfc3339 text: String) {
        guard let seconds = RFC3339.secondsSinceEpoch(parsing: text) else { return nil }
        self.secondsSinceEpoch = seconds
    }

    /// The timestamp in RFC 3339 UTC, whole seconds: `2026-11-21T10:00:00Z`.
    public var rfc3339: String { RFC3339.format(secondsSinceEpoch) }

    public var description: String { rfc3339 }

    /// The calendar month (UTC) this instant falls in.
    public var calendarMonth: CalendarMonth {
        let civil = CivilDate(daysSinceEpoch: secondsSinceEpoch.floorDivided(by: 86_400))
        return CalendarMonth(year: civil.year, month: civil.month)
    }

    public func adding(seconds: Int64) -> Timestamp {
        Timestamp(secondsSinceEpoch: secondsSinceEpoch + seconds)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.secondsSinceEpoch < rhs.secondsSinceEpoch
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let timestamp = Timestamp(rfc3339: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not an RFC 3339 date-time")
        }
        self = timestamp
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rfc3339)
    }
}

/// A month of the Gregorian calendar, the granularity of card expiry dates.
public struct CalendarMonth: Sendable, Hashable, Comparable {
    public let year: Int
    /// 1 for January through 12 for December.
    public let month: Int

    public init(year: Int, month: Int) {
        self.year = year
        self.month = month
    }

    public static func < (lhs: CalendarMonth, rhs: CalendarMonth) -> Bool {
        (lhs.year, lhs.month) < (rhs.year, rhs.month)
    }
}

extension Int64 {
    func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor < 0) ? quotient - 1 : quotient
    }
}
