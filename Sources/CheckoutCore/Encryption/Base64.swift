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

    private static let standardAlphabet = Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
    private static let urlAlphabet = Alphabet("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

    /// An alphabet's 64 characters, and every pair of them by the 12 bits the
    /// pair encodes (8 KiB): three bytes become four characters in two lookups
    /// and one store, where looking up each character took nearly a third more
    /// instructions (an encryption writes about a thousand characters).
    ///
    /// `@unchecked Sendable`: the pairs are written once, when the alphabet is
    /// made, and only read after; they live as long as the process, so using
    /// them counts no references.
    private struct Alphabet: @unchecked Sendable {
        let characters: StaticString
        /// Entry `n` holds the characters of `n`'s high and low six bits, the
        /// first in the low byte, so storing it little-endian writes them in order.
        let pairs: UnsafePointer<UInt16>

        init(_ characters: StaticString) {
            precondition(characters.utf8CodeUnitCount == 64)
            self.characters = characters
            let pairs = UnsafeMutablePointer<UInt16>.allocate(capacity: 4096)
            for bits in 0..<4096 {
                pairs[bits] = UInt16(characters.utf8Start[bits >> 6]) | UInt16(characters.utf8Start[bits & 0x3F]) << 8
            }
            self.pairs = UnsafePointer(pairs)
        }
    }

    /// Every 3 bytes become 4 characters of 6 bits each; a last group of 1 or 2
    /// bytes becomes 2 or 3 characters, then `=` up to 4 when padded. The
    /// characters are made in scratch space and appended at once: growing the
    /// array with zeros first and then overwriting them took twice as long.
    private static func append(_ bytes: [UInt8], alphabet: Alphabet, padded: Bool, to text: inout [UInt8]) {
        let remaining = bytes.count % 3
        let encodedCount = bytes.count / 3 * 4 + (remaining == 0 ? 0 : padded ? 4 : remaining + 1)
        guard encodedCount > 0 else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: encodedCount) { output in
            let characters = alphabet.characters.utf8Start
            let pairs = alphabet.pairs
            bytes.withUnsafeBufferPointer { bytes in
                var index = 0
                var position = 0
                while index &+ 3 <= bytes.count {
                    let group = Int(bytes[index]) << 16 | Int(bytes[index &+ 1]) << 8 | Int(bytes[index &+ 2])
                    let four = UInt32(pairs[group >> 12]) | UInt32(pairs[group & 0xFFF]) << 16
                    UnsafeMutableRawBufferPointer(output)
                        .storeBytes(of: four.littleEndian, toByteOffset: position, as: UInt32.self)
                    index &+= 3
                    position &+= 4
                }
                guard remaining > 0 else { return }
                let group = Int(bytes[index]) << 16 | (remaining == 2 ? Int(bytes[index &+ 1]) << 8 : 0)
                for shift in stride(from: 18, to: 18 - 6 * (remaining + 1), by: -6) {
                    output[position] = characters[group >> shift & 0x3F]
                    position &+= 1
                }
                while position < encodedCount {
                    output[position] = UInt8(ascii: "=")
                    position &+= 1
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
