/// A version 4 (random) UUID in the lower-case text form of RFC 9562,
/// `xxxxxxxx-xxxx-4xxx-Nxxx-xxxxxxxxxxxx`: the payment request nonce, the
/// 3-D Secure `dsTransId` and challenge ids.
///
/// A UUID never holds a card number (`EmbeddedCardNumber`): hosts send challenge
/// ids back, and an id that looks like a card number is refused. About one UUID
/// in 200 has hexadecimal digits that do (`42424242-4242-…`); it is drawn again.
public enum RandomUUID {
    /// A fresh UUID from the system's cryptographically secure generator.
    public static func make() -> String {
        while true {
            let uuid = text(of: SecureRandom.bytes(16))
            if !EmbeddedCardNumber.isPresent(in: uuid) { return uuid }
        }
    }

    /// A UUID from `generator`; tests pass a seeded one.
    public static func make(using generator: inout some RandomNumberGenerator) -> String {
        while true {
            let words = [generator.next() as UInt64, generator.next() as UInt64]
            let uuid = text(of: words.flatMap { word in (0..<8).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) } })
            if !EmbeddedCardNumber.isPresent(in: uuid) { return uuid }
        }
    }

    /// The version 4 UUID made of 16 random bytes (six of their bits give way to the version and variant).
    private static func text(of random: [UInt8]) -> String {
        precondition(random.count == 16)
        return String(unsafeUninitializedCapacity: 36) { text in
            var position = 0
            for (index, byte) in random.enumerated() {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    text[position] = UInt8(ascii: "-")
                    position += 1
                }
                let stamped = index == 6 ? byte & 0x0F | 0x40  // version 4
                    : index == 8 ? byte & 0x3F | 0x80  // variant 10
                    : byte
                text[position] = hexDigits[Int(stamped >> 4)]
                text[position + 1] = hexDigits[Int(stamped & 0x0F)]
                position += 2
            }
            return position
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
