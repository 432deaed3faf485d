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
    /// unwraps the content key, checks the tag and decrypts. Only the exact
    /// header this service writes is accepted; see `decrypt(_:with:readingHeader:)`
    /// for JWEs other libraries made.
    public static func decrypt(_ compact: String, with key: PlatformKey) throws(EncryptionError) -> [UInt8] {
        try decrypt(compact, with: key) { bytes in
            let header = String(decoding: bytes, as: UTF8.self)
            return KeyEncryptionAlgorithm.allCases.first { protectedHeader(algorithm: $0, keyId: key.keyId) == header }
                .map { JWEHeader(alg: $0.rawValue, enc: contentEncryption, kid: key.keyId) }
        }
    }

    /// The same for a JWE any JOSE library made: `readingHeader` reads the
    /// decoded protected header (JSON, whose member order and spacing vary by
    /// library), nil when it is not a JSON object of strings. The header must name
    /// `RSA-OAEP` or `RSA-OAEP-256`, `A256CBC-HS512`, no compression and no
    /// critical extension, and this key's id when it names one.
    public static func decrypt(
        _ compact: String, with key: PlatformKey, readingHeader: ([UInt8]) -> JWEHeader?
    ) throws(EncryptionError) -> [UInt8] {
        let parts = compact.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 5 else { throw .malformed("a compact JWE has 5 parts, this has \(parts.count)") }
        let decoded = parts.map { Base64.bytes(url: $0) }
        guard let headerBytes = decoded[0], let wrappedKey = decoded[1], let iv = decoded[2],
              let ciphertext = decoded[3], let tag = decoded[4] else {
            throw .malformed("a part is not base64url without padding")
        }
        guard let header = readingHeader(headerBytes) else { throw .malformed("the protected header is not a JSON object") }
        guard let algorithm = KeyEncryptionAlgorithm(rawValue: header.alg) else {
            throw .malformed("the protected header's alg is not RSA-OAEP or RSA-OAEP-256")
        }
        guard header.enc == contentEncryption else { throw .malformed("the protected header's enc is not A256CBC-HS512") }
        guard !header.compressed, !header.critical else {
            throw .malformed("the protected header asks for compression or a critical extension")
        }
        guard header.kid == nil || header.kid == key.keyId else {
            throw .malformed("the protected header names another key")
        }
        let contentKey = try key.unwrap(wrappedKey, with: algorithm)
        return try A256CBCHS512.open(A256CBCHS512.Sealed(ciphertext: ciphertext, tag: tag), key: contentKey, iv: iv,
                                     additionalData: Array(parts[0].utf8))
    }
}

/// The members of a JWE protected header that decide how it is opened.
public struct JWEHeader: Sendable, Hashable {
    public var alg: String
    public var enc: String
    public var kid: String?
    /// Whether the header has `zip` (compressed plaintext), which the platform does not accept.
    public var compressed: Bool
    /// Whether the header has `crit` (extensions the recipient must understand).
    public var critical: Bool

    public init(alg: String, enc: String, kid: String?, compressed: Bool = false, critical: Bool = false) {
        self.alg = alg
        self.enc = enc
        self.kid = kid
        self.compressed = compressed
        self.critical = critical
    }
}
