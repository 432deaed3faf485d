#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Base64 in the two alphabets the payment request uses: standard (RFC 4648 §4,
/// padded) for `publicKey` and `encodedClientMetaInfo`, and URL-safe without
/// padding (§5, as JOSE requires) for the parts of a compact JWE.
public enum Base64 {
    public static func standard(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        append(Array(bytes), alphabet: standardAlphabet, padded: true, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    public static func url(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        appendURL(Array(bytes), to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the URL-safe, unpadded encoding of `bytes` to `text` (how a compact
    /// JWE is built, part after part, in one buffer).
    public static func appendURL(_ bytes: [UInt8], to text: inout [UInt8]) {
        append(bytes, alphabet: urlAlphabet, padded: false, to: &text)
    }

    private static let standardAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
    private static let urlAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Every 3 bytes become 4 characters of 6 bits each; a last group of 1 or 2
    /// bytes becomes 2 or 3 characters, then `=` up to 4 when padded. The
    /// characters are made in scratch space and appended at once: growing the
    /// array with zeros first and then overwriting them took twice as long.
    private static func append(_ bytes: [UInt8], alphabet: [UInt8], padded: Bool, to text: inout [UInt8]) {
        let remaining = bytes.count % 3
        let encodedCount = bytes.count / 3 * 4 + (remaining == 0 ? 0 : padded ? 4 : remaining + 1)
        guard encodedCount > 0 else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: encodedCount) { output in
            bytes.withUnsafeBufferPointer { bytes in
                alphabet.withUnsafeBufferPointer { alphabet in
                    var position = 0
                    func emit(_ sixBits: UInt32) {
                        output[position] = alphabet[Int(sixBits & 0x3F)]
                        position += 1
                    }
                    var index = 0
                    while index + 3 <= bytes.count {
                        let group = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                        emit(group >> 18)
                        emit(group >> 12)
                        emit(group >> 6)
                        emit(group)
                        index += 3
                    }
                    if remaining > 0 {
                        let group = UInt32(bytes[index]) << 16 | (remaining == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                        emit(group >> 18)
                        emit(group >> 12)
                        if remaining == 2 { emit(group >> 6) }
                        while position < encodedCount {
                            output[position] = UInt8(ascii: "=")
                            position += 1
                        }
                    }
                }
            }
            text.append(contentsOf: UnsafeBufferPointer(output))
        }
    }

    /// The bytes of URL-safe base64 without padding; nil for any other text.
    public static func bytes(url text: some StringProtocol) -> [UInt8]? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
              text.count % 4 != 1 else { return nil }
        var standard = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: standard).map { [UInt8]($0) }
    }

    /// The bytes of standard, padded base64; nil for any other text.
    public static func bytes(standard text: String) -> [UInt8]? {
        Data(base64Encoded: text).map { [UInt8]($0) }
    }
}
