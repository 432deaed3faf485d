import CheckoutCore
import Foundation
import Testing

@Suite("3-D Secure: the test-card table and the default rules")
struct ThreeDSAuthenticationTests {
    typealias Reference = ThreeDSReference

    static let start = Timestamp(rfc3339: "2026-11-21T10:00:00Z")!
    /// USD 1, EUR 0.5, ILS 4, JPY 156.25, …: the limit of 30.00 EUR is 60.00 USD and 9375 JPY.
    static let rates = RatesFixtures.mixed
    static let small = AmountOfMoney(amount: 1000, currencyCode: "EUR")
    static let large = AmountOfMoney(amount: 1_000_000, currencyCode: "EUR")

    /// Decides and starts the authentication as the service does, with a seeded generator.
    static func authenticate(
        _ card: ThreeDSCard, amount: AmountOfMoney = small, preferences: ThreeDSPreferences = ThreeDSPreferences(),
        rates: RatesTable = rates, table: inout ChallengeTable, seed: UInt64 = 1
    ) throws -> ThreeDSResult {
        var generator = SeededGenerator(seed: seed)
        let decision = try ThreeDSAuthentication.decide(card: card, amount: amount, preferences: preferences, rates: rates)
        return table.start(decision, now: start, using: &generator)
    }

    static func authenticate(
        _ card: ThreeDSCard, amount: AmountOfMoney = small, preferences: ThreeDSPreferences = ThreeDSPreferences(),
        rates: RatesTable = rates
    ) throws -> ThreeDSResult {
        var table = ChallengeTable()
        return try authenticate(card, amount: amount, preferences: preferences, rates: rates, table: &table)
    }

    /// Everything the reference and API.md fix about a final result of `outcome` for `brand`.
    static func expectFinal(_ result: ThreeDSResult, _ outcome: Reference.Outcome, brand: String?,
                            version: String = Reference.defaultVersion) {
        #expect(Reference.outcome(of: result) == outcome)
        #expect(result.eci == Reference.eci(transStatus: outcome.transStatus, brand: brand))
        #expect(result.liabilityShift == Reference.shiftsLiability(outcome.transStatus))
        if Reference.shiftsLiability(outcome.transStatus) {
            #expect(result.authenticationValue.flatMap(Reference.decodedBytes) == 20)
        } else {
            #expect(result.authenticationValue == nil)
        }
        #expect(result.threeDSVersion == version)
        #expect(Reference.isUUID(result.dsTransId))
        #expect(result.challenge == nil)
        #expect((result.errorDescription != nil) == (outcome.status == "THREE_DS_ERROR"))
    }

    /// The `errorDescription` of each way the reference's cards end in `THREE_DS_ERROR`
    /// ("error on lookup", "lookup timed out", and the challenge card), as the schemas document it.
    static let errorDescriptions: [(card: String, description: String)] = [
        ("4000000000001067", "3-D Secure server error: the directory server answered the lookup with an error."),
        ("4000000000001075", "3-D Secure server error: the lookup timed out."),
        ("4000000000001125", "3-D Secure internal error: the challenge ended in an error."),
    ]

    // MARK: The table

    @Test func theCoreTableHasExactlyTheReferenceCards() {
        let core = ThreeDSTestCard.reference.map(\.cardNumber)
        let reference = Reference.frictionless.map(\.cardNumber) + Reference.challenges.map(\.cardNumber)
        #expect(core == reference)
        #expect(Set(core).count == core.count)
        #expect(ThreeDSTestCard.reference.map(\.brandCode)
                == Reference.frictionless.map(\.brand) + Reference.challenges.map(\.brand))
    }

    @Test(arguments: Reference.frictionless)
    func everyFrictionlessRowGivesItsOutcomeWhateverTheAmountAndSession(_ row: Reference.FrictionlessRow) throws {
        for amount in [Self.small, Self.large] {
            for preferences in [ThreeDSPreferences(), ThreeDSPreferences(bypass: true)] {
                let result = try Self.authenticate(Reference.card(row.cardNumber, brand: row.brand),
                                                   amount: amount, preferences: preferences)
                Self.expectFinal(result, row.outcome, brand: row.brand, version: row.threeDSVersion)
            }
        }
    }

    @Test(arguments: Reference.challenges)
    func everyChallengeRowAsksForAChallengeThenEndsAsTheReferenceSays(_ row: Reference.ChallengeRow) throws {
        let answers: [(ThreeDSChallengeResponse, Reference.Outcome)] = [
            (.code(Reference.correctCode), row.afterCorrectCode), (.code("0000"), row.afterOtherCode),
            (.code(""), row.afterOtherCode), (.code("12345"), row.afterOtherCode), (.cancel, Reference.canceled),
        ]
        for (response, expected) in answers {
            var table = ChallengeTable()
            let card = Reference.card(row.cardNumber, brand: row.brand)
            let started = try Self.authenticate(card, amount: Self.small, table: &table)
            #expect(started.status == .challengeRequired)
            #expect(started.transStatus == .challengeRequired)
            #expect(started.eci == nil && started.authenticationValue == nil && !started.liabilityShift)
            #expect(started.threeDSVersion == Reference.defaultVersion)
            let challenge = try #require(started.challenge)
            #expect(challenge.expiresAt == Self.start.adding(seconds: 600))
            var generator = SeededGenerator(seed: 2)
            let final = try #require(table.complete(id: challenge.challengeId, with: response, now: Self.start, using: &generator))
            Self.expectFinal(final, expected, brand: row.brand)
            #expect(final.dsTransId == started.dsTransId)
        }
    }

    /// BlueSnap hands a `THREE_DS_ERROR`'s description over in `BSErrors`; the result carries it.
    @Test(arguments: errorDescriptions.map(\.card))
    func aThreeDSErrorSaysWhatWentWrong(_ card: String) throws {
        let expected = try #require(Self.errorDescriptions.first { $0.card == card }).description
        var table = ChallengeTable()
        var result = try Self.authenticate(Reference.card(card, brand: "visa"), table: &table)
        if let challenge = result.challenge {
            var generator = SeededGenerator(seed: 2)
            result = try #require(table.complete(id: challenge.challengeId, with: .code(Reference.correctCode),
                                                 now: Self.start, using: &generator))
        }
        #expect(result.status == .threeDSError)
        #expect(result.errorDescription == expected)
    }

    /// A challenge kept by a checkoutd that wrote no descriptions still ends with one.
    @Test func aKeptErrorOutcomeWithoutADescriptionGetsTheGeneralOne() throws {
        let outcome = try JSONDecoder().decode(ThreeDSOutcome.self, from: Data(#"{"status":"THREE_DS_ERROR"}"#.utf8))
        #expect(outcome.errorDescription == nil)
        var generator = SeededGenerator(seed: 1)
        let result = ThreeDSResult(outcome: outcome, brandCode: "visa", threeDSVersion: "2.2.0",
                                   dsTransId: RandomUUID.make(using: &generator), using: &generator)
        #expect(result.errorDescription == ThreeDSOutcome.unspecifiedErrorDescription)
        let failed = ThreeDSResult(outcome: ThreeDSOutcome(.authenticationFailed, transStatus: .notAuthenticated,
                                                            errorDescription: "ignored"),
                                   brandCode: "visa", threeDSVersion: "2.2.0", dsTransId: result.dsTransId, using: &generator)
        #expect(failed.errorDescription == nil)
    }

    @Test func aTableCardIsFoundWithSpacesAsTypedAndItsBrandTakenFromTheNumber() throws {
        let card = ThreeDSCard(cardNumber: "5200 0000 0000 2482", brands: .standard)
        #expect(card.brandCode == "mastercard")
        Self.expectFinal(try Self.authenticate(card), Reference.Outcome(status: "AUTHENTICATION_SUCCEEDED", transStatus: "A"),
                         brand: "mastercard")
    }

    // MARK: Tokens

    @Test(arguments: Reference.frictionless)
    func aTokenAuthenticatesAsTheTableCardItWasMadeFrom(_ row: Reference.FrictionlessRow) throws {
        let result = try Self.authenticate(Reference.tokenCard(madeFrom: row.cardNumber, brand: row.brand), amount: Self.large)
        Self.expectFinal(result, row.outcome, brand: row.brand, version: row.threeDSVersion)
    }

    @Test func aTokenOfAChallengeCardIsChallengedAndKeepsItsBrandsECI() throws {
        var table = ChallengeTable()
        let token = Reference.tokenCard(madeFrom: "5200000000002151", brand: "mastercard")
        let started = try Self.authenticate(token, table: &table)
        let challenge = try #require(started.challenge)
        var generator = SeededGenerator(seed: 3)
        let final = try #require(table.complete(id: challenge.challengeId, with: .code("1234"), now: Self.start, using: &generator))
        Self.expectFinal(final, Reference.succeeded, brand: "mastercard")
        #expect(final.eci == "02")
    }

    @Test func aTokenOfAnyOtherCardFollowsTheDefaultRules() throws {
        let token = Reference.tokenCard(madeFrom: "4111111111111111", brand: "visa")
        Self.expectFinal(try Self.authenticate(token), Reference.succeeded, brand: "visa")
        #expect(try Self.authenticate(token, amount: Self.large).status == .challengeRequired)
        #expect(try Self.authenticate(Reference.tokenCard(madeFrom: "6759649826438453", brand: "maestro")).status
                == .cardNotSupported)
    }

    // MARK: Default rules

    @Test func switchedOffForTheSessionItIsAnErrorEvenForATableCard() {
        for number in ["4000000000002701", "4111111111111111", "6759649826438453"] {
            #expect(throws: ThreeDSError.disabled) {
                try ThreeDSAuthentication.decide(card: ThreeDSCard(cardNumber: number, brands: .standard), amount: Self.small,
                                                 preferences: ThreeDSPreferences(enabled: false), rates: Self.rates)
            }
        }
    }

    @Test(arguments: [
        ("4111111111111111", "visa"), ("5555555555554444", "mastercard"), ("378282246310005", "amex"),
        ("6011111111111117", "discover"), ("3566002020360505", "jcb"), ("30569309025904", "diners"),
        ("6200000000000005", "unionpay"),
    ])
    func everyBrandWithThreeDS2IsAuthenticatedByTheAmount(_ number: String, _ brand: String) throws {
        let card = ThreeDSCard(cardNumber: number, brands: .standard)
        #expect(card.brandCode == brand)
        Self.expectFinal(try Self.authenticate(card), Reference.succeeded, brand: brand)
        #expect(try Self.authenticate(card, amount: Self.large).status == .challengeRequired)
    }

    @Test func cartesBancairesKnownOnlyFromTheIINTableIsSupported() throws {
        Self.expectFinal(try Self.authenticate(Reference.card("4000002500001001", brand: "cartesbancaires")),
                         Reference.succeeded, brand: "cartesbancaires")
    }

    @Test(arguments: ["6759649826438453", "5066991111111118", "2200000000000004", "6062821086773091", "9792000000000001",
                      "9999999999999995", "1234567890123"])
    func brandsWithoutThreeDS2AndUnknownCardsAreNotSupported(_ number: String) throws {
        let card = ThreeDSCard(cardNumber: number, brands: .standard)
        #expect(card.brandCode.map { !ThreeDSAuthentication.brandsWithThreeDS2.contains($0) } ?? true)
        for preferences in [ThreeDSPreferences(), ThreeDSPreferences(bypass: true)] {
            for amount in [Self.small, Self.large] {
                let result = try Self.authenticate(card, amount: amount, preferences: preferences)
                Self.expectFinal(result, Reference.Outcome(status: "CARD_NOT_SUPPORTED", transStatus: nil), brand: card.brandCode)
            }
        }
    }

    @Test func theSessionBypassSkipsAuthenticationAtAnyAmount() throws {
        for amount in [Self.small, Self.large] {
            let result = try Self.authenticate(Reference.card("4111111111111111", brand: "visa"), amount: amount,
                                               preferences: ThreeDSPreferences(bypass: true))
            Self.expectFinal(result, Reference.bypassed, brand: "visa")
        }
    }

    @Test func theDefaultChallengeSucceedsWith1234AndFailsOtherwise() throws {
        let answers: [(ThreeDSChallengeResponse, Reference.Outcome)] = [
            (.code("1234"), Reference.succeeded), (.code("4321"), Reference.failed), (.cancel, Reference.canceled),
        ]
        for (response, expected) in answers {
            var table = ChallengeTable()
            let started = try Self.authenticate(Reference.card("5555555555554444", brand: "mastercard"), amount: Self.large,
                                                table: &table)
            var generator = SeededGenerator(seed: 4)
            let challengeId = try #require(started.challenge?.challengeId)
            let final = try #require(table.complete(id: challengeId, with: response, now: Self.start, using: &generator))
            Self.expectFinal(final, expected, brand: "mastercard")
        }
    }

    // MARK: The 30.00 EUR limit

    /// (amount, whether it is within 30.00 EUR) with `RatesFixtures.mixed`: EUR 0.5, JPY 156.25
    /// and KWD 0.3125 per USD, so 1 USD cent is 0.5 EUR cents, 1 yen 0.32 and 1 fils 0.16.
    static let limitCases: [(AmountOfMoney, Bool)] = [
        (AmountOfMoney(amount: 0, currencyCode: "EUR"), true),
        (AmountOfMoney(amount: 3000, currencyCode: "EUR"), true),
        (AmountOfMoney(amount: 3001, currencyCode: "EUR"), false),
        (AmountOfMoney(amount: 6000, currencyCode: "USD"), true),    // 30.00 EUR exactly
        (AmountOfMoney(amount: 5999, currencyCode: "USD"), true),    // 29.995 EUR, shown as 30.00
        (AmountOfMoney(amount: 6001, currencyCode: "USD"), false),   // 30.005 EUR rounds half up to 30.01
        (AmountOfMoney(amount: 9375, currencyCode: "JPY"), true),    // 30.00 EUR exactly
        (AmountOfMoney(amount: 9376, currencyCode: "JPY"), true),    // 30.0032 EUR, shown as 30.00
        (AmountOfMoney(amount: 9377, currencyCode: "JPY"), false),   // 30.0064 EUR, shown as 30.01
        (AmountOfMoney(amount: 18750, currencyCode: "KWD"), true),   // 18.750 KWD = 60 USD = 30.00 EUR
        (AmountOfMoney(amount: 18751, currencyCode: "KWD"), true),   // 30.0016 EUR, shown as 30.00
        (AmountOfMoney(amount: 18760, currencyCode: "KWD"), false),  // 30.016 EUR, shown as 30.02
    ]

    @Test func theLimitComparesTheAmountConvertedToWholeEuroCents() throws {
        for (amount, within) in Self.limitCases {
            #expect(try ThreeDSAuthentication.isWithinFrictionlessLimit(amount, rates: Self.rates) == within, "\(amount)")
            let result = try Self.authenticate(Reference.card("4111111111111111", brand: "visa"), amount: amount)
            #expect(result.status == (within ? .authenticationSucceeded : .challengeRequired), "\(amount)")
        }
    }

    @Test func anAmountTooLargeToConvertIsAboveTheLimit() throws {
        let rates = RatesFixtures.table([("USD", "US Dollar", "1"), ("EUR", "Euro", "1000000")])
        let amount = AmountOfMoney(amount: AmountOfMoney.maximumAmount, currencyCode: "USD")
        #expect(try ThreeDSAuthentication.isWithinFrictionlessLimit(amount, rates: rates) == false)
    }

    @Test func aCurrencyOrAEuroRateMissingFromTheTableIsAnError() throws {
        #expect(throws: ThreeDSError.unknownCurrency("XAF")) {
            try ThreeDSAuthentication.isWithinFrictionlessLimit(AmountOfMoney(amount: 1, currencyCode: "XAF"), rates: Self.rates)
        }
        let withoutEuro = RatesFixtures.table([("USD", "US Dollar", "1"), ("JPY", "Japanese Yen", "156.25")])
        #expect(throws: ThreeDSError.unknownCurrency("EUR")) {
            try ThreeDSAuthentication.isWithinFrictionlessLimit(AmountOfMoney(amount: 1, currencyCode: "USD"), rates: withoutEuro)
        }
        // Amounts in euros and table cards need no conversion.
        #expect(try ThreeDSAuthentication.isWithinFrictionlessLimit(Self.small, rates: withoutEuro))
        #expect(try Self.authenticate(Reference.card("4000000000002701", brand: "visa"),
                                      amount: AmountOfMoney(amount: 1, currencyCode: "USD"), rates: withoutEuro).status
                == .authenticationSucceeded)
    }

    // MARK: Random values

    @Test func randomValuesComeFromTheGivenGenerator() throws {
        let card = Reference.card("4000000000002719", brand: "visa")
        var first = ChallengeTable(), second = ChallengeTable()
        let a = try Self.authenticate(card, table: &first, seed: 7)
        let b = try Self.authenticate(card, table: &second, seed: 7)
        let c = try Self.authenticate(card, table: &second, seed: 8)
        #expect(a == b)
        #expect(a.dsTransId != c.dsTransId && a.authenticationValue != c.authenticationValue)
    }
}
