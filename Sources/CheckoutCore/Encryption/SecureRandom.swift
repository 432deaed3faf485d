import Crypto

/// Random bytes from swift-crypto's generator (BoringSSL `RAND_bytes`).
enum SecureRandom {
    static func bytes(_ count: Int) -> [UInt8] {
        SymmetricKey(size: SymmetricKeySize(bitCount: count * 8)).withUnsafeBytes { Array($0) }
    }
}
