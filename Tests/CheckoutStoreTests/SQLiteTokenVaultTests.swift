import CheckoutCore
import CheckoutStore
import Testing

/// The vault's contract on disk: what `save` keeps, per customer, once per card.
@Suite struct SQLPlatformStoreTests {
    @Test func savedTokensReadBackWithEveryMember() throws {
        let directory = try TemporaryDirectory()
        let vault = try openSQLiteStore(directory.database)
        let full = makeToken("tok-1", in: vault)
        var sparse = makeToken("tok-2", number: "5555555555554444", in: vault)
        sparse.cardholderName = nil
        sparse.issuingCountry = nil
        sparse.cardType = nil

        #expect(try vault.save(full) == full)
        #expect(try vault.save(sparse) == sparse)
        #expect(try vault.token(id: "tok-1", customerId: "customer-1") == full)
        #expect(try vault.token(id: "tok-2", customerId: "customer-1") == sparse)
        #expect(try vault.tokens(customerId: "customer-1") == [full, sparse])
    }

    @Test func deleteRemovesTheTokenOnce() throws {
        let directory = try TemporaryDirectory()
        let vault = try openSQLiteStore(directory.database)
        _ = try vault.save(makeToken("tok-1", in: vault))

        #expect(try vault.delete(id: "tok-1", customerId: "customer-1"))
        #expect(try vault.token(id: "tok-1", customerId: "customer-1") == nil)
        #expect(try vault.tokens(customerId: "customer-1") == [])
        #expect(try !vault.delete(id: "tok-1", customerId: "customer-1"))
    }

    @Test func anotherCustomerCannotSeeOrDeleteAToken() throws {
        let directory = try TemporaryDirectory()
        let vault = try openSQLiteStore(directory.database)
        let token = try vault.save(makeToken("tok-1", in: vault))

        #expect(try vault.token(id: "tok-1", customerId: "customer-2") == nil)
        #expect(try vault.tokens(customerId: "customer-2") == [])
        #expect(try !vault.delete(id: "tok-1", customerId: "customer-2"))
        #expect(try vault.token(id: "tok-1", customerId: "customer-1") == token)
    }

    @Test func theSameCardAndExpiryGetsTheSameToken() throws {
        let directory = try TemporaryDirectory()
        let vault = try openSQLiteStore(directory.database)
        let first = try vault.save(makeToken("tok-1", in: vault))

        #expect(try vault.save(makeToken("tok-2", in: vault)) == first)
        #expect(try vault.tokens(customerId: "customer-1") == [first])
    }

    @Test func aNewExpiryOrAnotherCustomerGetsANewToken() throws {
        let directory = try TemporaryDirectory()
        let vault = try openSQLiteStore(directory.database)
        let first = try vault.save(makeToken("tok-1", in: vault))
        let renewed = try vault.save(makeToken("tok-2", expiry: "1231", in: vault))
        let otherCustomer = try vault.save(makeToken("tok-3", customer: "customer-2", in: vault))

        #expect(renewed.id == "tok-2")
        #expect(otherCustomer.id == "tok-3")
        #expect(try vault.tokens(customerId: "customer-1") == [first, renewed])
        #expect(try vault.tokens(customerId: "customer-2") == [otherCustomer])
    }

    @Test func tokensAreListedInTheOrderTheyWereSaved() throws {
        let directory = try TemporaryDirectory()
        let vault = try openSQLiteStore(directory.database)
        let numbers = ["5555555555554444", "4111111111111111", "378282246310005", "6011111111111117"]
        for (index, number) in numbers.enumerated() {
            _ = try vault.save(makeToken("tok-\(9 - index)", number: number, in: vault))
        }
        _ = try vault.delete(id: "tok-6", customerId: "customer-1")
        _ = try vault.save(makeToken("tok-0", number: "4000000000000002", in: vault))

        #expect(try vault.tokens(customerId: "customer-1").map(\.id) == ["tok-9", "tok-8", "tok-7", "tok-0"])
    }

    @Test func tokensAndKeysOutliveTheProcessThatSavedThem() throws {
        let directory = try TemporaryDirectory()
        let saved: [StoredToken]
        let fingerprintKey: CardFingerprintKey
        let keyId: String
        do {
            let vault = try openSQLiteStore(directory.database)
            saved = [try vault.save(makeToken("tok-1", in: vault)),
                     try vault.save(makeToken("tok-2", number: "5555555555554444", in: vault))]
            fingerprintKey = vault.fingerprintKey
            keyId = try vault.platformKey(generatingWith: PlatformKey.generate).keyId
            try vault.close()
        }

        let reopened = try openSQLiteStore(directory.database)
        #expect(try reopened.tokens(customerId: "customer-1") == saved)
        #expect(reopened.fingerprintKey == fingerprintKey)
        let again = try reopened.platformKey { () throws(PlatformKeyError) -> PlatformKey in
            Issue.record("a store with a platform key generated another one")
            return try PlatformKey.generate()
        }
        #expect(again.keyId == keyId)
        // The same card is recognised after the restart.
        #expect(try reopened.save(makeToken("tok-3", in: reopened)) == saved[0])
    }

    @Test func eachStoreHasItsOwnFingerprintKey() throws {
        let one = try TemporaryDirectory()
        let other = try TemporaryDirectory()
        #expect(try openSQLiteStore(one.database).fingerprintKey
                != openSQLiteStore(other.database).fingerprintKey)
    }

    @Test func aFailedGenerationIsAStoreError() throws {
        let directory = try TemporaryDirectory()
        let vault = try openSQLiteStore(directory.database)
        let error = #expect(throws: StoreError.self) {
            try vault.platformKey { () throws(PlatformKeyError) -> PlatformKey in throw .generationFailed }
        }
        #expect(error?.problem == .platformKeyNotGenerated(.generationFailed))
        #expect(error?.description == "\(directory.database): cannot create the platform key: an RSA key could not be generated")
    }

    @Test func aClosedStoreFailsWithAStoreUnavailableNamingTheStore() throws {
        let directory = try TemporaryDirectory()
        let vault = try openSQLiteStore(directory.database)
        try vault.close()
        let error = #expect(throws: StoreUnavailable.self) { try vault.tokens(customerId: "customer-1") }
        #expect(error?.message.hasPrefix("the store \(directory.database): cannot list tokens (") == true)
    }
}
