@testable import CheckoutCore
import Foundation
import Testing

@Suite("Session updates")
struct SessionUpdateTests {
    static let start = Timestamp(secondsSinceEpoch: 1_795_255_200)

    static func session(amount: Int64 = 10_000, currency: String = "USD", tax: Int64 = 1_000, allow: Bool = true) -> Session {
        Session(clientSessionId: "s", customerId: "c", createdAt: start, expiresAt: start.adding(seconds: 3600),
                context: PaymentContext(amountOfMoney: AmountOfMoney(amount: amount, currencyCode: currency), countryCode: "US"),
                taxAmount: tax, allowCurrencyChange: allow)
    }

    static let rates = RatesTable(base: "USD", asOf: start, source: "test", currencies: [
        Currency(code: "USD", name: "US Dollar", minorUnits: 2, rate: DecimalNumber("1")!),
        Currency(code: "EUR", name: "Euro", minorUnits: 2, rate: DecimalNumber("0.5")!),
    ])

    /// (update, amount, currency, tax after it).
    @Test(arguments: [
        (SessionUpdate(taxAmount: 725), Int64(10_000), "USD", Int64(725)),
        (SessionUpdate(amountOfMoney: AmountOfMoney(amount: 20_000, currencyCode: "USD")), 20_000, "USD", 1_000),
        (SessionUpdate(amountOfMoney: AmountOfMoney(amount: 4_000, currencyCode: "EUR")), 4_000, "EUR", 0),
        (SessionUpdate(amountOfMoney: AmountOfMoney(amount: 4_000, currencyCode: "EUR"), taxAmount: 400), 4_000, "EUR", 400),
        (SessionUpdate(countryCode: "CA", locale: "fr_CA", isRecurring: true), 10_000, "USD", 1_000),
    ])
    func membersGivenReplaceTheSessionsAndTheRestStays(_ update: SessionUpdate, _ amount: Int64, _ currency: String, _ tax: Int64) throws {
        var session = Self.session()
        try session.apply(update)
        #expect(session.context.amountOfMoney == AmountOfMoney(amount: amount, currencyCode: currency))
        #expect(session.taxAmount == tax)
        #expect(session.context.countryCode == (update.countryCode ?? "US"))
        #expect(session.context.locale == (update.locale ?? "en_US"))
        #expect(session.context.isRecurring == (update.isRecurring ?? false))
        #expect(session.clientSessionId == "s" && session.customerId == "c" && session.expiresAt == Self.start.adding(seconds: 3600))
    }

    /// The updated amounts are the ones a later currency change converts from.
    @Test func theUpdatedAmountsBecomeTheOriginalOnes() throws {
        var session = Self.session()
        try session.changeCurrency(to: "EUR", rates: Self.rates)
        try session.apply(SessionUpdate(amountOfMoney: AmountOfMoney(amount: 3_000, currencyCode: "EUR"), taxAmount: 300))
        try session.changeCurrency(to: "USD", rates: Self.rates)
        #expect(session.context.amountOfMoney == AmountOfMoney(amount: 6_000, currencyCode: "USD"))
        #expect(session.taxAmount == 600)
        try session.changeCurrency(to: "EUR", rates: Self.rates)
        #expect(session.context.amountOfMoney == AmountOfMoney(amount: 3_000, currencyCode: "EUR"))
    }

    @Test func aNewCurrencyNeedsAllowCurrencyChangeAndAFailureChangesNothing() {
        var fixed = Self.session(allow: false)
        #expect(throws: SessionUpdateError.currencyChangeNotAllowed(from: "USD", to: "EUR")) {
            try fixed.apply(SessionUpdate(amountOfMoney: AmountOfMoney(amount: 1, currencyCode: "EUR"), countryCode: "DE"))
        }
        #expect(fixed == Self.session(allow: false))
        #expect(throws: SessionUpdateError.taxExceedsAmount(tax: 1_000, amount: 500)) {
            try fixed.apply(SessionUpdate(amountOfMoney: AmountOfMoney(amount: 500, currencyCode: "USD")))
        }
        #expect(fixed == Self.session(allow: false))
        #expect(throws: Never.self) { try fixed.apply(SessionUpdate(amountOfMoney: AmountOfMoney(amount: 1_500, currencyCode: "USD"))) }
    }

    /// A record a version-1 store kept has none of the newer members: they take their defaults.
    @Test func aSessionStoredBeforeTheOptionsReadsWithTheirDefaults() throws {
        let old = #"{"clientSessionId":"s","customerId":"c","createdAt":"2026-11-21T10:00:00Z","expiresAt":"2026-11-21T11:00:00Z","context":{"amountOfMoney":{"amount":1,"currencyCode":"EUR"},"countryCode":"NL"},"taxAmount":0,"requirements":{},"acceptedBrands":[],"accountsOnFile":[],"threeDS":{"enabled":true,"bypass":false}}"#
        let session = try JSONDecoder().decode(Session.self, from: Data(old.utf8))
        #expect(session.allowCurrencyChange && !session.endOnPayment && !session.completed && !session.threeDS.required)
    }
}
