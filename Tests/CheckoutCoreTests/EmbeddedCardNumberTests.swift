import CheckoutCore
import Testing

/// Card numbers in texts that are not card number fields: found in every spelling
/// the API names, masked first 6 / last 4, and not found where there is none.
@Suite("Card numbers embedded in text")
struct EmbeddedCardNumberTests {
    /// `reference/payment-test-cards.md`, copied as facts.
    static let paymentTestCards = [
        "4000000000000002", "4000000000009995", "4000000000009987", "4000000000009979",
        "4000000000000069", "4000000000000127", "4000000000000119", "4100000000000019",
    ]

    /// Every test card number the reference tables name (brands and IINs, 3-D Secure, payments).
    static let referenceCardNumbers: [String] = {
        let all = IINReference.rows.map(\.testNumber) + ThreeDSReference.frictionless.map(\.cardNumber)
            + ThreeDSReference.challenges.map(\.cardNumber) + paymentTestCards
        var seen = Set<String>()
        return all.filter { seen.insert($0).inserted }
    }()

    /// The number written plain, in groups of four joined by spaces, and by hyphens.
    static func spellings(_ number: String) -> [String] {
        let groups = stride(from: 0, to: number.count, by: 4).map { start in
            String(number.dropFirst(start).prefix(4))
        }
        return [number, groups.joined(separator: " "), groups.joined(separator: "-")]
    }

    /// The number masked as `spelling` writes it: digits 7 to length − 4 become `X`.
    static func masked(_ spelling: String, digitCount: Int) -> String {
        var digit = 0
        return String(spelling.map { character -> Character in
            guard character.isASCII, character.isNumber else { return character }
            defer { digit += 1 }
            return digit >= 6 && digit < digitCount - 4 ? "X" : character
        })
    }

    @Test(arguments: referenceCardNumbers)
    func findsEveryReferenceNumberInEverySpellingAndPlace(_ number: String) {
        for spelling in Self.spellings(number) {
            for (before, after) in [("", ""), ("cus_", ""), ("", "x"), ("Wile E. Coyote ", " ACME"), ("/values/", "")] {
                let text = before + spelling + after
                let found = EmbeddedCardNumber.all(in: text)
                #expect(found.count == 1, "\(text)")
                #expect(found.first?.digitCount == number.count)
                #expect(found.first?.utf8Range == before.utf8.count..<(before.utf8.count + spelling.utf8.count))
                #expect(EmbeddedCardNumber.isPresent(in: text))
                let masked = EmbeddedCardNumber.masking(in: text)
                #expect(masked == before + Self.masked(spelling, digitCount: number.count) + after)
                #expect(!masked.filter(\.isNumber).contains(number), "\(masked) still holds the number")
            }
        }
    }

    @Test(arguments: [
        ("4111111111111111", "411111XXXXXX1111"),
        ("4111 1111 1111 1111", "4111 11XX XXXX 1111"),
        ("4111-1111-1111-1111", "4111-11XX-XXXX-1111"),
        ("4111_1111_1111_1111", "4111_11XX_XXXX_1111"),
        ("378282246310005", "378282XXXXX0005"),
        ("3782 822463 10005", "3782 82XXXX X0005"),
        ("4000000000000000006", "400000XXXXXXXXX0006"),
        // The shortest: 12 digits, two of them hidden.
        ("100000000008", "100000XX0008"),
        // Leading zeros are not part of the number, however many there are.
        ("04111111111111111", "0411111XXXXXX1111"), ("0000000004111111111111111", "000000000411111XXXXXX1111"),
        ("00-4111-1111-1111-1111", "00-4111-11XX-XXXX-1111"),
    ])
    func masksAllButTheFirstSixAndLastFourDigits(_ text: String, _ expected: String) {
        #expect(EmbeddedCardNumber.masking(in: text) == expected)
    }

    @Test func masksEachOfSeveralNumbersAndLeavesTheRest() {
        let text = #"unknown member "4242424242424242" and "5555 5555 5555 4444", id 12345"#
        #expect(EmbeddedCardNumber.masking(in: text)
            == #"unknown member "424242XXXXXX4242" and "5555 55XX XXXX 4444", id 12345"#)
    }

    /// A number typed together with what follows it is still found: the groups
    /// before the CVC make a card number, the 19 digits with it do not.
    @Test func findsANumberFollowedByMoreDigitGroups() {
        let found = EmbeddedCardNumber.all(in: "4111 1111 1111 1111 123")
        #expect(found.map(\.digitCount) == [16])
        #expect(EmbeddedCardNumber.masking(in: "4111 1111 1111 1111 123") == "4111 11XX XXXX 1111 123")
        #expect(EmbeddedCardNumber.masking(in: "order 12 4111-1111-1111-1111") == "order 12 4111-11XX-XXXX-1111")
    }

    @Test(arguments: [
        // Luhn fails.
        "4111111111111112", "4111 1111 1111 1112", "cus_4242424242424241",
        // Too short or too long, and a part of a longer plain run is not a run of its own.
        "41111111119", "4111111111111111000000", "14111111111111111",
        // Not joined by a single space, hyphen or underscore.
        "4111/1111/1111/1111", "4111.1111.1111.1111", "4111  1111  1111  1111", "4111 - 1111 - 1111 - 1111",
        // Other digits than ASCII ones.
        "４１１１１１１１１１１１１１１１", "٤١١١١١١١١١١١١١١١",
        // Ordinary texts.
        "", "cs_nl", "2026-11-21T10:00:00Z", "must be 1-64 characters of A-Z, a-z, 0-9, _ and -",
        "tok_1d8da5b660d3e15e3966b07b0b750dde", "4e52de86-5c3a-4473-97b1-db3db131e082",
        // Zeros are no card number: the nil UUID, zero-padded ids (no card number starts with 0).
        "00000000-0000-4000-8000-000000000000", "000000000000", "0000 0000 0000 0000", "cus_000000000000000",
        "000000000042", "0000-0000-0000-0000-0000",
    ])
    func findsNothingWhereThereIsNoCardNumber(_ text: String) {
        #expect(EmbeddedCardNumber.all(in: text).isEmpty)
        #expect(!EmbeddedCardNumber.isPresent(in: text))
        #expect(EmbeddedCardNumber.masking(in: text) == text)
    }

    @Test func leavesOtherTextAsItIs() {
        let text = "Zoë 4111 1111 1111 1111 李 🙂"
        #expect(EmbeddedCardNumber.masking(in: text) == "Zoë 4111 11XX XXXX 1111 李 🙂")
    }
}
