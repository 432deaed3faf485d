import CheckoutCore
import Crypto
import Foundation

/// The store's own secret: 32 random bytes kept in the key file next to the
/// database, never in it. Everything secret the database holds depends on it:
/// card fingerprints are keyed with a key derived from it, and the key check and
/// the platform key are sealed (AES-GCM) with another.
struct StoreKey: Sendable {
    static let byteCount = 32

    private let key: SymmetricKey

    /// A key of exactly 32 bytes; nil otherwise.
    init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount else { return nil }
        key = SymmetricKey(data: bytes)
    }

    /// A fresh random key, for a store that has none yet.
    static func random() -> StoreKey {
        StoreKey(bytes: SymmetricKey(size: .bits256).withUnsafeBytes { Array($0) })!
    }

    /// The bytes the key file holds.
    var bytes: [UInt8] { key.withUnsafeBytes { Array($0) } }

    /// The card fingerprint key of this store, derived with HKDF-SHA-256: fixed for
    /// as long as the key file is.
    var cardFingerprintKey: CardFingerprintKey {
        CardFingerprintKey(bytes: derived(info: "checkoutd store: card fingerprint key v1"))!
    }

    /// `secret` sealed with AES-256-GCM under the sealing key, bound to its purpose:
    /// nonce, ciphertext and tag in one blob.
    func seal(_ secret: [UInt8], as purpose: SealedSecret) -> [UInt8] {
        // A 12-byte random nonce and a 32-byte key cannot make `seal` fail.
        let box = try! AES.GCM.seal(secret, using: sealingKey, authenticating: Array(purpose.rawValue.utf8))
        return Array(box.combined!)
    }

    /// The secret in `sealed`; nil when this key did not seal it for `purpose`.
    func open(_ sealed: [UInt8], as purpose: SealedSecret) -> [UInt8]? {
        guard let box = try? AES.GCM.SealedBox(combined: sealed),
              let secret = try? AES.GCM.open(box, using: sealingKey, authenticating: Array(purpose.rawValue.utf8))
        else { return nil }
        return Array(secret)
    }

    private var sealingKey: SymmetricKey {
        SymmetricKey(data: derived(info: "checkoutd store: sealing key v1"))
    }

    private func derived(info: String) -> [UInt8] {
        HKDF<SHA256>.deriveKey(inputKeyMaterial: key, info: Array(info.utf8), outputByteCount: 32)
            .withUnsafeBytes { Array($0) }
    }
}

/// What a sealed blob in the database is; authenticated with it, so one cannot
/// be passed off as another.
enum SealedSecret: String {
    /// A known value that proves the key file belongs to the database.
    case keyCheck = "checkoutd store: key check"
    /// The platform key's PKCS#8 PEM.
    case platformKey = "checkoutd store: platform key"
}
