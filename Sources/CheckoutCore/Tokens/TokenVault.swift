/// Where tokens live (the platform's vault): in memory by default, in the
/// `--data` store (SQLite or PostgreSQL) otherwise. Every operation is scoped to a customer, so one customer's token id
/// is `TOKEN_NOT_FOUND` for every other customer.
///
/// Implementations are safe to call from several threads, and — for a store on
/// disk — from several processes: `save` is atomic with its de-duplication.
public protocol TokenVault: Sendable {
    /// The secret card fingerprints are keyed with; fixed for the life of the store.
    var fingerprintKey: CardFingerprintKey { get }

    /// Keeps `token`, unless its customer already has a token for the same card and
    /// expiry (`StoredToken.isSameCard`): then that one is kept and returned, with
    /// the addresses `token` gives replacing its own (`StoredToken.keepingDetails`)
    /// and nothing else changed.
    func save(_ token: StoredToken) throws(StoreUnavailable) -> StoredToken

    /// Makes `change` to the customer's token `id`, atomically: `.notFound` when the
    /// customer has no such token, `.sameCardExists` (and nothing changed) when a new
    /// expiry date is that of another token of the customer for the same card.
    func update(id: String, customerId: String, _ change: TokenChange) throws(StoreUnavailable) -> TokenUpdateOutcome

    /// The customer's token with `id`, if any.
    func token(id: String, customerId: String) throws(StoreUnavailable) -> StoredToken?

    /// Every token of the customer, oldest first.
    func tokens(customerId: String) throws(StoreUnavailable) -> [StoredToken]

    /// Removes the customer's token; false when there was none.
    func delete(id: String, customerId: String) throws(StoreUnavailable) -> Bool
}
