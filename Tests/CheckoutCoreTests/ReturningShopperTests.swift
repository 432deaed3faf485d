@testable import CheckoutCore
import Foundation
import Testing

/// API.md 9.6, tokens for returning shoppers (BlueSnap shopper configuration,
/// `BSTokenizeExistingCCDetails`, `BSBillingAddressDetails`): the billing address's
/// e-mail, the addresses a token keeps, and the changes `tokens.update` makes.
@Suite("Returning shoppers")
struct ReturningShopperTests {
    static let billing = Address(name: "Wile E. Coyote", zip: "1011 AB", country: "NL")
    static let shipping = Address(name: "Wile E. Coyote", address: "Damrak 1", city: "Amsterdam", zip: "1012 LG",
                                  country: "NL", phone: "+31 20 555 0100")
    static let month = CalendarMonth(year: 2026, month: 11)

    static func summary(_ errors: [ValidationError]) -> [String] {
        errors.map { "\($0.fieldId):\($0.errorMessageId.rawValue)" }
    }

    static func billing(email: String?) -> Address {
        var address = billing
        address.email = email
        return address
    }

    // MARK: the billing address's e-mail (BSBillingAddressDetails.email)

    /// One row of the e-mail rules: the checkout's e-mail, the billing address's,
    /// whether the checkout needs one, and the errors.
    struct EmailCase: Sendable, CustomTestStringConvertible {
        let email: String?
        let billingEmail: String?
        let withEmail: Bool
        let expected: [String]
        var testDescription: String { "email \(email ?? "-"), billing \(billingEmail ?? "-"), withEmail \(withEmail)" }
    }

    static let emailCases: [EmailCase] = [
        // withEmail: either place satisfies it, and the billing one stands for the missing one.
        EmailCase(email: nil, billingEmail: nil, withEmail: true, expected: ["email:email"]),
        EmailCase(email: nil, billingEmail: "wile@acme.example", withEmail: true, expected: []),
        EmailCase(email: "", billingEmail: "wile@acme.example", withEmail: true, expected: []),
        EmailCase(email: "wile@acme.example", billingEmail: nil, withEmail: true, expected: []),
        EmailCase(email: "wile@acme.example", billingEmail: "", withEmail: true, expected: []),
        EmailCase(email: nil, billingEmail: "", withEmail: true, expected: ["email:email"]),
        // Without withEmail nothing is needed, but what is given is judged.
        EmailCase(email: nil, billingEmail: nil, withEmail: false, expected: []),
        EmailCase(email: nil, billingEmail: "wile@acme", withEmail: false, expected: ["billingDetails.email:email"]),
        EmailCase(email: nil, billingEmail: "wile@acme", withEmail: true, expected: ["billingDetails.email:email"]),
        EmailCase(email: nil, billingEmail: " wile@acme.example", withEmail: false, expected: ["billingDetails.email:email"]),
        EmailCase(email: nil, billingEmail: "wile@acme.example", withEmail: false, expected: []),
        // Both given: the same mailbox (ASCII case aside) is fine; different ones name both fields.
        EmailCase(email: "wile@acme.example", billingEmail: "wile@acme.example", withEmail: true, expected: []),
        EmailCase(email: "Wile@ACME.example", billingEmail: "wile@acme.EXAMPLE", withEmail: false, expected: []),
        EmailCase(email: "wile@acme.example", billingEmail: "road@acme.example", withEmail: true,
                  expected: ["billingDetails.email:email", "email:email"]),
        EmailCase(email: "wile@acme.example", billingEmail: "road@acme.example", withEmail: false,
                  expected: ["billingDetails.email:email", "email:email"]),
        EmailCase(email: "wile@acme", billingEmail: "wile@acme.example", withEmail: true,
                  expected: ["billingDetails.email:email", "email:email"]),
        EmailCase(email: "wile@acme", billingEmail: "wile@acme", withEmail: true,
                  expected: ["billingDetails.email:email", "email:email"]),
        EmailCase(email: "wilé@acme.example", billingEmail: "WILÉ@acme.example", withEmail: true,
                  expected: ["billingDetails.email:email", "email:email"]),
    ]

    @Test(arguments: emailCases)
    func theBillingEmailIsJudgedAndStandsForTheEmail(_ row: EmailCase) {
        let errors = AddressValidation.validate(
            billingDetails: Self.billing(email: row.billingEmail), shippingDetails: nil, email: row.email,
            requirements: CheckoutRequirements(withEmail: row.withEmail), locale: "en_US")
        #expect(Self.summary(errors) == row.expected)
    }

    @Test func differentEmailsSaySoUnlessOneBreaksTheRule() {
        let differ = AddressValidation.validate(
            billingDetails: Self.billing(email: "road@acme.example"), shippingDetails: nil, email: "wile@acme.example",
            requirements: CheckoutRequirements(), locale: "nl_NL")
        #expect(differ.map(\.message) == Array(repeating: "De e-mailadressen komen niet overeen.", count: 2))
        let broken = AddressValidation.validate(
            billingDetails: Self.billing(email: "road@acme"), shippingDetails: nil, email: "wile@acme.example",
            requirements: CheckoutRequirements(), locale: "en_US")
        #expect(broken.map(\.message) == [ValidationMessages.message(for: .email, locale: "en_US"),
                                          ValidationMessages.emailsDiffer(locale: "en_US")])
    }

    @Test func theBillingEmailErrorFollowsTheBillingMembersAndPrecedesShipping() {
        var billing = Address(name: "Wile", country: "NL", email: "wile@")
        billing.zip = "1"
        let errors = AddressValidation.validate(
            billingDetails: billing, shippingDetails: Address(name: "Wile E. Coyote"), email: "wile@acme.example",
            requirements: CheckoutRequirements(withEmail: true), locale: "en_US")
        #expect(Self.summary(errors) == [
            "billingDetails.name:name", "billingDetails.zip:zip", "billingDetails.email:email",
            "shippingDetails.address:address", "shippingDetails.city:city", "shippingDetails.zip:zip",
            "shippingDetails.country:country", "email:email",
        ])
    }

    @Test func fullBillingDoesNotRequireTheBillingEmail() {
        let complete = Address(name: "Wile E. Coyote", address: "Damrak 1", city: "Amsterdam", zip: "1012 LG", country: "NL")
        #expect(AddressValidation.validate(billingDetails: complete, shippingDetails: nil, email: nil,
                                           requirements: CheckoutRequirements(withEmail: false, fullBilling: true),
                                           locale: "en_US").isEmpty)
    }

    @Test(arguments: ValidationMessages.locales)
    func everyLocaleSaysTheEmailsDifferAndTheCardIsStored(_ locale: String) {
        let differ = ValidationMessages.emailsDiffer(locale: locale)
        let stored = ValidationMessages.sameCardStored(locale: locale)
        #expect(!differ.isEmpty && !stored.isEmpty)
        #expect(differ != ValidationMessages.message(for: .email, locale: locale))
        #expect(stored != ValidationMessages.message(for: .expirationDate, locale: locale))
        #expect(ValidationMessages.emailsDiffer(locale: "xx_XX") == ValidationMessages.emailsDiffer(locale: "en_US"))
    }

    // MARK: the addresses a token keeps

    static func token(_ id: String = "tok_1", expiry: String = "1228", fingerprint: String = "f1",
                      billing: Address? = nil, shipping: Address? = nil) -> StoredToken {
        StoredToken(id: id, customerId: "cus_1", paymentProductId: 1, brand: "visa", bin: "424242", last4Digits: "4242",
                    alias: "424242XXXXXX4242", expiryDate: expiry, cardholderName: "Wile E. Coyote", issuingCountry: "US",
                    cardType: .credit, fingerprint: fingerprint, createdAt: Timestamp(rfc3339: "2026-11-21T10:00:00Z")!,
                    billingDetails: billing, shippingDetails: shipping)
    }

    @Test func tokenisingCarriesTheAddressesAsSent() throws {
        let card = CardTokenization.Card(cardNumber: "4242 4242 4242 4242", expiryDate: "12/28")
        var billing = Self.billing
        billing.country = "nl"
        billing.email = "wile@acme.example"
        let token = CardTokenization.token(
            for: card, id: "tok_1", customerId: "cus_1", paymentProductId: 1,
            details: IINDetails(status: .supported, paymentProductId: 1, isAllowedInContext: true),
            binLength: 6, brand: try #require(CardBrandTable.standard.brand(code: "visa")),
            fingerprintKey: CardFingerprintKey(bytes: Array(repeating: 7, count: 32))!,
            now: Timestamp(rfc3339: "2026-11-21T10:00:00Z")!, billingDetails: billing, shippingDetails: Self.shipping)
        #expect(token.billingDetails == billing, "kept as sent: the lower-case country too")
        #expect(token.shippingDetails == Self.shipping)
    }

    @Test func theAccountOnFileCarriesTheTokensAddresses() throws {
        let account = Self.token(billing: Self.billing(email: "wile@acme.example"), shipping: Self.shipping)
            .accountOnFile(product: nil)
        #expect(account.billingDetails?.email == "wile@acme.example")
        #expect(account.shippingDetails == Self.shipping)
        let bare = Self.token().accountOnFile(product: nil)
        #expect(bare.billingDetails == nil && bare.shippingDetails == nil)
        // A session record written before addresses were kept still reads.
        let old = try JSONEncoder().encode(bare)
        #expect(!String(decoding: old, as: UTF8.self).contains("Details"), "absent members are left out")
        #expect(try JSONDecoder().decode(AccountOnFile.self, from: old) == bare)
        let kept = try JSONDecoder().decode(AccountOnFile.self, from: try JSONEncoder().encode(account))
        #expect(kept == account)
    }

    @Test func theSameCardAgainTakesTheAddressesItGivesAndKeepsTheOthers() {
        let stored = Self.token(billing: Self.billing, shipping: Self.shipping)
        let moved = Address(name: "Wile E. Coyote", address: "1 Desert Road", city: "Phoenix", zip: "85001",
                            country: "US", state: "AZ")
        let again = stored.keepingDetails(of: Self.token("tok_2", shipping: moved))
        #expect(again.id == "tok_1" && again.billingDetails == Self.billing && again.shippingDetails == moved)
        #expect(stored.keepingDetails(of: Self.token("tok_3")) == stored)
    }

    // MARK: tokens.update's change

    @Test func aChangeKeepsReplacesOrRemovesEachAddressAndTheExpiry() {
        let stored = Self.token(billing: Self.billing, shipping: Self.shipping)
        #expect(TokenChange().applied(to: stored) == stored)
        let other = Self.billing(email: "wile@acme.example")
        let changed = TokenChange(billingDetails: .replace(other), shippingDetails: .remove, expiryDate: "0331").applied(to: stored)
        #expect(changed.billingDetails == other && changed.shippingDetails == nil && changed.expiryDate == "0331")
        #expect(changed.id == stored.id && changed.fingerprint == stored.fingerprint
                && changed.cardholderName == stored.cardholderName && changed.alias == stored.alias)
        let replaced = TokenChange(billingDetails: .replace(Address(name: "Road Runner", zip: "85001", country: "US")))
            .applied(to: stored)
        #expect(replaced.billingDetails == Address(name: "Road Runner", zip: "85001", country: "US"), "whole, not merged")
        #expect(replaced.shippingDetails == Self.shipping)
    }

    @Test(arguments: [
        (nil, nil, nil, [String]()),
        ("03/31", nil, nil, []),
        ("0331", nil, nil, []),
        ("032031", nil, nil, []),
        ("11/26", nil, nil, []),
        ("", nil, nil, ["expiryDate:required"]),
        ("10/26", nil, nil, ["expiryDate:expirationDate"]),
        ("13/30", nil, nil, ["expiryDate:expirationDate"]),
        ("12/", nil, nil, ["expiryDate:expirationDate"]),
        ("01/52", nil, nil, ["expiryDate:expirationDate"]),
        (nil, Address(), nil, ["billingDetails.name:name", "billingDetails.zip:zip", "billingDetails.country:country"]),
        (nil, Address(name: "Wile E. Coyote", zip: "1011 AB", country: "NL", email: "wile@acme"), nil,
         ["billingDetails.email:email"]),
        (nil, nil, Address(name: "Wile E. Coyote", country: "US"),
         ["shippingDetails.address:address", "shippingDetails.city:city", "shippingDetails.zip:zip",
          "shippingDetails.state:state"]),
        ("1", Address(name: "Wile"), Address(name: "W"),
         ["expiryDate:expirationDate", "billingDetails.name:name", "billingDetails.zip:zip",
          "billingDetails.country:country", "shippingDetails.name:name", "shippingDetails.address:address",
          "shippingDetails.city:city", "shippingDetails.zip:zip", "shippingDetails.country:country"]),
    ] as [(String?, Address?, Address?, [String])])
    func aChangeIsJudgedByTokensCreatesRulesWithoutRequirements(
        _ expiry: String?, _ billing: Address?, _ shipping: Address?, _ expected: [String]
    ) {
        let errors = TokenChange.errors(expiryDate: expiry, billingDetails: billing, shippingDetails: shipping,
                                        currentMonth: Self.month, locale: "en_US")
        #expect(Self.summary(errors) == expected)
    }

    @Test(arguments: [("03/31", "0331"), ("0331", "0331"), ("032031", "0331"), ("03/2031", "0331")])
    func aValidExpiryDateIsKeptAsMMYY(_ typed: String, _ kept: String) {
        #expect(TokenChange.normalizedExpiryDate(typed, currentMonth: Self.month) == kept)
    }

    // MARK: the in-memory vault

    @Test func theInMemoryVaultSavesTheSameCardWithItsNewestAddresses() throws {
        let vault = InMemoryTokenVault()
        _ = try vault.save(Self.token(billing: Self.billing))
        let again = try vault.save(Self.token("tok_2", shipping: Self.shipping))
        #expect(again.id == "tok_1" && again.billingDetails == Self.billing && again.shippingDetails == Self.shipping)
        #expect(try vault.tokens(customerId: "cus_1") == [again])
    }

    @Test func theInMemoryVaultUpdatesOnlyTheCustomersTokenAndKeepsOneTokenPerCardAndExpiry() throws {
        let vault = InMemoryTokenVault()
        _ = try vault.save(Self.token(billing: Self.billing))
        _ = try vault.save(Self.token("tok_2", expiry: "0130"))
        #expect(try vault.update(id: "tok_1", customerId: "cus_2", TokenChange(expiryDate: "0331")) == .notFound)
        #expect(try vault.update(id: "tok_9", customerId: "cus_1", TokenChange(expiryDate: "0331")) == .notFound)
        #expect(try vault.update(id: "tok_1", customerId: "cus_1", TokenChange(expiryDate: "0130"))
                == .sameCardExists(tokenId: "tok_2"))
        #expect(try vault.token(id: "tok_1", customerId: "cus_1") == Self.token(billing: Self.billing), "nothing changed")
        let expected = Self.token(expiry: "0331", shipping: Self.shipping)
        #expect(try vault.update(id: "tok_1", customerId: "cus_1",
                                 TokenChange(billingDetails: .remove, shippingDetails: .replace(Self.shipping), expiryDate: "0331"))
                == .updated(expected))
        #expect(try vault.tokens(customerId: "cus_1").map(\.id) == ["tok_1", "tok_2"], "the order stays")
        #expect(try vault.token(id: "tok_1", customerId: "cus_1") == expected)
        #expect(try vault.save(Self.token("tok_3", expiry: "0331")).id == "tok_1", "the renewed expiry is the token's now")
        #expect(try vault.update(id: "tok_1", customerId: "cus_1", TokenChange(expiryDate: "0331")) == .updated(expected),
                "its own expiry is no conflict")
    }
}
