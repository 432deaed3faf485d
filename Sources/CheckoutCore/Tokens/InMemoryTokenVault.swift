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
            if let index = tokens[token.customerId]?.firstIndex(where: { $0.isSameCard(as: token) }) {
                let kept = tokens[token.customerId]![index].keepingDetails(of: token)
                tokens[token.customerId]![index] = kept
                return kept
            }
            tokens[token.customerId, default: []].append(token)
            return token
        }
    }

    public func update(id: String, customerId: String, _ change: TokenChange) throws(StoreUnavailable) -> TokenUpdateOutcome {
        tokensByCustomer.withLock { tokens in
            guard let index = tokens[customerId]?.firstIndex(where: { $0.id == id }) else { return .notFound }
            let changed = change.applied(to: tokens[customerId]![index])
            if let other = tokens[customerId]!.first(where: { $0.id != id && $0.isSameCard(as: changed) }) {
                return .sameCardExists(tokenId: other.id)
            }
            tokens[customerId]![index] = changed
            return .updated(changed)
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
