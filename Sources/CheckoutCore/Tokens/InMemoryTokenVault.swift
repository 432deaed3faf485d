import Synchronization

/// The vault without `--data`: tokens live as long as the process, under one lock.
public final class InMemoryTokenVault: TokenVault {
    public let fingerprintKey: CardFingerprintKey
    private let tokensByCustomer = Mutex<[String: [StoredToken]]>([:])

    public init(fingerprintKey: CardFingerprintKey = .random()) {
        self.fingerprintKey = fingerprintKey
    }

    public func save(_ token: StoredToken) throws(StoreUnavailable) -> StoredToken {
        tokensByCustomer.withLock { tokens in
            if let existing = tokens[token.customerId]?.first(where: { $0.isSameCard(as: token) }) { return existing }
            tokens[token.customerId, default: []].append(token)
            return token
        }
    }

    public func token(id: String, customerId: String) throws(StoreUnavailable) -> StoredToken? {
        tokensByCustomer.withLock { $0[customerId]?.first { $0.id == id } }
    }

    public func tokens(customerId: String) throws(StoreUnavailable) -> [StoredToken] {
        tokensByCustomer.withLock { $0[customerId] ?? [] }
    }

    public func delete(id: String, customerId: String) throws(StoreUnavailable) -> Bool {
        tokensByCustomer.withLock { tokens in
            guard let index = tokens[customerId]?.firstIndex(where: { $0.id == id }) else { return false }
            tokens[customerId]?.remove(at: index)
            return true
        }
    }
}
