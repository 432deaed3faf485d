/// Why a payload could not be encrypted or a JWE could not be opened. The
/// service reports the first kind as `ENCRYPTION_FAILED`; messages never carry
/// key material or plaintext.
public enum EncryptionError: Error, Sendable, Hashable {
    /// The platform key could not wrap the content-encryption key.
    case keyWrapFailed
    /// AES-256-CBC or HMAC-SHA-512 refused its input (a key or IV of the wrong size).
    case contentEncryptionFailed
    /// A compact JWE that is not five base64url parts with a known header.
    case malformed(String)
    /// The authentication tag does not match: the JWE was altered or is for another key.
    case authenticationFailed
}
