import Crypto

/// A JWE in compact serialization (RFC 7516 §7.1) as the Online Payments SDKs
/// build `encryptedCustomerInput`:
/// `b64url(header).b64url(wrapped key).b64url(iv).b64url(ciphertext).b64url(tag)`
/// with the protected header `{"alg":…,"enc":"A256CBC-HS512","kid":…}` as the AAD
/// and a fresh random 64-byte content-encryption key and 16-byte IV every time.
public enum CompactJWE {
    public static let contentEncryption = "A256CBC-HS512"

    public static func encrypt(
        _ plaintext: [UInt8], for key: PlatformKey, algorithm: KeyEncryptionAlgorithm = .rsaOAEP
    ) throws(EncryptionError) -> String {
        var compact: [UInt8] = []
        compact.reserveCapacity(4 * (plaintext.count + key.bits / 8 + 256) / 3)
        let header = key.encodedProtectedHeader(for: algorithm)
        compact += header
        let contentKey = SecureRandom.bytes(A256CBCHS512.keyByteCount)
        let iv = SecureRandom.bytes(A256CBCHS512.ivByteCount)
        let wrappedKey = try key.wrap(contentKey, with: algorithm)
        let sealed = try A256CBCHS512.seal(plaintext, key: contentKey, iv: iv, additionalData: header)
        appendPart(wrappedKey, to: &compact)
        appendPart(iv, to: &compact)
        appendPart(sealed.ciphertext, to: &compact)
        appendPart(sealed.tag, to: &compact)
        return String(decoding: compact, as: UTF8.self)
    }

    private static func appendPart(_ part: [UInt8], to compact: inout [UInt8]) {
        compact.append(UInt8(ascii: "."))
        Base64.appendURL(part, to: &compact)
    }

    /// `{"alg":"RSA-OAEP","enc":"A256CBC-HS512","kid":"…"}`, members in that order.
    public static func protectedHeader(algorithm: KeyEncryptionAlgorithm, keyId: String) -> String {
        #"{"alg":"\#(algorithm.rawValue)","enc":"\#(contentEncryption)","kid":"\#(keyId)"}"#
    }

    /// The protected header as base64url text, the compact form's first part and
    /// the content encryption's AAD.
    static func encodedProtectedHeader(algorithm: KeyEncryptionAlgorithm, keyId: String) -> [UInt8] {
        var encoded: [UInt8] = []
        Base64.appendURL(Array(protectedHeader(algorithm: algorithm, keyId: keyId).utf8), to: &encoded)
        return encoded
    }

    /// What the platform does on receipt: checks the header names this key,
    /// unwraps the content key, checks the tag and decrypts.
    public static func decrypt(_ compact: String, with key: PlatformKey) throws(EncryptionError) -> [UInt8] {
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 5 else { throw .malformed("a compact JWE has 5 parts, this has \(parts.count)") }
        let decoded = parts.map { Base64.bytes(url: $0) }
        guard let headerBytes = decoded[0], let wrappedKey = decoded[1], let iv = decoded[2],
              let ciphertext = decoded[3], let tag = decoded[4] else {
            throw .malformed("a part is not base64url without padding")
        }
        let header = String(decoding: headerBytes, as: UTF8.self)
        guard let algorithm = KeyEncryptionAlgorithm.allCases.first(where: {
            protectedHeader(algorithm: $0, keyId: key.keyId) == header
        }) else {
            throw .malformed("the protected header is not one this key issues")
        }
        let contentKey = try key.unwrap(wrappedKey, with: algorithm)
        return try A256CBCHS512.open(A256CBCHS512.Sealed(ciphertext: ciphertext, tag: tag), key: contentKey, iv: iv,
                                     additionalData: Array(parts[0].utf8))
    }
}
