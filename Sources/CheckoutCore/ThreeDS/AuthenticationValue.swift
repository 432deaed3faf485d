/// The cardholder authentication value an issuer returns for an authenticated or
/// attempted transaction (Visa CAVV, Mastercard AAV): 20 bytes, written in standard
/// base64 (28 characters). The simulator's are random.
enum AuthenticationValue {
    static let byteCount = 20

    static func make(using generator: inout some RandomNumberGenerator) -> String {
        base64((0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// RFC 4648 base64 with the standard alphabet and `=` padding.
    static func base64(_ bytes: [UInt8]) -> String {
        var output: [UInt8] = []
        output.reserveCapacity((bytes.count + 2) / 3 * 4)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(0)
            for offset in 0..<3 {
                group = group << 8 | UInt32(offset < count ? bytes[index + offset] : 0)
            }
            for position in 0..<4 {
                let sextet = Int(group >> UInt32(18 - 6 * position) & 0x3F)
                output.append(position <= count ? alphabet[sextet] : UInt8(ascii: "="))
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
}
