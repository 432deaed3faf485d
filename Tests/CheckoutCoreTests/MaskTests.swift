import CheckoutCore
import Testing

@Suite("Mask formatting")
struct MaskTests {
    struct Vector: Sendable, CustomTestStringConvertible {
        let value: String
        let mask: String
        let cursor: Int?
        let expected: String
        let expectedCursor: Int
        var testDescription: String { "\(value) with \(mask) at \(cursor.map(String.init) ?? "end")" }
    }

    static let fiveGroups = "{{99}} {{99}} {{99}} {{99}} {{99}}"
    static let card = "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"

    // The first three are the seed vectors of API.md section 8.
    static let vectors: [Vector] = [
        Vector(value: "1234567890", mask: fiveGroups, cursor: nil, expected: "12 34 56 78 90", expectedCursor: 14),
        Vector(value: "abcdefghij", mask: "{{aa}} {{aa}} {{aa}} {{aa}} {{aa}}", cursor: 10,
               expected: "ab cd ef gh ij", expectedCursor: 14),
        Vector(value: "12", mask: "{{99}}-{{99}}", cursor: 2, expected: "12-", expectedCursor: 3),
        // A literal already typed is consumed, not doubled; the cursor stays among the digits.
        Vector(value: "12 34", mask: fiveGroups, cursor: 5, expected: "12 34 ", expectedCursor: 6),
        Vector(value: "1234", mask: fiveGroups, cursor: 1, expected: "12 34 ", expectedCursor: 1),
        Vector(value: "1234", mask: fiveGroups, cursor: 3, expected: "12 34 ", expectedCursor: 5),
        // Characters a placeholder does not accept are dropped without moving the cursor back.
        Vector(value: "12-34", mask: "{{99}} {{99}}", cursor: 5, expected: "12 34", expectedCursor: 5),
        Vector(value: "12-34", mask: "{{99}} {{99}}", cursor: 2, expected: "12 34", expectedCursor: 3),
        Vector(value: "1x2", mask: "{{999}}", cursor: 3, expected: "12", expectedCursor: 2),
        // Input beyond the capacity is dropped; the cursor is clamped to the output.
        Vector(value: "123456", mask: "{{99}}/{{99}}", cursor: 6, expected: "12/34", expectedCursor: 5),
        // The seed StringFormatter example: 16 digits in the 19-digit card mask.
        Vector(value: "1234567890123456", mask: card, cursor: nil, expected: "1234 5678 9012 3456 ", expectedCursor: 20),
        Vector(value: "4111 1111 1111 1111", mask: card, cursor: 19, expected: "4111 1111 1111 1111 ", expectedCursor: 20),
        // Letters classes and the any-character placeholder.
        Vector(value: "abCD12", mask: "{{AA}}-{{aa}}", cursor: nil, expected: "CD-", expectedCursor: 3),
        Vector(value: "x!y", mask: "{{*}}.{{*}}.{{*}}", cursor: nil, expected: "x.!.y", expectedCursor: 5),
        // Input running out inside a literal run writes the rest of that run once.
        Vector(value: "12", mask: "{{99}} - {{99}}", cursor: 2, expected: "12 - ", expectedCursor: 5),
        Vector(value: "12 ", mask: "{{99}} - {{99}}", cursor: 3, expected: "12 - ", expectedCursor: 5),
        Vector(value: "", mask: "({{999}}) {{999}}", cursor: 0, expected: "(", expectedCursor: 1),
        Vector(value: "", mask: "{{99}}-{{99}}", cursor: 0, expected: "", expectedCursor: 0),
        // Non-ASCII input counts in Unicode scalars.
        Vector(value: "é1", mask: "{{*}}-{{9}}", cursor: 2, expected: "é-1", expectedCursor: 3),
    ]

    @Test(arguments: vectors)
    func applyFormatsAndMovesTheCursor(_ vector: Vector) throws {
        let result = try Mask(vector.mask).apply(to: vector.value, cursor: vector.cursor)
        #expect(result == MaskedValue(value: vector.expected, cursor: vector.expectedCursor))
    }

    @Test func removeKeepsOnlyPlaceholderCharacters() throws {
        let mask = try Mask(Self.fiveGroups)
        #expect(mask.remove(from: "12 34 56 78 90") == "1234567890")
        #expect(mask.remove(from: "1234567890") == "1234567890")
        #expect(mask.remove(from: "12 34 5") == "12345")
        #expect(try Mask("{{9999}}-{{aa}}").remove(from: "1234-ab") == "1234ab")
        #expect(try Mask(Self.card).remove(from: "4111 1111 1111 1111") == "4111111111111111")
    }

    @Test(arguments: [
        "1234567890", "12 34 56 78 90", "12 34 5", "9", "", "12--34", "abc 12 34 56 78 90 11",
    ])
    func removeOfApplyIsTheAcceptedInput(_ value: String) throws {
        let mask = try Mask(Self.fiveGroups)
        let formatted = mask.apply(to: value).value
        #expect(mask.remove(from: formatted) == mask.remove(from: value))
        #expect(mask.apply(to: formatted).value == formatted)
    }

    @Test func relaxedMaskAcceptsAnyCharacterInPlaceholders() throws {
        let relaxed = try Mask(Self.card).relaxed
        #expect(relaxed.text == "{{****}} {{****}} {{****}} {{****}} {{***}}")
        #expect(relaxed.apply(to: "411111XXXXXX1111").value == "4111 11XX XXXX 1111 ")
        #expect(relaxed.capacity == 19)
    }

    @Test(arguments: [
        ("{{9b}}", MaskSyntaxError(problem: .unknownPlaceholder("b"), offset: 3)),
        ("{{99", MaskSyntaxError(problem: .unclosedGroup, offset: 0)),
        ("99}}", MaskSyntaxError(problem: .unopenedGroup, offset: 2)),
        ("{{9{{9}}}}", MaskSyntaxError(problem: .nestedGroup, offset: 3)),
        ("a{{}}", MaskSyntaxError(problem: .emptyGroup, offset: 1)),
    ])
    func malformedMasksAreRejectedWithTheirOffset(_ text: String, _ expected: MaskSyntaxError) {
        #expect(throws: expected) { try Mask(text) }
    }

    // Found by the mask fuzzer (Fuzz/Corpus/mask/regression-caret-int-max*): a caret
    // near Int.max overflowed as it moved past an inserted literal or literal run.
    @Test(arguments: [("J", "9J"), ("{{99}}-{{99}}", "12"), ("({{999}}) {{999}}", "")])
    func aCaretPastTheEndIsTheEnd(_ text: String, _ value: String) throws {
        let mask = try Mask(text)
        let end = mask.apply(to: value, cursor: value.unicodeScalars.count)
        for caret in [value.unicodeScalars.count + 1, Int.max - 1, Int.max] {
            #expect(mask.apply(to: value, cursor: caret) == end)
        }
    }

    @Test func singleBracesOutsideGroupsAreLiterals() throws {
        let mask = try Mask("{x}{{9}}")
        #expect(mask.apply(to: "7").value == "{x}7")
        #expect(mask.capacity == 1)
    }

    /// Removing separators byte by byte (ASCII separators) and scalar by scalar
    /// (any other) gives what filtering the scalars gives, for values mixing
    /// separators, letters, digits, multi-byte characters and control characters.
    @Test(arguments: ["{{9999}} {{9999}} {{9999}} {{9999}} {{999}}", "{{99}}/{{99}}", "{{99}}-{{99}}.{{99}}_{{99}}",
                      "{{99}}·{{99}}", "{{99}} – {{99}}", "{{99}}\u{7f}{{99}}", "{{9999}}"])
    func removingSeparatorsKeepsEverythingElse(_ text: String) throws {
        let mask = try Mask(text)
        let values = ["", "4111 1111 1111 1111", "12/30", "1 2-3.4_5/6", "12·34 – 56", "é / ü", "a\u{7f}b", " ", "😀 😀",
                      "\u{0}\t\n", "no separators at all"]
        for value in values {
            let expected = String(String.UnicodeScalarView(value.unicodeScalars.filter { !mask.separators.contains($0) }))
            #expect(mask.removingSeparators(from: value) == expected, "\(value) with \(text)")
        }
    }
}
