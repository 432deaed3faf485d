@testable import CheckoutStore
import CheckoutCore
import Dispatch
import Synchronization
import Testing

func contractCardSession(_ id: String, session: String = "s1", expiresAt: Timestamp = contractStart.adding(seconds: 600),
                         in vault: any TokenVault) -> AccessSession {
    AccessSession(id: id, kind: .card, clientSessionId: session, expiresAt: expiresAt,
                  card: PaymentCard(makeToken("t", in: vault)))
}

func contractPayment(_ id: String, session: String = "s1", key: String? = nil,
                     status: PaymentStatus = .pendingChallenge) -> PaymentRecord {
    let payment = Payment(id: id, status: status, statusOutput: PaymentStatusOutput(isAuthorized: status == .captured),
                          amountOfMoney: AmountOfMoney(amount: 2999, currencyCode: "EUR"), taxAmount: 0, paymentProductId: 1,
                          fraudSessionId: "fs", createdAt: contractStart)
    return PaymentRecord(payment: payment, clientSessionId: session, customerId: "cus", idempotencyKey: key, card: nil,
                         tokenize: false, locale: "en_US")
}

/// The contract of the payments part of every store: access sessions, payments,
/// nonces and idempotency keys.
@Suite("Platform store contract: access sessions and payments")
struct PaymentStoreContractTests {
    @Test(arguments: StoreKind.available)
    func anAccessSessionIsTakenOnceByItsKindAndSessionOnly(_ kind: StoreKind) throws {
        let underTest = try StoreUnderTest(kind)
        defer { withExtendedLifetime(underTest) {} }
        let platform = try underTest.open()
        let store = platform.accessSessions
        let kept = contractCardSession("acs_card_1", in: platform.tokens)
        try store.keep(kept, now: contractStart)
        #expect(try store.session(id: "acs_card_1", kind: .card, clientSessionId: "s1", now: contractStart) == kept)
        #expect(try store.session(id: "acs_card_1", kind: .card, clientSessionId: "s1", now: contractStart) == kept,
                "reading leaves it in place")
        #expect(try store.session(id: "acs_card_1", kind: .card, clientSessionId: "s2", now: contractStart) == nil)
        #expect(try store.session(id: "acs_card_1", kind: .card, clientSessionId: "s1",
                                  now: contractStart.adding(seconds: 600)) == nil)
        #expect(try store.take(id: "acs_card_1", kind: .cvc, clientSessionId: "s1", now: contractStart) == nil)
        #expect(try store.take(id: "acs_card_1", kind: .card, clientSessionId: "s2", now: contractStart) == nil)
        #expect(try store.take(id: "acs_card_1", kind: .card, clientSessionId: "s1", now: contractStart) == kept)
        #expect(try store.take(id: "acs_card_1", kind: .card, clientSessionId: "s1", now: contractStart) == nil)
        #expect(try store.session(id: "acs_card_1", kind: .card, clientSessionId: "s1", now: contractStart) == nil)
        let cvc = AccessSession(id: "acs_cvc_1", kind: .cvc, clientSessionId: "s1", expiresAt: contractStart.adding(seconds: 600),
                                cvcLength: 3)
        try store.keep(cvc, now: contractStart)
        #expect(try store.take(id: "acs_cvc_1", kind: .cvc, clientSessionId: "s1", now: contractStart.adding(seconds: 600)) == nil,
                "not once it expired")
    }

    @Test(arguments: StoreKind.available)
    func aPaymentIsKeptOncePerIdempotencyKeyAndDecidedOnce(_ kind: StoreKind) throws {
        let underTest = try StoreUnderTest(kind)
        defer { withExtendedLifetime(underTest) {} }
        let payments = try underTest.open().payments
        let first = contractPayment("pay_1", key: "k")
        #expect(try payments.insert(first, nonce: nil, now: contractStart) == .kept(first))
        #expect(try payments.insert(contractPayment("pay_2", key: "k"), nonce: nil, now: contractStart) == .existing(first),
                "the same key returns the first")
        #expect(try payments.record(id: "pay_2") == nil)
        let elsewhere = contractPayment("pay_3", session: "s2", key: "k")
        #expect(try payments.insert(elsewhere, nonce: nil, now: contractStart) == .kept(elsewhere), "keys are per session")
        for id in ["pay_4", "pay_5"] {
            #expect(try payments.insert(contractPayment(id), nonce: nil, now: contractStart) == .kept(contractPayment(id)),
                    "payments without a key never collide")
        }
        #expect(try payments.record(clientSessionId: "s1", idempotencyKey: "k") == first)
        var decided = first
        decided.payment.status = .captured
        #expect(try payments.replace(decided, ifStatus: .pendingChallenge))
        #expect(try !payments.replace(decided, ifStatus: .pendingChallenge), "decided once")
        #expect(try payments.record(id: "pay_1") == decided)
    }

    @Test(arguments: StoreKind.available)
    func aNonceIsClaimedWithItsPaymentOnceUntilItsTimeIsOver(_ kind: StoreKind) throws {
        let underTest = try StoreUnderTest(kind)
        defer { withExtendedLifetime(underTest) {} }
        let payments = try underTest.open().payments
        let nonce = PaymentNonce("n1", until: contractStart.adding(seconds: 120))
        #expect(try payments.insert(contractPayment("pay_1"), nonce: nonce, now: contractStart) == .kept(contractPayment("pay_1")))
        #expect(try payments.insert(contractPayment("pay_2"), nonce: nonce, now: contractStart.adding(seconds: 119)) == .replayed)
        #expect(try payments.record(id: "pay_2") == nil, "a replay keeps nothing")
        let keyed = contractPayment("pay_3", key: "k")
        #expect(try payments.insert(keyed, nonce: PaymentNonce("n2", until: nonce.until), now: contractStart) == .kept(keyed))
        #expect(try payments.insert(contractPayment("pay_4", key: "k"), nonce: nonce, now: contractStart) == .existing(keyed),
                "the idempotency key answers first")
        #expect(try payments.insert(contractPayment("pay_5"), nonce: PaymentNonce("n1", until: nonce.until.adding(seconds: 120)),
                                    now: nonce.until) == .kept(contractPayment("pay_5")), "swept once its time is over")
    }

    /// Two processes on one store: an access session raced from both is taken once,
    /// a nonce claimed once, a waiting payment decided once.
    @Test(arguments: StoreKind.shared)
    func twoOpeningsUseEachThingOnce(_ kind: StoreKind) throws {
        let underTest = try StoreUnderTest(kind)
        defer { withExtendedLifetime(underTest) {} }
        let (first, second) = (try underTest.open(), try underTest.open())
        for index in 0..<8 {
            try first.accessSessions.keep(contractCardSession("acs_\(index)", in: first.tokens), now: contractStart)
        }
        _ = try first.payments.insert(contractPayment("pay_1"), nonce: nil, now: contractStart)
        let taken = Atomic<Int>(0)
        let claimed = Atomic<Int>(0)
        let replaced = Atomic<Int>(0)
        var decided = contractPayment("pay_1")
        decided.payment.status = .captured
        let final = decided
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            let platform = index.isMultiple(of: 2) ? first : second
            if (try? platform.accessSessions.take(id: "acs_\(index % 8)", kind: .card, clientSessionId: "s1", now: contractStart))
                ?? nil != nil {
                taken.add(1, ordering: .relaxed)
            }
            let racer = contractPayment("pay_race_\(index)")
            if case .kept? = try? platform.payments.insert(racer, nonce: PaymentNonce("n", until: contractStart.adding(seconds: 60)),
                                                           now: contractStart) {
                claimed.add(1, ordering: .relaxed)
            }
            if (try? platform.payments.replace(final, ifStatus: .pendingChallenge)) == true { replaced.add(1, ordering: .relaxed) }
        }
        #expect(taken.load(ordering: .relaxed) == 8 && claimed.load(ordering: .relaxed) == 1
                && replaced.load(ordering: .relaxed) == 1)
        #expect(try second.payments.record(id: "pay_1") == final)
    }

    /// A store of the schema before payments is migrated with its sessions kept.
    @Test(arguments: StoreKind.shared)
    func aVersionTwoStoreIsMigratedWithItsSessions(_ kind: StoreKind) throws {
        let underTest = try StoreUnderTest(kind)
        defer { withExtendedLifetime(underTest) {} }
        let old = try underTest.openSQL(migratingUpTo: 2)
        #expect(old.schemaVersion == 2)
        try old.insert(contractSession("s1"), now: contractStart)
        try old.close()
        let migrated = try underTest.openSQL()
        #expect(migrated.schemaVersion == SQLPlatformStore.latestSchemaVersion)
        #expect(try migrated.session(id: "s1", now: contractStart).get() == contractSession("s1"))
        #expect(try migrated.insert(contractPayment("pay_1"), nonce: PaymentNonce("n", until: contractStart.adding(seconds: 60)),
                                    now: contractStart) == .kept(contractPayment("pay_1")))
    }

    @Test(arguments: StoreKind.available)
    func aSessionKeepsItsAuthenticationsInTheStore(_ kind: StoreKind) throws {
        let underTest = try StoreUnderTest(kind)
        defer { withExtendedLifetime(underTest) {} }
        let sessions = try underTest.open().sessions
        try sessions.insert(contractSession("s1"), now: contractStart)
        let result = ThreeDSResult(status: .authenticationSucceeded, transStatus: .authenticated, dsTransId: "d",
                                   threeDSVersion: "2.2.0", liabilityShift: true)
        _ = try sessions.update(id: "s1", now: contractStart) {
            $0.remember(CardAuthentication(cardFingerprint: "f", result: result))
        }.get()
        let read = try sessions.session(id: "s1", now: contractStart).get()
        #expect(read.authentication(ofCardWithFingerprint: "f")?.result == result)
        #expect(read.authentication(ofCardWithFingerprint: "g") == nil)
    }
}

@Suite("Payments in memory")
struct InMemoryPaymentStoreTests {
    @Test func theOldestPaymentsAreForgottenBeyondTheCapacityWithTheirKeys() {
        let store = InMemoryPaymentStore(capacity: 2)
        for (id, key) in [("pay_1", "k1"), ("pay_2", "k2"), ("pay_3", "k3")] {
            _ = store.insert(contractPayment(id, key: key), nonce: nil, now: contractStart)
        }
        #expect(store.record(id: "pay_1") == nil && store.record(clientSessionId: "s1", idempotencyKey: "k1") == nil)
        #expect(store.record(id: "pay_2") != nil && store.record(id: "pay_3") != nil)
        #expect(store.insert(contractPayment("pay_4", key: "k1"), nonce: nil, now: contractStart) == .kept(contractPayment("pay_4", key: "k1")))
    }
}
