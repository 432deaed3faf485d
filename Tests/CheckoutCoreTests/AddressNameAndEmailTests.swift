import CheckoutCore
import Testing

/// The name and e-mail rules of API.md section 6, through `AddressValidation`.
@Suite("Address names and e-mails")
struct AddressNameAndEmailTests {
    static func nameIsAccepted(_ name: String?) -> Bool {
        let address = Address(name: name, zip: "75001", country: "FR")
        return AddressValidation.validate(billingDetails: address, shippingDetails: nil, email: nil,
                                          requirements: CheckoutRequirements(withEmail: false), locale: "en_US").isEmpty
    }

    static func emailErrors(_ email: String?, withEmail: Bool = true) -> [String] {
        summary(AddressValidation.validate(billingDetails: nil, shippingDetails: nil, email: email,
                                           requirements: CheckoutRequirements(withEmail: withEmail), locale: "en_US"))
    }

    // MARK: names

    @Test(arguments: [
        "Jane Doe", "  Jane Doe  ", "Jane  Doe", "Jean-Luc Picard", "Wile E. Coyote", "J. Doe", "Zoë Müller",
        "Иван Петров", "محمد علي", "Jane\tDoe", "Jane\u{A0}Doe",
        "山田 太郎", "山田\u{3000}太郎",                // with a space or an ideographic space
    ])
    func aFirstAndALastNameAreAccepted(_ name: String) {
        #expect(Self.nameIsAccepted(name))
    }

    @Test(arguments: [
        "王小明", "王", "李娜", "々木",                  // Han, with the iteration mark
        "やまだ", "ヤマダ", "ヤマダ・タロウ", "ｱﾏﾀﾞ",     // Hiragana, Katakana with its middle dot, half-width
        "김민준", "\u{1100}\u{1161}\u{11A8}",          // Hangul syllables and conjoining jamo
        "山田たろう", "𠮷野",                            // mixed Japanese scripts; a Han character beyond the BMP
    ])
    func aSingleWordInChineseJapaneseOrKoreanScriptIsAccepted(_ name: String) {
        #expect(Self.nameIsAccepted(name))
    }

    @Test(arguments: [
        "Jane", "  Jane  ", "Zoë", "Иван", "محمد", "Jane-Doe", "Jane.Doe", "Jane_Doe",
        "王Smith", "王。", "Ｊａｎｅ", "王1", "Jane\u{200B}Doe",   // a zero-width space is no space
        "", "   ", "\t",
    ])
    func aSingleWordInAnyOtherScriptIsRefused(_ name: String) {
        #expect(!Self.nameIsAccepted(name))
    }

    /// A card number typed into the name field (API.md 9.9), in any spelling.
    @Test(arguments: ["Jane 4111 1111 1111 1111", "4111111111111111 Doe", "Jane Doe-4242-4242-4242-4242",
                      "王 4000000000000002", "4111 1111 1111 1111"])
    func aNameHoldingACardNumberIsRefused(_ name: String) {
        #expect(!Self.nameIsAccepted(name))
    }

    @Test func aMissingNameIsANameError() {
        #expect(!Self.nameIsAccepted(nil))
        let errors = AddressValidation.validate(billingDetails: Address(zip: "75001", country: "FR"), shippingDetails: nil,
                                                email: nil, requirements: CheckoutRequirements(withEmail: false), locale: "en_US")
        #expect(summary(errors) == ["billingDetails.name:name"])
    }

    // MARK: e-mails

    /// Hand-checked against `[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,64}` as a whole.
    static let emails: [(String, Bool)] = [
        ("jane@example.com", true), ("JANE@EXAMPLE.COM", true), ("j@e.co", true),
        ("a.b_c%d+e-f@sub-domain.example.co.uk", true), ("1@2.ab", true),
        ("jane@example." + String(repeating: "a", count: 64), true),
        ("jane@example." + String(repeating: "a", count: 65), false),
        // What the pattern lets through: dots anywhere before the last one.
        (".jane.@example.com", true), ("jane@.example.com", true), ("jane@example..com", true), ("jane@-.com", true),
        // What it does not.
        ("jane@example", false), ("jane@example.c", false), ("jane@example.c0m", false), ("jane@example.com.", false),
        ("jane@.com", false), ("@example.com", false), ("jane@", false), ("jane", false), ("", false),
        ("jane@@example.com", false), ("ja@ne@example.com", false), ("jane doe@example.com", false),
        ("jane@exa mple.com", false), (" jane@example.com", false), ("jane@example.com ", false),
        ("jane!@example.com", false), ("jane@exa_mple.com", false), ("jane@exam+ple.com", false),
        ("josé@example.com", false), ("jane@exämple.com", false), ("用户@例子.中国", false), ("jane@example.ｃｏｍ", false),
        ("jane@example.com\n", false), ("jane@example.co\u{301}", false),
    ]

    @Test(arguments: emails)
    func anEmailMatchesThePatternAsAWhole(_ email: String, _ valid: Bool) {
        #expect(Self.emailErrors(email, withEmail: false) == (valid || email.isEmpty ? [] : ["email:email"]))
        #expect(Self.emailErrors(email, withEmail: true) == (valid ? [] : ["email:email"]))
    }

    /// The rule agrees with the pattern itself on every string of up to six
    /// characters (the shortest address the pattern takes, `a@b.cd`) over an alphabet
    /// that exercises each part of it.
    @Test func theRuleIsThePatternOnEveryShortString() throws {
        let pattern = try Regex("[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,64}")
        let alphabet: [Character] = ["a", "Z", "1", ".", "@", "-", "!"]
        var strings: [String] = [""]
        var disagreements: [String] = []
        var matched = 0
        for _ in 1...6 {
            strings = strings.flatMap { prefix in alphabet.map { prefix + String($0) } }
            for string in strings {
                let matches = (try? pattern.wholeMatch(in: string)) != nil
                if matches { matched += 1 }
                if matches != Self.emailErrors(string, withEmail: false).isEmpty { disagreements.append(string) }
            }
        }
        #expect(disagreements == [])
        // Only `x@y.tt` fits in six: 5 local characters × 5 domain characters × 4 letter pairs.
        #expect(matched == 100)
    }

    @Test func anEmailIsRequiredOnlyWithWithEmail() {
        #expect(Self.emailErrors(nil, withEmail: true) == ["email:email"])
        #expect(Self.emailErrors("", withEmail: true) == ["email:email"])
        #expect(Self.emailErrors(nil, withEmail: false) == [])
        #expect(Self.emailErrors("", withEmail: false) == [])
        #expect(Self.emailErrors(" ", withEmail: false) == ["email:email"])
    }
}
