import CheckoutCore
import Testing

@Suite("Timestamps")
struct TimestampTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", Int64(0)),
        ("2026-11-21T10:00:00Z", Int64(1_795_255_200)),
        ("2000-02-29T23:59:59Z", Int64(951_868_799)),
        ("1969-12-31T23:59:59Z", Int64(-1)),
        ("2026-11-21T11:00:00+01:00", Int64(1_795_255_200)),
        ("2026-11-21t10:00:00.999z", Int64(1_795_255_200)),
        ("2026-11-21 05:30:00-04:30", Int64(1_795_255_200)),
    ])
    func parsesRFC3339(_ text: String, _ seconds: Int64) {
        #expect(Timestamp(rfc3339: text)?.secondsSinceEpoch == seconds)
    }

    @Test(arguments: [
        "2026-11-21", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-11-21T24:00:00Z",
        "2026-11-21T10:00:00", "2026-11-21T10:00:00+0100", "2026-11-21T10:00:00.Z", "x", "",
    ])
    func rejectsWhatIsNotRFC3339(_ text: String) {
        #expect(Timestamp(rfc3339: text) == nil)
    }

    @Test(arguments: ["1970-01-01T00:00:00Z", "2026-11-21T10:00:00Z", "2000-02-29T23:59:59Z", "2400-12-31T12:34:56Z"])
    func formatsUTCRoundTrip(_ text: String) {
        #expect(Timestamp(rfc3339: text)?.rfc3339 == text)
    }

    @Test func knowsItsCalendarMonth() {
        #expect(Timestamp(rfc3339: "2026-11-30T23:59:59Z")?.calendarMonth == CalendarMonth(year: 2026, month: 11))
        #expect(Timestamp(rfc3339: "2026-12-01T00:00:00Z")?.calendarMonth == CalendarMonth(year: 2026, month: 12))
    }
}
