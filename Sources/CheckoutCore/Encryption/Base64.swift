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
        Data(bytes).base64EncodedString()
    }

    public static func url(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        appendURL(Array(bytes), to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends the URL-safe, unpadded encoding of `bytes` to `text` (how a compact
    /// JWE is built, part after part, in one buffer): the standard encoding with
    /// `+` and `/` replaced and the padding left off, byte by byte.
    public static func appendURL(_ bytes: [UInt8], to text: inout [UInt8]) {
        let standard = [UInt8](Data(bytes).base64EncodedData()) // copied whole: Data's iterator goes byte by byte
        text.reserveCapacity(text.count + standard.count)
        for byte in standard {
            switch byte {
            case UInt8(ascii: "+"): text.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): text.append(UInt8(ascii: "_"))
            case UInt8(ascii: "="): continue
            default: text.append(byte)
            }
        }
    }

    /// The bytes of URL-safe base64 without padding; nil for any other text.
    public static func bytes(url text: some StringProtocol) -> [UInt8]? {
        guard text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }),
              text.count % 4 != 1 else { return nil }
        var standard = String(text.map { $0 == "-" ? "+" : $0 == "_" ? "/" : $0 })
        standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
        return bytes(standard: standard)
    }

    /// The bytes of standard, padded base64; nil for any other text.
    public static func bytes(standard text: String) -> [UInt8]? {
        Data(base64Encoded: text).map { [UInt8]($0) }
    }
}
