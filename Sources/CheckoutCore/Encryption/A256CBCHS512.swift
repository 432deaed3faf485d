import Crypto
import CryptoExtras

/// The JWE content encryption `A256CBC-HS512` (RFC 7518 §5.2.5): AES-256-CBC
/// with PKCS#7 padding, authenticated by HMAC-SHA-512 truncated to 32 bytes.
/// swift-crypto does the primitives; this type only composes them: the 64-byte
/// key splits into the MAC key (first 32 bytes) and the AES key (last 32), and
/// the MAC covers AAD ‖ IV ‖ ciphertext ‖ the AAD's length in bits as a 64-bit
/// big-endian integer.
public enum A256CBCHS512 {
    public static let keyByteCount = 64
    public static let ivByteCount = 16
    public static let tagByteCount = 32
    private static let blockByteCount = 16

    /// A ciphertext and the tag that authenticates it.
    public struct Sealed: Sendable, Hashable {
        public var ciphertext: [UInt8]
        public var tag: [UInt8]

        public init(ciphertext: [UInt8], tag: [UInt8]) {
            self.ciphertext = ciphertext
            self.tag = tag
        }
    }

    public static func seal(
        _ plaintext: [UInt8], key: [UInt8], iv: [UInt8], additionalData: [UInt8]
    ) throws(EncryptionError) -> Sealed {
        let (macKey, encryptionKey) = try split(key)
        let ciphertext: [UInt8]
        do {
            ciphertext = try [UInt8](AES._CBC.encrypt(
                padded(plaintext), using: encryptionKey, iv: AES._CBC.IV(ivBytes: iv), noPadding: true))
        } catch {
            throw .contentEncryptionFailed
        }
        return Sealed(ciphertext: ciphertext,
                      tag: tag(macKey: macKey, iv: iv, ciphertext: ciphertext, additionalData: additionalData))
    }

    /// The plaintext of `sealed`, after checking its tag in constant time.
    public static func open(
        _ sealed: Sealed, key: [UInt8], iv: [UInt8], additionalData: [UInt8]
    ) throws(EncryptionError) -> [UInt8] {
        let (macKey, encryptionKey) = try split(key)
        let expected = tag(macKey: macKey, iv: iv, ciphertext: sealed.ciphertext, additionalData: additionalData)
        guard sealed.tag.count == tagByteCount, constantTimeEqual(expected, sealed.tag) else {
            throw .authenticationFailed
        }
        do {
            return try [UInt8](AES._CBC.decrypt(sealed.ciphertext, using: encryptionKey, iv: AES._CBC.IV(ivBytes: iv)))
        } catch {
            throw .authenticationFailed
        }
    }

    /// `plaintext` with PKCS#7 padding (RFC 5652 §6.3) to whole 16-byte blocks,
    /// as RFC 7518 §5.2.2.1 asks. Added here rather than by swift-crypto, whose
    /// padding goes through a generic `Data` append: 2,500 instructions an
    /// encryption (callgrind), more than the AES itself.
    private static func padded(_ plaintext: [UInt8]) -> [UInt8] {
        let padLength = blockByteCount - plaintext.count % blockByteCount
        var padded = plaintext
        padded.append(contentsOf: repeatElement(UInt8(padLength), count: padLength))
        return padded
    }

    private static func split(_ key: [UInt8]) throws(EncryptionError) -> (mac: SymmetricKey, encryption: SymmetricKey) {
        guard key.count == keyByteCount else { throw .contentEncryptionFailed }
        return (SymmetricKey(data: key[..<32]), SymmetricKey(data: key[32...]))
    }

    /// The MAC is fed part by part, so the parts are never copied into one input.
    private static func tag(macKey: SymmetricKey, iv: [UInt8], ciphertext: [UInt8], additionalData: [UInt8]) -> [UInt8] {
        var mac = HMAC<SHA512>(key: macKey)
        mac.update(data: additionalData)
        mac.update(data: iv)
        mac.update(data: ciphertext)
        withUnsafeBytes(of: (UInt64(additionalData.count) * 8).bigEndian) { mac.update(data: $0) }
        return mac.finalize().withUnsafeBytes { Array($0.prefix(tagByteCount)) }
    }

    private static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
