/// Decimal digits as the card rules handle them: values 0–9, most significant first.
/// Only ASCII digits count; other Unicode digits are not part of a card number.
enum CardDigits {
    static func digit(_ byte: UInt8) -> UInt8? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? byte - UInt8(ascii: "0") : nil
    }

    /// Four ASCII zeros read as one word: subtracted from four ASCII digits read
    /// the same way, it leaves their values, since no byte borrows.
    static let fourZeros: UInt32 = 0x3030_3030

    /// True when all four bytes of `group` (as read from memory, in any byte
    /// order) are ASCII digits: each byte's high half is 3, and stays 3 when 6
    /// is added to each, which carries out of the low half from `:` (0x3A) up.
    /// After the first test no byte is above 0x3F, so no addition carries into
    /// the next byte.
    static func areFourDigits(_ group: UInt32) -> Bool {
        let highHalves: UInt32 = 0xF0F0_F0F0
        return group & highHalves == fourZeros && (group &+ 0x0606_0606) & highHalves == fourZeros
    }

    /// True when every byte is an ASCII digit (and for none).
    static func areAllDigits(_ bytes: some Sequence<UInt8>) -> Bool {
        bytes.allSatisfy { digit($0) != nil }
    }

    static func value(of digits: some Collection<UInt8>) -> Int {
        digits.reduce(0) { $0 * 10 + Int($1) }
    }

    /// Written in place: a bin's text fits a small string, so nothing is allocated.
    static func text(of digits: some Collection<UInt8>) -> String {
        String(unsafeUninitializedCapacity: digits.count) { text in
            for (position, digit) in digits.enumerated() { text[position] = digit + UInt8(ascii: "0") }
            return digits.count
        }
    }
}
