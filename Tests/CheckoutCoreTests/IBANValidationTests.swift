import CheckoutCore
import Testing

@Suite("IBAN validation")
struct IBANValidationTests {
    // Public examples, most of them from the SWIFT IBAN registry.
    static let examples = [
        "GB82WEST12345698765432", "NL91ABNA0417164300", "DE89370400440532013000", "BE68539007547034",
        "FR1420041010050500013M02606", "CH9300762011623852957", "AT611904300234573201",
        "ES9121000418450200051332", "IT60X0542811101000000123456", "NO9386011117947",
        "MT84MALT011000012345MTLCAST001S", "LC55HEMM000100010012001200023015", "IE29AIBK93115212345678",
        "PT50000201231234567890154", "LU280019400644750000", "FI2112345600000785",
        "SE4550000000058398257466", "DK5000400440116243", "PL61109010140000071219812874",
    ]

    @Test(arguments: examples)
    func acceptsPublicExamples(_ iban: String) {
        #expect(IBANRule.accepts(iban))
    }

    @Test(arguments: ["gb82 west 1234 5698 7654 32", "nl91abna0417164300", " NL91 ABNA 0417 1643 00 ",
                      "Fr14 2004 1010 0505 0001 3m02 606", "BE68  5390  0754  7034"])
    func removesSpacesAndUpperCasesFirst(_ iban: String) {
        #expect(IBANRule.accepts(iban))
    }

    @Test(arguments: examples)
    func rejectsEverySingleDigitChange(_ iban: String) {
        let characters = Array(iban)
        for (index, character) in characters.enumerated() where index >= 2 {
            guard let digit = character.wholeNumberValue else { continue }
            var changed = characters
            changed[index] = Character(String((digit + 1) % 10))
            #expect(!IBANRule.accepts(String(changed)), "\(String(changed))")
        }
    }

    @Test(arguments: ["GB82WEST12345698765431", "NL91ABNA0417164301", "DE89370400440532013001",
                      "BE68539007547035", "FR1420041010050500013M02607", "GB28WEST12345698765432"])
    func rejectsTheBriefsNearMisses(_ iban: String) {
        #expect(!IBANRule.accepts(iban))
    }

    // Check digits computed for these lengths, so only the registered length rejects them.
    @Test(arguments: ["NL58ABNA041716430", "NL33ABNA04171643000", "DE863704004405320130", "GB88WEST1234569876543"])
    func rejectsAWrongLengthForTheCountry(_ iban: String) {
        #expect(!IBANRule.accepts(iban))
    }

    @Test func judgesACountryOutsideTheRegistryByStructureAndCheckDigits() {
        #expect(IBANRule.registeredLengths["ZZ"] == nil)
        #expect(IBANRule.accepts("ZZ66ABCD1234567"))
        #expect(!IBANRule.accepts("ZZ67ABCD1234567"))
    }

    @Test(arguments: [
        "", "NL", "NL91", "NL91ABNA04", "NL9XABNA0417164300", "1291ABNA0417164300", "N191ABNA0417164300",
        "NL91ABNA041716430!", "NL91-ABNA-0417-1643-00", "NL91\tABNA0417164300", "NL91ÄBNA0417164300",
        "ＮＬ91ABNA0417164300", "ZZ00" + String(repeating: "1", count: 31),
    ])
    func rejectsWhatIsNotShapedLikeAnIBAN(_ text: String) {
        #expect(!IBANRule.accepts(text))
    }

    @Test func registryHoldsTheSEPALengths() {
        let sepa = ["NL": 18, "DE": 22, "BE": 16, "FR": 27, "GB": 22, "ES": 24, "IT": 27, "AT": 20, "CH": 21,
                    "LU": 20, "IE": 22, "PT": 25, "FI": 18, "NO": 15, "SE": 24, "DK": 18, "PL": 28, "MT": 31]
        for (country, length) in sepa {
            #expect(IBANRule.registeredLengths[country] == length, "\(country)")
        }
        for (country, length) in IBANRule.registeredLengths {
            #expect(country.utf8.count == 2 && country.allSatisfy { $0.isASCII && $0.isUppercase })
            #expect((15...34).contains(length), "\(country)")
        }
    }
}
