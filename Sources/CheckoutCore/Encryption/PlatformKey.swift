import Crypto
import CryptoExtras

/// The platform's RSA key pair, which the simulated platform would hold: hosts
/// get its public half from `encryption.publicKey` and `paymentRequest.encrypt`
/// wraps every content-encryption key with it. Its `keyId` is the RFC 7638 JWK
/// thumbprint of the public key, so it names the key and nothing else.
///
/// `@unchecked Sendable`: swift-crypto's RSA encryption keys are not marked
/// Sendable, but they wrap BoringSSL RSA objects that are never mutated after
/// creation and that BoringSSL documents as safe for concurrent use, so one key
/// serves every encryption at once without a lock.
public final class PlatformKey: @unchecked Sendable {
    public static let minimumBits = 2048

    private let privateKey: _RSA.Encryption.PrivateKey
    private let publicKey: _RSA.Encryption.PublicKey
    /// The RFC 7638 JWK thumbprint (SHA-256, base64url) of the public key.
    public let keyId: String
    /// The DER SubjectPublicKeyInfo of the public key.
    public let publicKeyDER: [UInt8]
    /// Each algorithm's encoded JWE protected header: the same for every
    /// encryption with this key, so made once.
    private let encodedProtectedHeaders: [KeyEncryptionAlgorithm: [UInt8]]

    /// The key in a PEM file: PKCS#1 (`RSA PRIVATE KEY`) or PKCS#8 (`PRIVATE KEY`),
    /// unencrypted, of at least 2048 bits.
    public convenience init(pemRepresentation pem: String) throws(PlatformKeyError) {
        let key: _RSA.Encryption.PrivateKey
        do {
            key = try _RSA.Encryption.PrivateKey(pemRepresentation: pem)
        } catch {
            if let weak = try? _RSA.Encryption.PrivateKey(unsafePEMRepresentation: pem) {
                throw .tooWeak(bits: weak.keySizeInBits)
            }
            throw .notAnRSAPrivateKey
        }
        try self.init(key)
    }

    /// A fresh 2048-bit key, for a platform that was given none.
    public static func generate() throws(PlatformKeyError) -> PlatformKey {
        do {
            return try PlatformKey(_RSA.Encryption.PrivateKey(keySize: .bits2048))
        } catch let error as PlatformKeyError {
            throw error
        } catch {
            throw .generationFailed
        }
    }

    private init(_ key: _RSA.Encryption.PrivateKey) throws(PlatformKeyError) {
        guard key.keySizeInBits >= Self.minimumBits else { throw .tooWeak(bits: key.keySizeInBits) }
        self.privateKey = key
        self.publicKey = key.publicKey
        self.publicKeyDER = [UInt8](publicKey.derRepresentation)
        guard let primitives = try? publicKey.getKeyPrimitives() else { throw .notAnRSAPrivateKey }
        let keyId = Self.thumbprint(modulus: [UInt8](primitives.modulus), exponent: [UInt8](primitives.publicExponent))
        self.keyId = keyId
        self.encodedProtectedHeaders = Dictionary(uniqueKeysWithValues: KeyEncryptionAlgorithm.allCases.map { algorithm in
            (algorithm, CompactJWE.encodedProtectedHeader(algorithm: algorithm, keyId: keyId))
        })
    }

    func encodedProtectedHeader(for algorithm: KeyEncryptionAlgorithm) -> [UInt8] {
        encodedProtectedHeaders[algorithm] ?? CompactJWE.encodedProtectedHeader(algorithm: algorithm, keyId: keyId)
    }

    /// The size of the modulus in bits.
    public var bits: Int { privateKey.keySizeInBits }

    /// The private key as PKCS#8 PEM, for a store the operator chose (`--data`).
    public var pkcs8PEMRepresentation: String { privateKey.pkcs8PEMRepresentation }

    /// RFC 7638 §3: SHA-256 of the JWK's required members in lexicographic order
    /// with no whitespace. Base64url text needs no JSON escaping.
    static func thumbprint(modulus: [UInt8], exponent: [UInt8]) -> String {
        let jwk = #"{"e":"\#(Base64.url(exponent))","kty":"RSA","n":"\#(Base64.url(modulus))"}"#
        return Base64.url(SHA256.hash(data: Array(jwk.utf8)))
    }

    func wrap(_ contentKey: [UInt8], with algorithm: KeyEncryptionAlgorithm) throws(EncryptionError) -> [UInt8] {
        do {
            return try [UInt8](publicKey.encrypt(contentKey, padding: algorithm.padding))
        } catch {
            throw .keyWrapFailed
        }
    }

    func unwrap(_ wrappedKey: [UInt8], with algorithm: KeyEncryptionAlgorithm) throws(EncryptionError) -> [UInt8] {
        do {
            return try [UInt8](privateKey.decrypt(wrappedKey, padding: algorithm.padding))
        } catch {
            throw .authenticationFailed
        }
    }
}

/// Why a key cannot be the platform key.
public enum PlatformKeyError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not an unencrypted RSA private key in PEM (PKCS#1 or PKCS#8).
    case notAnRSAPrivateKey
    /// An RSA key shorter than `PlatformKey.minimumBits`.
    case tooWeak(bits: Int)
    /// The system could not generate a key.
    case generationFailed

    public var description: String {
        switch self {
        case .notAnRSAPrivateKey:
            "not an unencrypted RSA private key in PEM (PKCS#1 or PKCS#8), or shorter than 1024 bits"
        case .tooWeak(let bits):
            "the RSA key has \(bits) bits; at least \(PlatformKey.minimumBits) are required"
        case .generationFailed:
            "an RSA key could not be generated"
        }
    }
}
