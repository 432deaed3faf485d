// libFuzzer target: the mask engine (`Mask` parsing, `apply`, `remove`, `relaxed`).
//
// The input is text (invalid UTF-8 is replaced): the first line is the mask, the
// second the value, an optional third the cursor: a decimal integer as written
// (any Int, in range or not), or else its bytes read as digits and reduced into
// 0...the value's length in scalars; absent means the end. The invariants below
// follow from the formatting rules in Sources/CheckoutCore/Masks/MaskFormatting.swift.
import CheckoutCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMask(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    let parts = text.split(separator: "\n", maxSplits: 2, omittingEmptySubsequences: false).map(String.init)
    let maskText = parts[0]
    let value = parts.count > 1 ? parts[1] : ""
    let valueScalars = Array(value.unicodeScalars)
    let cursor = parts.count > 2 ? Int(parts[2]) ?? parts[2].utf8.reduce(0) { ($0 &* 10 &+ Int($1 % 10)) & 0xFFFF } % (valueScalars.count + 1) : nil

    let mask: Mask
    do {
        mask = try Mask(maskText)
    } catch {
        check((0..<maskText.unicodeScalars.count).contains(error.offset), "syntax error offset \(error.offset) outside the mask", text)
        _ = error.description
        return 0
    }
    let formatted = mask.apply(to: value, cursor: cursor)
    let output = Array(formatted.value.unicodeScalars)

    // The cursor stays within the formatted value.
    check((0...output.count).contains(formatted.cursor), "cursor \(formatted.cursor) outside 0...\(output.count)", text)
    // No cursor means the end of the value.
    if cursor == nil || cursor == valueScalars.count {
        check(mask.apply(to: value, cursor: nil) == mask.apply(to: value, cursor: valueScalars.count),
              "a nil cursor is not the end of the value", text)
    }
    // A caret past the end of the value is the end.
    if let cursor, cursor > valueScalars.count {
        check(formatted == mask.apply(to: value, cursor: valueScalars.count), "a caret past the end is not the end", text)
    }
    // The cursor moves monotonically with the caret it started from.
    if let cursor, cursor < valueScalars.count {
        let next = mask.apply(to: value, cursor: cursor + 1)
        check(next.value == formatted.value, "the formatted value depends on the cursor", text)
        check(next.cursor >= formatted.cursor, "cursor \(cursor + 1) lands before cursor \(cursor)", text)
    }
    // Every output character comes from the value or is a literal of the mask.
    let maskScalars = Set(maskText.unicodeScalars)
    let valueSet = Set(valueScalars)
    check(output.allSatisfy { valueSet.contains($0) || maskScalars.contains($0) },
          "output holds a character from neither the value nor the mask", text)
    // Formatting is idempotent: a formatted value is left as it is.
    check(Array(mask.apply(to: formatted.value).value.unicodeScalars) == output, "apply is not idempotent", text)

    // remove: at most `capacity` characters, taken in order from the value.
    let removed = Array(mask.remove(from: value).unicodeScalars)
    check(removed.count <= mask.capacity, "remove returned \(removed.count) > capacity \(mask.capacity)", text)
    check(isSubsequence(removed, of: valueScalars), "remove returned characters not taken in order from the value", text)
    check(Array(mask.remove(from: formatted.value).unicodeScalars) == removed,
          "remove(apply(x)) differs from remove(x)", text)

    // relaxed: same capacity, its text parses, and it leaves a formatted value as it is.
    let relaxed = mask.relaxed
    check(relaxed.capacity == mask.capacity, "the relaxed mask has another capacity", text)
    do {
        let reparsed = try Mask(relaxed.text)
        check(reparsed.capacity == mask.capacity, "the relaxed text parses to another capacity", text)
    } catch {
        check(false, "the relaxed text \(relaxed.text) does not parse: \(error)", text)
    }
    check(Array(relaxed.apply(to: formatted.value).value.unicodeScalars) == output,
          "the relaxed mask changes a formatted value", text)
    return 0
}

private func isSubsequence(_ needle: [Unicode.Scalar], of haystack: [Unicode.Scalar]) -> Bool {
    var index = haystack.startIndex
    for scalar in needle {
        guard let found = haystack[index...].firstIndex(of: scalar) else { return false }
        index = found + 1
    }
    return true
}

private func check(_ condition: Bool, _ message: @autoclosure () -> String, _ input: String) {
    if !condition { fatalError("\(message())\ninput: \(input.debugDescription)") }
}
