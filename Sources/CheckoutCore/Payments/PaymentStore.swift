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

/// The nonce of the `encryptedCustomerInput` a payment is made from, claimed with
/// the payment and kept until `until` (the end of its session's life), after
/// which the store may sweep it.
public struct PaymentNonce: Sendable, Hashable {
    public var nonce: String
    public var until: Timestamp

    public init(_ nonce: String, until: Timestamp) {
        self.nonce = nonce
        self.until = until
    }
}

/// What keeping a new payment did.
public enum PaymentInsertion: Sendable, Hashable {
    /// The payment is kept (and its nonce claimed).
    case kept(PaymentRecord)
    /// Its session already has a payment with its idempotency key: that one, and nothing changed.
    case existing(PaymentRecord)
    /// Its nonce was claimed before: nothing changed.
    case replayed
}

/// Where the platform keeps payments, the nonces of the encrypted inputs they
/// were made from, and their idempotency keys. Every operation is atomic across
/// the processes that share the store: a payment is kept together with its
/// nonce's claim or not at all, a nonce is claimed once, one payment per
/// session and idempotency key is kept, and a waiting payment is decided once.
public protocol PaymentStore: Sendable {
    /// Keeps a new payment, claiming `nonce` with it, in one step: a payment with
    /// the same session and idempotency key wins first (`existing`), then a nonce
    /// claimed before (`replayed`); either way nothing changes.
    func insert(_ record: PaymentRecord, nonce: PaymentNonce?, now: Timestamp) throws(StoreUnavailable) -> PaymentInsertion

    /// The payment `id`, if any.
    func record(id: String) throws(StoreUnavailable) -> PaymentRecord?

    /// The payment of the session `clientSessionId` with `idempotencyKey`, if any.
    func record(clientSessionId: String, idempotencyKey: String) throws(StoreUnavailable) -> PaymentRecord?

    /// Replaces the payment `record.payment.id` when its status is still `expected`;
    /// false (and nothing changed) otherwise.
    func replace(_ record: PaymentRecord, ifStatus expected: PaymentStatus) throws(StoreUnavailable) -> Bool
}

/// Payments in this process's memory, behind one lock. Like the sessions in
/// memory, at most `capacity` payments are kept: beyond it the oldest is
/// forgotten (with its idempotency key), so a long-lived process stays bounded.
public final class InMemoryPaymentStore: PaymentStore {
    private struct State {
        var payments: [String: PaymentRecord] = [:]
        var order = FIFOQueue<String>()
        var byIdempotencyKey: [String: String] = [:]
        var nonces: [String: Timestamp] = [:]
        var sweepNoncesAt = 1024
    }

    private let state = Mutex(State())
    public let capacity: Int

    public init(capacity: Int = 100_000) {
        self.capacity = max(1, capacity)
    }

    public func insert(_ record: PaymentRecord, nonce: PaymentNonce?, now: Timestamp) -> PaymentInsertion {
        state.withLock { state in
            let scoped = record.idempotencyKey.map { Self.scoped(record.clientSessionId, $0) }
            if let scoped, let id = state.byIdempotencyKey[scoped], let existing = state.payments[id] {
                return .existing(existing)
            }
            if let nonce {
                if let kept = state.nonces[nonce.nonce], kept > now { return .replayed }
                if state.nonces.count >= state.sweepNoncesAt {
                    state.nonces = state.nonces.filter { $0.value > now }
                    state.sweepNoncesAt = max(1024, 2 * state.nonces.count)
                }
                state.nonces[nonce.nonce] = nonce.until
            }
            if let scoped { state.byIdempotencyKey[scoped] = record.payment.id }
            state.payments[record.payment.id] = record
            state.order.append(record.payment.id)
            while state.order.count > capacity, let oldest = state.order.first {
                state.order.removeFirst()
                if let forgotten = state.payments.removeValue(forKey: oldest), let key = forgotten.idempotencyKey {
                    state.byIdempotencyKey[Self.scoped(forgotten.clientSessionId, key)] = nil
                }
            }
            return .kept(record)
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
