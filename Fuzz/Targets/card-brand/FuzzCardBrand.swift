// libFuzzer target: card brand detection, card number validation and formatting
// (`CardBrandTable.standard.brand(ofCardNumber:)`, `CardNumberValidation.state`,
// `CardNumberFormatting.format`).
//
// The input is text (invalid UTF-8 is replaced): the first line is the card
// number as typed, an optional second line the cursor (a decimal integer as
// written, in range or not, or else its bytes read as digits and reduced into
// 0...the number's length in scalars; absent means the end), an optional third
// line the accepted brand codes, comma-separated (absent: all).
import CheckoutCore

private let table = CardBrandTable.standard

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCardBrand(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    let pan = parts[0]
    let scalars = Array(pan.unicodeScalars)
    let cursor = parts.count > 1 ? Int(parts[1]) ?? parts[1].utf8.reduce(0) { ($0 &* 10 &+ Int($1 % 10)) & 0xFFFF } % (scalars.count + 1) : nil
    let accepted = parts.count > 2 ? AcceptedBrands(codes: parts[2].split(separator: ",").map(String.init)) : .all

    let isTypedNumber = pan.utf8.allSatisfy { $0 == UInt8(ascii: " ") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    let typedDigits = pan.utf8.filter { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    let digitText = String(decoding: typedDigits, as: UTF8.self)

    // Detection: only numbers of digits and spaces have a brand, spaces do not matter.
    let brand = table.brand(ofCardNumber: pan)
    if brand != nil { check(isTypedNumber && !typedDigits.isEmpty, "a brand for a number with other characters", text) }
    if isTypedNumber { check(brand == table.brand(ofCardNumber: digitText), "spaces change the brand", text) }

    // Validation: errors are empty exactly when valid, without repeats; the verdict follows the brand's rules.
    let state = CardNumberValidation.state(of: pan, acceptedBrands: accepted)
    check(state.errors.isEmpty == state.isValid, "errors \(state.errors) with state \(state.state)", text)
    check(Set(state.errors).count == state.errors.count, "repeated errors \(state.errors)", text)
    if !isTypedNumber {
        check(state == .invalid(.format), "a number with other characters is \(state)", text)
    } else {
        let lengths = brand?.panLengths ?? Array(12...19) // an unrecognised number: 12-19 digits
        let numberIsValid = lengths.contains(typedDigits.count)
            && (!(brand?.requiresLuhn ?? true) || Luhn.isValid(digitText))
        let brandIsAccepted = brand.map(accepted.accepts) ?? true
        check(state.isValid == (numberIsValid && brandIsAccepted), "\(state) for a number that is valid: \(numberIsValid), accepted: \(brandIsAccepted)", text)
        let tooLong = typedDigits.count > lengths.last!
        if tooLong { check(state.state == .invalid && state.errors.contains(.length), "\(state) for too many digits", text) }
        if state.errors.contains(.length) {
            check((state.state == .invalid) == tooLong, "\(state) for \(typedDigits.count) digits", text)
        }
        if accepted == .all { check(!state.errors.contains(.allowedInContext), "a brand refused where all are accepted", text) }
        if let brand, !accepted.accepts(brand) {
            // Refused now: incomplete exactly when more digits can still give an accepted brand.
            let canBecomeAccepted = someContinuationIsAccepted(digitText, accepted)
            if !canBecomeAccepted {
                check(state.state == .invalid && state.errors.contains(.allowedInContext), "\(state) but no continuation is accepted", text)
            } else if state.errors.contains(.allowedInContext) {
                check(state.state == .incomplete, "\(state) but a continuation is accepted", text)
            }
        }
    }

    // Formatting: digits and single spaces, the number's digits up to the longest length, the cursor after the same digits.
    let formatted = CardNumberFormatting.format(pan: pan, cursor: cursor)
    let output = Array(formatted.formatted.unicodeScalars)
    let kept = typedDigits.prefix(formatted.cardBrand?.longestPanLength ?? CardNumberFormatting.unrecognisedLongestPanLength)
    check(formatted.cardBrand == table.brand(ofCardNumber: digitText), "format found another brand", text)
    check(output.allSatisfy { $0 == " " || ("0"..."9").contains($0) }, "formatted holds other characters", text)
    check(output.first != " " && output.last != " ", "formatted starts or ends with a space", text)
    check(!formatted.formatted.contains("  "), "formatted holds two spaces in a row", text)
    check(Array(formatted.formatted.utf8.filter { $0 != UInt8(ascii: " ") }) == Array(kept),
          "formatted digits are not the number's first \(kept.count) digits", text)
    check((0...output.count).contains(formatted.cursor), "cursor \(formatted.cursor) outside 0...\(output.count)", text)
    let caret = min(max(cursor ?? scalars.count, 0), scalars.count) // out of range is the nearest end
    let digitsBeforeCaret = min(scalars[..<caret].count { ("0"..."9").contains($0) }, kept.count)
    check(output[..<formatted.cursor].count { ("0"..."9").contains($0) } == digitsBeforeCaret,
          "the cursor does not follow the same \(digitsBeforeCaret) digits", text)
    check(formatted.cursor == 0 || output[formatted.cursor - 1] != " ", "the cursor sits after a space", text)
    if cursor == nil { check(formatted.cursor == output.count, "no cursor did not give the end", text) }
    let again = CardNumberFormatting.format(pan: formatted.formatted)
    check(again.formatted == formatted.formatted && again.cardBrand == formatted.cardBrand, "format is not idempotent", text)
    return 0
}

/// Every prefix entry's bounds as digit strings, e.g. ("500000", "506698").
private let entryBounds: [(lower: String, upper: String)] = table.entries.flatMap(\.prefixes).map { prefix in
    let bounds = prefix.description.split(separator: "-").map(String.init)
    return (bounds[0], bounds[bounds.count - 1])
}
private let longestPrefix = entryBounds.map(\.lower.count).max() ?? 0

/// Whether some number that starts with `digits` (and is longer) has a brand `accepted`
/// accepts. At each length the brand can only change where an entry's range starts or
/// ends, so one number per stretch between those bounds is tried; past the longest
/// prefix further digits change nothing.
private func someContinuationIsAccepted(_ digits: String, _ accepted: AcceptedBrands) -> Bool {
    guard digits.utf8.count < longestPrefix else { return false }
    for length in (digits.utf8.count + 1)...longestPrefix {
        var candidates: Set<String> = [digits.padding(to: length, with: "0")]
        for (lower, upper) in entryBounds where lower.utf8.count <= length {
            candidates.insert(lower.padding(to: length, with: "0"))
            if let next = incremented(upper.padding(to: length, with: "9")) { candidates.insert(next) }
        }
        for candidate in candidates where candidate.hasPrefix(digits) {
            if let brand = table.brand(ofCardNumber: candidate), accepted.accepts(brand) { return true }
        }
    }
    return false
}

/// The decimal digit string one greater, of the same length; nil past all nines.
private func incremented(_ digits: String) -> String? {
    var bytes = Array(digits.utf8)
    for index in bytes.indices.reversed() {
        if bytes[index] < UInt8(ascii: "9") { bytes[index] += 1; return String(decoding: bytes, as: UTF8.self) }
        bytes[index] = UInt8(ascii: "0")
    }
    return nil
}

extension String {
    fileprivate func padding(to length: Int, with digit: Character) -> String {
        self + String(repeating: digit, count: Swift.max(0, length - utf8.count))
    }
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String, _ input: String) {
    if !condition { fatalError("\(message())\ninput: \(input.debugDescription)") }
}
