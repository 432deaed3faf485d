import CryptoExtras

/// How the content-encryption key is wrapped with the platform's RSA key: the
/// JWE `alg` (RFC 7518 §4.3). `RSA-OAEP` is SHA-1 with MGF1-SHA-1, as the Online
/// Payments SDKs use it; `RSA-OAEP-256` is SHA-256 with MGF1-SHA-256.
public enum KeyEncryptionAlgorithm: String, Sendable, Hashable, CaseIterable, Codable {
    case rsaOAEP = "RSA-OAEP"
    case rsaOAEP256 = "RSA-OAEP-256"

    var padding: _RSA.Encryption.Padding {
        switch self {
        case .rsaOAEP: .PKCS1_OAEP
        case .rsaOAEP256: .PKCS1_OAEP_SHA256
        }
    }
}
