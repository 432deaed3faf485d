/// RFC 3339 date-time text ↔ seconds since the epoch, without Foundation's locale-aware formatters.
enum RFC3339 {
    static func format(_ seconds: Int64) -> String {
        let days = seconds.floorDivided(by: 86_400)
        let secondOfDay = Int(seconds - days * 86_400)
        let date = CivilDate(daysSinceEpoch: days)
        var text: [UInt8] = []
        text.reserveCapacity(20)
        appendDigits(date.year, 4, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(date.month, 2, to: &text)
        text.append(UInt8(ascii: "-"))
        appendDigits(date.day, 2, to: &text)
        text.append(UInt8(ascii: "T"))
        appendDigits(secondOfDay / 3600, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay / 60 % 60, 2, to: &text)
        text.append(UInt8(ascii: ":"))
        appendDigits(secondOfDay % 60, 2, to: &text)
        text.append(UInt8(ascii: "Z"))
        return String(decoding: text, as: UTF8.self)
    }

    /// `YYYY-MM-DD(T|t| )hh:mm:ss(.fraction)?(Z|z|±hh:mm)`.
    static func secondsSinceEpoch(parsing text: String) -> Int64? {
        let bytes = Array(text.utf8)
        var reader = DigitReader(bytes: bytes)
        guard let year = reader.number(digits: 4), reader.skip("-"),
              let month = reader.number(digits: 2), reader.skip("-"),
              let day = reader.number(digits: 2), reader.skip(anyOf: "Tt "),
              let hour = reader.number(digits: 2), reader.skip(":"),
              let minute = reader.number(digits: 2), reader.skip(":"),
              let second = reader.number(digits: 2)
        else { return nil }
        if reader.skip(".") {
            guard reader.skipDigits() > 0 else { return nil }
        }
        var offsetSeconds = 0
        if !reader.skip(anyOf: "Zz") {
            guard let sign = reader.next(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"),
                  let offsetHours = reader.number(digits: 2), reader.skip(":"),
                  let offsetMinutes = reader.number(digits: 2), offsetHours < 24, offsetMinutes < 60
            else { return nil }
            offsetSeconds = (offsetHours * 3600 + offsetMinutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
        }
        guard reader.atEnd, (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second <= 60
        else { return nil }
        let days = CivilDate(year: year, month: month, day: day).daysSinceEpoch
        return days * 86_400 + Int64(hour * 3600 + minute * 60 + min(second, 59) - offsetSeconds)
    }

    /// Appends `value` in decimal, zero-padded to at least `width` digits.
    private static func appendDigits(_ value: Int, _ width: Int, to text: inout [UInt8]) {
        if value < 0 { text.append(UInt8(ascii: "-")) }
        let digits = String(value.magnitude).utf8
        text.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, width - digits.count)))
        text.append(contentsOf: digits)
    }
}

/// A proleptic Gregorian date, converted with the days-from-civil algorithm.
struct CivilDate {
    let year: Int
    let month: Int
    let day: Int

    init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    init(daysSinceEpoch: Int64) {
        let shifted = daysSinceEpoch + 719_468
        let era = shifted.floorDivided(by: 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        day = Int(dayOfYear - (153 * shiftedMonth + 2) / 5 + 1)
        month = Int(shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9)
        year = Int(yearOfEra + era * 400) + (month <= 2 ? 1 : 0)
    }

    var daysSinceEpoch: Int64 {
        let adjustedYear = Int64(month <= 2 ? year - 1 : year)
        let era = adjustedYear.floorDivided(by: 400)
        let yearOfEra = adjustedYear - era * 400
        let shiftedMonth = Int64(month > 2 ? month - 3 : month + 9)
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + Int64(day) - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// A cursor over ASCII bytes for fixed-width numeric fields.
private struct DigitReader {
    let bytes: [UInt8]
    var position = 0

    var atEnd: Bool { position == bytes.count }

    mutating func next() -> UInt8? {
        guard position < bytes.count else { return nil }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func number(digits: Int) -> Int? {
        guard position + digits <= bytes.count else { return nil }
        var value = 0
        for byte in bytes[position..<position + digits] {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        position += digits
        return value
    }

    mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
        position += 1
        return true
    }

    mutating func skip(anyOf characters: String) -> Bool {
        guard position < bytes.count, characters.utf8.contains(bytes[position]) else { return false }
        position += 1
        return true
    }

    mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count, bytes[position] >= UInt8(ascii: "0"), bytes[position] <= UInt8(ascii: "9") {
            position += 1
        }
        return position - start
    }
}
