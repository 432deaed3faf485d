// libFuzzer target: expiry date parsing and validation (`ExpiryDate(_:currentMonth:)`,
// `ExpiryDateValidation.state`).
//
// The input is text (invalid UTF-8 is replaced): the first line is the expiry
// date as typed; an optional second line picks the current month (its bytes read
// as digits n: month n % 12 + 1 of year 1900 + (n / 12) % 300; absent: November
// 2026). The checks compare with a reading of the four forms written here from
// the rules in Sources/CheckoutCore/Cards/ExpiryDate*.swift.
import CheckoutCore

private let forms = ["MMYY", "MM/YY", "MMYYYY", "MM/YYYY"].map { Array($0.utf8) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzExpiry(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let value = parts[0]
    let current: CalendarMonth
    if parts.count > 1 {
        let n = parts[1].utf8.reduce(0) { ($0 &* 10 &+ Int($1 % 10)) & 0xFFFFF }
        current = CalendarMonth(year: 1900 + (n / 12) % 300, month: n % 12 + 1)
    } else {
        current = CalendarMonth(year: 2026, month: 11)
    }
    let window = ExpiryDateValidation.validMonths(from: current)
    check(window.lowerBound == current && window.upperBound == CalendarMonth(year: current.year + 25, month: 12),
          "the window is \(window)", text)

    let state = ExpiryDateValidation.state(of: value, currentMonth: current)
    check(state.errors.isEmpty == state.isValid, "errors \(state.errors) with state \(state.state)", text)
    check(state.errors.count == (state.isValid ? 0 : 1), "an expiry state has \(state.errors.count) errors", text)

    let characters = Array(value.utf8)
    let reference = referenceMonth(characters, current)
    let date = ExpiryDate(value, currentMonth: current)
    switch reference {
    case .month(let month):
        check(date?.month == month, "ExpiryDate is \(String(describing: date?.month)), not \(month)", text)
        check(state == (window.contains(month) ? .valid : .invalid(.expirationDate)), "\(state) for \(month)", text)
    case .badMonth:
        check(date == nil && state == .invalid(.format), "\(state), \(String(describing: date)) for month 00 or 13+", text)
    case .notComplete:
        check(date == nil, "ExpiryDate parsed an incomplete value as \(String(describing: date))", text)
        check(state.state != .valid, "an incomplete value is valid", text)
        if characters.isEmpty {
            check(state == .incomplete(.expirationDate), "the empty value is \(state)", text)
        } else if !forms.contains(where: { isPrefix(characters, of: $0) }) {
            check(state == .invalid(.format), "a value of no form is \(state)", text)
        } else if let canBecomeValid = someCompletionIsValid(characters, current) {
            check((state.state == .incomplete) == canBecomeValid, "\(state) but a valid completion exists: \(canBecomeValid)", text)
        }
    }
    if let date {
        let mmyy = date.mmyy
        check(mmyy.utf8.count == 4 && mmyy.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) },
              "mmyy is \(mmyy)", text)
        check(ExpiryDate(mmyy, currentMonth: current)?.month.month == date.month.month,
              "mmyy \(mmyy) does not parse back to its month", text)
        let twoDigitYears = (current.year + 25 - 99)...(current.year + 25)
        if twoDigitYears.contains(date.month.year) {
            check(ExpiryDate(mmyy, currentMonth: current) == date, "mmyy \(mmyy) does not round-trip", text)
        }
    }
    // A valid date's strict prefixes that are not complete dates themselves can all still become valid.
    if state.isValid {
        for length in 1..<characters.count {
            let prefix = Array(characters[..<length])
            if case .notComplete = referenceMonth(prefix, current) {
                let prefixState = ExpiryDateValidation.state(of: String(decoding: prefix, as: UTF8.self), currentMonth: current)
                check(prefixState == .incomplete(.expirationDate), "prefix of a valid date is \(prefixState)", text)
            }
        }
    }
    return 0
}

private enum Reading {
    case month(CalendarMonth)
    case badMonth
    case notComplete
}

private func isPrefix(_ characters: [UInt8], of form: [UInt8]) -> Bool {
    characters.count <= form.count && zip(characters, form).allSatisfy { character, slot in
        slot == UInt8(ascii: "/") ? character == slot : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(character)
    }
}

/// A two-digit year is the year ending in those digits among the 100 up to the current year + 25.
private func referenceMonth(_ characters: [UInt8], _ current: CalendarMonth) -> Reading {
    guard let form = forms.first(where: { $0.count == characters.count && isPrefix(characters, of: $0) }) else {
        return .notComplete
    }
    func number(_ slot: UInt8) -> Int {
        zip(characters, form).filter { $0.1 == slot }.reduce(0) { $0 * 10 + Int($1.0 - UInt8(ascii: "0")) }
    }
    let month = number(UInt8(ascii: "M"))
    let yearDigits = form.count(where: { $0 == UInt8(ascii: "Y") })
    guard (1...12).contains(month) else { return .badMonth }
    let typedYear = number(UInt8(ascii: "Y"))
    guard yearDigits == 2 else { return .month(CalendarMonth(year: typedYear, month: month)) }
    let year = ((current.year + 25 - 99)...(current.year + 25)).first { $0 % 100 == typedYear }!
    return .month(CalendarMonth(year: year, month: month))
}

/// Whether some completion of `characters` to a form is a valid date; nil when a
/// form leaves more than two digits to try.
private func someCompletionIsValid(_ characters: [UInt8], _ current: CalendarMonth) -> Bool? {
    var found = false, unknown = false
    for form in forms where form.count > characters.count && isPrefix(characters, of: form) {
        let rest = Array(form[characters.count...])
        let digitSlots = rest.count(where: { $0 != UInt8(ascii: "/") })
        guard digitSlots <= 2 else { unknown = true; continue }
        var power = 1
        for _ in 0..<digitSlots { power *= 10 }
        for fill in 0..<power {
            var remaining = fill
            var completion = characters
            for slot in rest {
                if slot == UInt8(ascii: "/") { completion.append(slot); continue }
                completion.append(UInt8(ascii: "0") + UInt8(remaining % 10))
                remaining /= 10
            }
            if ExpiryDateValidation.state(of: String(decoding: completion, as: UTF8.self), currentMonth: current).isValid {
                found = true
            }
        }
    }
    return found ? true : unknown ? nil : false
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String, _ input: String) {
    if !condition { fatalError("\(message())\ninput: \(input.debugDescription)") }
}
