import Synchronization

/// A payment as the platform keeps it: its wire shape, the session and customer
/// it belongs to, the idempotency key it was created with, and — for a card
/// payment still waiting for its challenge — the card (no number: its keyed
/// fingerprint) and whether to tokenize it once captured.
public struct PaymentRecord: Sendable, Hashable, Codable {
    public var payment: Payment
    public var clientSessionId: String
    public var customerId: String
    public var idempotencyKey: String?
    public var card: PaymentCard?
    public var tokenize: Bool
    /// The session's locale, for the messages of a decision made later.
    public var locale: String

    public init(payment: Payment, clientSessionId: String, customerId: String, idempotencyKey: String?,
                card: PaymentCard?, tokenize: Bool, locale: String) {
        self.payment = payment
        self.clientSessionId = clientSessionId
        self.customerId = customerId
        self.idempotencyKey = idempotencyKey
        self.card = card
        self.tokenize = tokenize
        self.locale = locale
    }
}

/// Where the platform keeps payments, the nonces of the encrypted inputs they
/// were made from, and their idempotency keys. Every operation is atomic across
/// the processes that share the store: a nonce is claimed once, one payment per
/// session and idempotency key is kept, and a waiting payment is decided once.
public protocol PaymentStore: Sendable {
    /// Claims the nonce of an `encryptedCustomerInput`; false when it was claimed
    /// before. A claim is kept until `until` (the end of its session's life),
    /// after which the store may sweep it.
    func claimNonce(_ nonce: String, until: Timestamp, now: Timestamp) throws(StoreUnavailable) -> Bool

    /// Keeps a new payment and returns it; when its session already has a payment
    /// with the same idempotency key, keeps nothing and returns that one.
    func insert(_ record: PaymentRecord) throws(StoreUnavailable) -> PaymentRecord

    /// The payment `id`, if any.
    func record(id: String) throws(StoreUnavailable) -> PaymentRecord?

    /// The payment of the session `clientSessionId` with `idempotencyKey`, if any.
    func record(clientSessionId: String, idempotencyKey: String) throws(StoreUnavailable) -> PaymentRecord?

    /// Replaces the payment `record.payment.id` when its status is still `expected`;
    /// false (and nothing changed) otherwise.
    func replace(_ record: PaymentRecord, ifStatus expected: PaymentStatus) throws(StoreUnavailable) -> Bool
}

/// Payments in this process's memory, behind one lock.
public final class InMemoryPaymentStore: PaymentStore {
    private struct State {
        var payments: [String: PaymentRecord] = [:]
        var byIdempotencyKey: [String: String] = [:]
        var nonces: [String: Timestamp] = [:]
        var sweepNoncesAt = 1024
    }

    private let state = Mutex(State())

    public init() {}

    public func claimNonce(_ nonce: String, until: Timestamp, now: Timestamp) -> Bool {
        state.withLock { state in
            if let kept = state.nonces[nonce], kept > now { return false }
            if state.nonces.count >= state.sweepNoncesAt {
                state.nonces = state.nonces.filter { $0.value > now }
                state.sweepNoncesAt = max(1024, 2 * state.nonces.count)
            }
            state.nonces[nonce] = until
            return true
        }
    }

    public func insert(_ record: PaymentRecord) -> PaymentRecord {
        state.withLock { state in
            if let key = record.idempotencyKey {
                let scoped = Self.scoped(record.clientSessionId, key)
                if let id = state.byIdempotencyKey[scoped], let existing = state.payments[id] { return existing }
                state.byIdempotencyKey[scoped] = record.payment.id
            }
            state.payments[record.payment.id] = record
            return record
        }
    }

    public func record(id: String) -> PaymentRecord? {
        state.withLock { $0.payments[id] }
    }

    public func record(clientSessionId: String, idempotencyKey: String) -> PaymentRecord? {
        state.withLock { state in
            state.byIdempotencyKey[Self.scoped(clientSessionId, idempotencyKey)].flatMap { state.payments[$0] }
        }
    }

    public func replace(_ record: PaymentRecord, ifStatus expected: PaymentStatus) -> Bool {
        state.withLock { state in
            guard state.payments[record.payment.id]?.payment.status == expected else { return false }
            state.payments[record.payment.id] = record
            return true
        }
    }

    private static func scoped(_ clientSessionId: String, _ key: String) -> String {
        clientSessionId + "\u{0}" + key
    }
}
