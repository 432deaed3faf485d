import Crypto

/// The per-store secret that keys card fingerprints.
public struct CardFingerprintKey: Sendable, Hashable {
    public static let byteCount = 32
    let bytes: [UInt8]

    /// A key of exactly 32 bytes; nil otherwise.
    public init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount else { return nil }
        self.bytes = bytes
    }

    /// A fresh random key, for a store that has none yet.
    public static func random() -> CardFingerprintKey {
        CardFingerprintKey(bytes: SecureRandom.bytes(byteCount))!
    }

    /// The fingerprint of a card number (digits only): HMAC-SHA-256 under this key,
    /// as 64 lower-case hexadecimal digits. Without the key it cannot be linked to
    /// the number, so it is safe to keep and to index.
    public func fingerprint(ofCardNumber digits: String) -> String {
        let mac = HMAC<SHA256>.authenticationCode(for: Array(digits.utf8), using: SymmetricKey(data: bytes))
        return mac.map { byte in
            let text = String(byte, radix: 16)
            return text.count == 1 ? "0" + text : text
        }.joined()
    }
}
