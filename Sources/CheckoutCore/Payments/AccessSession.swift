import Synchronization

/// An Access Checkout session (API.md 9.5): a card or a CVC the customer typed,
/// validated and exchanged for a short-lived, single-use id that a token or a
/// payment is made with.
///
/// It keeps no card number and no CVC. A card session keeps what the platform
/// needs later — the card's brand, bin, last 4, expiry, product and keyed
/// fingerprint (`PaymentCard`) — since tokens, 3-D Secure and the test-card
/// tables all work from the fingerprint. A CVC session keeps only how many
/// digits the CVC had, so a payment can check it fits the card's brand.
public struct AccessSession: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case card, cvc
    }

    /// `acs_card_…` or `acs_cvc_…`.
    public var id: String
    public var kind: Kind
    /// The checkout session it was made in, and the only one that can use it.
    public var clientSessionId: String
    public var expiresAt: Timestamp
    /// The card of a card session.
    public var card: PaymentCard?
    /// The number of digits of a CVC session's CVC.
    public var cvcLength: Int?

    /// How long an access session can be used, in seconds.
    public static let timeToLive: Int64 = 600

    public init(id: String, kind: Kind, clientSessionId: String, expiresAt: Timestamp, card: PaymentCard? = nil,
                cvcLength: Int? = nil) {
        self.id = id
        self.kind = kind
        self.clientSessionId = clientSessionId
        self.expiresAt = expiresAt
        self.card = card
        self.cvcLength = cvcLength
    }
}

/// Where the platform keeps access sessions until they are used or expire. An
/// access session is taken exactly once across every process on the store;
/// expired ones are swept as new ones are kept.
public protocol AccessSessionStore: Sendable {
    /// Keeps `session` until it is taken or expires.
    func keep(_ session: AccessSession, now: Timestamp) throws(StoreUnavailable)

    /// The live access session `id` of `kind` made in `clientSessionId`, left in
    /// place: what a use reads before it decides, then takes it.
    func session(id: String, kind: AccessSession.Kind, clientSessionId: String, now: Timestamp)
        throws(StoreUnavailable) -> AccessSession?

    /// Removes and returns the live access session `id` of `kind` made in the checkout
    /// session `clientSessionId`; nil — and nothing removed — when there is none.
    func take(id: String, kind: AccessSession.Kind, clientSessionId: String, now: Timestamp)
        throws(StoreUnavailable) -> AccessSession?
}

/// Access sessions in this process's memory, behind a lock.
public final class InMemoryAccessSessionStore: AccessSessionStore {
    /// The sessions, and the count at which expired ones are next swept out.
    private let state = Mutex<(sessions: [String: AccessSession], sweepAt: Int)>(([:], 1024))

    public init() {}

    public func keep(_ session: AccessSession, now: Timestamp) {
        state.withLock { state in
            if state.sessions.count >= state.sweepAt {
                state.sessions = state.sessions.filter { $0.value.expiresAt > now }
                state.sweepAt = max(1024, 2 * state.sessions.count)
            }
            state.sessions[session.id] = session
        }
    }

    public func session(id: String, kind: AccessSession.Kind, clientSessionId: String, now: Timestamp) -> AccessSession? {
        state.withLock { state in
            state.sessions[id].flatMap { found in
                found.kind == kind && found.clientSessionId == clientSessionId && found.expiresAt > now ? found : nil
            }
        }
    }

    public func take(id: String, kind: AccessSession.Kind, clientSessionId: String, now: Timestamp) -> AccessSession? {
        state.withLock { state in
            guard let found = state.sessions[id], found.kind == kind, found.clientSessionId == clientSessionId,
                  found.expiresAt > now else { return nil }
            state.sessions[id] = nil
            return found
        }
    }
}
