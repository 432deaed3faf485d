import CheckoutCore
import Testing

/// `AddressValidation` against the reference tables and the requirement combinations
/// of API.md section 6.
@Suite("Address validation")
struct AddressValidationTests {
    static let noEmail = CheckoutRequirements(withEmail: false)
    static let fullBilling = CheckoutRequirements(withEmail: false, fullBilling: true)
    static let withShipping = CheckoutRequirements(withEmail: false, withShipping: true)

    /// A complete address in `country`, with `state` when given.
    static func complete(_ country: String, state: String? = nil, zip: String? = "12345") -> Address {
        Address(name: "Jane Doe", address: "1 Main Street", city: "Springfield", zip: zip, country: country, state: state)
    }

    static func billing(_ address: Address?, _ requirements: CheckoutRequirements = noEmail) -> [String] {
        summary(AddressValidation.validate(billingDetails: address, shippingDetails: nil, email: nil,
                                           requirements: requirements, locale: "en_US"))
    }

    static func shipping(_ address: Address?, _ requirements: CheckoutRequirements = noEmail) -> [String] {
        summary(AddressValidation.validate(billingDetails: nil, shippingDetails: address, email: nil,
                                           requirements: requirements, locale: "en_US"))
    }

    // MARK: states

    @Test(arguments: AddressReference.stateRows)
    func everyStateOfTheReferenceIsAccepted(_ row: AddressReference.StateRow) {
        for requirements in [Self.noEmail, Self.fullBilling] {
            #expect(Self.billing(Self.complete(row.country, state: row.state), requirements) == [])
        }
        #expect(Self.shipping(Self.complete(row.country, state: row.state)) == [])
        // BlueSnap sends codes in lower case.
        #expect(Self.shipping(Self.complete(row.country.lowercased(), state: row.state.lowercased())) == [])
        #expect(Self.shipping(Self.complete(row.country, state: " \(row.state) ")) == [])
    }

    @Test(arguments: AddressReference.foreignStateRows)
    func aStateOfAnotherCountryIsRefused(_ row: AddressReference.StateRow) {
        #expect(Self.billing(Self.complete(row.country, state: row.state)) == ["billingDetails.state:state"])
        #expect(Self.shipping(Self.complete(row.country, state: row.state)) == ["shippingDetails.state:state"])
    }

    @Test(arguments: ["US", "CA", "BR"], ["XX", "N Y", "NYC", "N", "Ontario", "ＮＹ", "-", "0"])
    func aStateThatIsNoCodeIsRefused(_ country: String, _ state: String) {
        #expect(Self.shipping(Self.complete(country, state: state)) == ["shippingDetails.state:state"])
    }

    @Test(arguments: ["US", "CA", "BR"])
    func theStateIsRequiredWhereTheWholeAddressIs(_ country: String) {
        for missing in [nil, "", "  "] as [String?] {
            #expect(Self.shipping(Self.complete(country, state: missing)) == ["shippingDetails.state:state"])
            #expect(Self.billing(Self.complete(country, state: missing), Self.fullBilling) == ["billingDetails.state:state"])
            #expect(Self.billing(Self.complete(country, state: missing)) == [])
        }
    }

    @Test(arguments: ["FR", "GB", "DE", "JP", "MX", "AU", "AE"])
    func countriesWithoutStatesTakeNone(_ country: String) {
        #expect(Self.shipping(Self.complete(country)) == [])
        #expect(Self.shipping(Self.complete(country, state: " ")) == [])
        #expect(Self.billing(Self.complete(country), Self.fullBilling) == [])
        for state in ["NY", "IDF", "ON", "x"] {
            #expect(Self.shipping(Self.complete(country, state: state)) == ["shippingDetails.state:state"])
            #expect(Self.billing(Self.complete(country, state: state)) == ["billingDetails.state:state"])
        }
    }

    @Test func theStateIsNotJudgedWithoutAKnownCountry() {
        #expect(Self.shipping(Self.complete("ZZ", state: "NY")) == ["shippingDetails.country:country"])
        #expect(Self.shipping(Self.complete("ZZ")) == ["shippingDetails.country:country"])
        #expect(Self.shipping(Self.complete("", state: "whatever")) == ["shippingDetails.country:country"])
    }

    // MARK: postal codes

    @Test(arguments: AddressReference.countriesWithoutPostalCode)
    func countriesWithoutPostalCodesNeedNoZip(_ country: String) {
        // The reference keeps three codes that ISO 3166-1 does not assign: they still fail the country rule.
        let expected = AddressReference.unassignedCountriesWithoutPostalCode.contains(country) ? ["country"] : []
        for zip in [nil, "", "1", "whatever it is"] as [String?] {
            #expect(Self.billing(Self.complete(country, zip: zip), Self.fullBilling)
                    == expected.map { "billingDetails.\($0):\($0)" })
            #expect(Self.shipping(Self.complete(country.lowercased(), zip: zip))
                    == expected.map { "shippingDetails.\($0):\($0)" })
        }
    }

    @Test(arguments: AddressReference.assignedCountryCodes.filter {
        !AddressReference.countriesWithoutPostalCode.contains($0)
    })
    func everyOtherCountryNeedsAZipOfThreeCharacters(_ country: String) {
        let state = AddressReference.states.first { $0.country == country }?.codes.first
        #expect(Self.billing(Self.complete(country, state: state, zip: nil)) == ["billingDetails.zip:zip"])
        #expect(Self.shipping(Self.complete(country, state: state, zip: "12")) == ["shippingDetails.zip:zip"])
        #expect(Self.shipping(Self.complete(country, state: state, zip: "123")) == [])
    }

    @Test(arguments: [
        ("123", true), ("SW1A 1AA", true), ("1234567890", true), (" 123 ", true), ("A1B", true),
        ("12", false), (" 12 ", false), ("1 2", true), ("", false), ("   ", false), ("\t\n", false),
    ])
    func aZipHasAtLeastThreeCharactersBesidesOuterWhitespace(_ zip: String, _ valid: Bool) {
        #expect(Self.billing(Self.complete("GB", zip: zip)) == (valid ? [] : ["billingDetails.zip:zip"]))
    }

    @Test func aZipIsRequiredWhenTheCountryIsUnknown() {
        #expect(Self.billing(Address(name: "Jane Doe", zip: nil, country: "XK"))
                == ["billingDetails.zip:zip", "billingDetails.country:country"])
    }

    // MARK: countries

    static let allTwoLetterCodes: [String] = {
        let letters = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) }
        return letters.flatMap { first in letters.map { first + $0 } }
    }()

    @Test func exactlyTheAssignedISOCodesAreCountries() {
        let assigned = Set(AddressReference.assignedCountryCodes)
        #expect(assigned.count == 249)
        #expect(ISO3166.alpha2Codes == AddressReference.assignedCountryCodes)
        for code in Self.allTwoLetterCodes {
            #expect(ISO3166.isAssigned(code) == assigned.contains(code), "\(code)")
            let state = AddressReference.states.first { $0.country == code }?.codes.first
            let expected = assigned.contains(code) ? [] : ["billingDetails.country:country"]
            #expect(Self.billing(Self.complete(code, state: state)) == expected, "\(code)")
        }
    }

    @Test(arguments: ["us", "Us", "uS", " US ", "\tus\n"])
    func aCountryCodeIsAcceptedInEitherCaseWithoutOuterWhitespace(_ country: String) {
        #expect(Self.billing(Self.complete(country, state: "ny")) == [])
    }

    @Test(arguments: [
        "USA", "U", "U S", "840", "ＵＳ", "United States",
        "\u{131}t",     // dotless i: upper-cases to "IT" by full case mapping, but is no ASCII letter
        "UK", "EU", "XK", "AC", "AN", "TP", "ZZ",
    ])
    func anythingElseIsNoCountry(_ country: String) {
        #expect(Self.shipping(Self.complete(country, zip: "12345")) == ["shippingDetails.country:country"])
    }

    // MARK: address and city

    @Test(arguments: [("ab", true), ("1 Main St", true), (" ab ", true), ("a", false), (" a ", false), ("北京", true), ("京", false)])
    func addressAndCityHaveAtLeastTwoCharacters(_ value: String, _ valid: Bool) {
        var address = Self.complete("FR")
        address.address = value
        address.city = value
        #expect(Self.shipping(address) == (valid ? [] : ["shippingDetails.address:address", "shippingDetails.city:city"]))
        // Not required for billing without fullBilling, but checked when given.
        #expect(Self.billing(address) == (valid ? [] : ["billingDetails.address:address", "billingDetails.city:city"]))
    }

    @Test func thePhoneIsNeverJudged() {
        for phone in [nil, "", "x", "+1 (555) 010-9999"] as [String?] {
            var address = Self.complete("FR")
            address.phone = phone
            #expect(Self.shipping(address) == [])
            #expect(Self.billing(address, Self.fullBilling) == [])
        }
    }

    // MARK: requirements

    @Test(arguments: [
        // (billing, shipping, requirements, expected)
        (nil, nil, CheckoutRequirements(), ["email:email"]),
        (nil, nil, noEmail, []),
        (nil, nil, withShipping, ["shippingDetails.name:name", "shippingDetails.address:address",
                                  "shippingDetails.city:city", "shippingDetails.zip:zip",
                                  "shippingDetails.country:country"]),
        (nil, nil, fullBilling, ["billingDetails.name:name", "billingDetails.address:address",
                                 "billingDetails.city:city", "billingDetails.zip:zip",
                                 "billingDetails.country:country"]),
        (Address(), nil, noEmail, ["billingDetails.name:name", "billingDetails.zip:zip",
                                   "billingDetails.country:country"]),
        (nil, Address(), noEmail, ["shippingDetails.name:name", "shippingDetails.address:address",
                                   "shippingDetails.city:city", "shippingDetails.zip:zip",
                                   "shippingDetails.country:country"]),
        (Address(name: "Jane Doe", zip: "10001", country: "US"), nil, noEmail, []),
        (Address(name: "Jane Doe", zip: "10001", country: "US"), nil, fullBilling,
         ["billingDetails.address:address", "billingDetails.city:city", "billingDetails.state:state"]),
        (Address(name: "Jane Doe", zip: "10001", country: "US"), nil,
         CheckoutRequirements(withEmail: false, withShipping: true, fullBilling: true),
         ["billingDetails.address:address", "billingDetails.city:city", "billingDetails.state:state",
          "shippingDetails.name:name", "shippingDetails.address:address", "shippingDetails.city:city",
          "shippingDetails.zip:zip", "shippingDetails.country:country"]),
        (complete("CA", state: "QC"), complete("BR", state: "SP"), CheckoutRequirements(withShipping: true, fullBilling: true),
         ["email:email"]),
    ] as [(Address?, Address?, CheckoutRequirements, [String])])
    func requirementsDecideWhatIsChecked(
        _ billing: Address?, _ shipping: Address?, _ requirements: CheckoutRequirements, _ expected: [String]
    ) {
        let errors = AddressValidation.validate(billingDetails: billing, shippingDetails: shipping, email: nil,
                                                requirements: requirements, locale: "en_US")
        #expect(summary(errors) == expected)
    }

    @Test func errorsComeBillingThenShippingThenEmailInMemberOrder() {
        let bad = Address(name: "Jane", address: "x", city: "y", zip: "1", country: "US", state: "ZZ", phone: "")
        let errors = AddressValidation.validate(
            billingDetails: bad, shippingDetails: bad, email: "jane@", requirements: CheckoutRequirements(), locale: "en_US")
        let members = ["name", "address", "city", "zip", "state"]
        #expect(summary(errors) == members.map { "billingDetails.\($0):\($0)" } + members.map { "shippingDetails.\($0):\($0)" }
                + ["email:email"])
        #expect(Set(errors.map(\.fieldId)).count == errors.count, "at most one error per field")
        #expect(errors.allSatisfy { $0.parameters == nil })
    }

    @Test func messagesAreInTheLocaleAndFallBackToEnglish() {
        let address = Address(name: "Jane", zip: "10001", country: "US")
        for locale in ValidationMessages.locales + ["ja_JP", "en_GB"] {
            let errors = AddressValidation.validate(billingDetails: address, shippingDetails: nil, email: "",
                                                    requirements: CheckoutRequirements(), locale: locale)
            #expect(summary(errors) == ["billingDetails.name:name", "email:email"])
            for error in errors {
                #expect(error.message == ValidationMessages.message(for: error.errorMessageId, locale: locale))
            }
        }
        let chinese = AddressValidation.validate(billingDetails: address, shippingDetails: nil, email: nil,
                                                 requirements: Self.noEmail, locale: "zh_CN")
        #expect(chinese.map(\.message) == ["请输入名字和姓氏。"])
    }
}
