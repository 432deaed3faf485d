/// Everything the simulated platform keeps between requests: sessions, 3-D
/// Secure challenges, tokens, access sessions and payments, each behind its
/// store protocol. In process
/// memory by default; with `--data`, in SQLite or PostgreSQL, where several
/// processes share it and no process keeps a copy another could make stale.
public struct PlatformStore: Sendable {
    public enum Kind: String, Sendable, Codable {
        case memory, sqlite, postgresql
    }

    public let kind: Kind
    /// The version of the store's schema; nil in memory.
    public let schemaVersion: Int?
    public let sessions: any SessionStore
    public let challenges: any ChallengeStore
    public let tokens: any TokenVault
    public let accessSessions: any AccessSessionStore
    public let payments: any PaymentStore

    public init(kind: Kind, schemaVersion: Int?, sessions: any SessionStore, challenges: any ChallengeStore,
                tokens: any TokenVault, accessSessions: any AccessSessionStore, payments: any PaymentStore) {
        self.kind = kind
        self.schemaVersion = schemaVersion
        self.sessions = sessions
        self.challenges = challenges
        self.tokens = tokens
        self.accessSessions = accessSessions
        self.payments = payments
    }

    /// The platform in this process's memory, gone with it.
    public static func memory(
        sessionTimeToLive: Int64 = 3600, sessionCapacity: Int = 100_000, tokens: any TokenVault = InMemoryTokenVault()
    ) -> PlatformStore {
        PlatformStore(kind: .memory, schemaVersion: nil,
                      sessions: InMemorySessionStore(timeToLive: sessionTimeToLive, capacity: sessionCapacity),
                      challenges: InMemoryChallengeStore(), tokens: tokens,
                      accessSessions: InMemoryAccessSessionStore(), payments: InMemoryPaymentStore(capacity: sessionCapacity))
    }
}
