/// A version 4 (random) UUID in the lower-case text form of RFC 9562,
/// `xxxxxxxx-xxxx-4xxx-Nxxx-xxxxxxxxxxxx`: the payment request nonce and the
/// 3-D Secure `dsTransId`.
public enum RandomUUID {
    /// A fresh UUID from the system's cryptographically secure generator.
    public static func make() -> String {
        var generator = SystemRandomNumberGenerator()
        return make(using: &generator)
    }

    /// A UUID from `generator`; tests pass a seeded one.
    public static func make(using generator: inout some RandomNumberGenerator) -> String {
        let words = [generator.next() as UInt64, generator.next() as UInt64]
        var bytes = words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } }
        bytes[6] = bytes[6] & 0x0F | 0x40  // version 4
        bytes[8] = bytes[8] & 0x3F | 0x80  // variant 10
        let hex = bytes.map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }
        return [hex[0..<4], hex[4..<6], hex[6..<8], hex[8..<10], hex[10..<16]]
            .map { $0.joined() }.joined(separator: "-")
    }
}
