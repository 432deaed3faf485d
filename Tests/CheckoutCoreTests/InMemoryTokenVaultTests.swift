import CheckoutCore
import Testing

/// The in-memory vault: de-duplication and customer scoping, as the TokenVault protocol asks.
@Suite struct InMemoryTokenVaultTests {
    static func token(_ id: String, customer: String = "cus_1", fingerprint: String = "f1", expiry: String = "1228") -> StoredToken {
        StoredToken(id: id, customerId: customer, paymentProductId: 1, brand: "visa", bin: "424242", last4Digits: "4242",
                    alias: "424242XXXXXX4242", expiryDate: expiry, cardholderName: nil, issuingCountry: nil, cardType: nil,
                    fingerprint: fingerprint, createdAt: Timestamp(rfc3339: "2026-11-21T10:00:00Z")!)
    }

    @Test func theSameCardForTheSameCustomerIsStoredOnce() throws {
        let vault = InMemoryTokenVault()
        #expect(try vault.save(Self.token("a")).id == "a")
        #expect(try vault.save(Self.token("b")).id == "a")
        #expect(try vault.save(Self.token("c", expiry: "0130")).id == "c")
        #expect(try vault.save(Self.token("d", fingerprint: "f2")).id == "d")
        #expect(try vault.save(Self.token("e", customer: "cus_2")).id == "e")
        #expect(try vault.tokens(customerId: "cus_1").map(\.id) == ["a", "c", "d"])
        #expect(try vault.tokens(customerId: "cus_2").map(\.id) == ["e"])
    }

    @Test func lookupsAndDeletionsAreScopedToTheCustomer() throws {
        let vault = InMemoryTokenVault()
        _ = try vault.save(Self.token("a"))
        #expect(try vault.token(id: "a", customerId: "cus_2") == nil)
        #expect(try vault.delete(id: "a", customerId: "cus_2") == false)
        #expect(try vault.token(id: "a", customerId: "cus_1")?.id == "a")
        #expect(try vault.delete(id: "a", customerId: "cus_1"))
        #expect(try vault.delete(id: "a", customerId: "cus_1") == false)
        #expect(try vault.tokens(customerId: "cus_1").isEmpty)
    }
}
