/// Decimal digits as the card rules handle them: values 0–9, most significant first.
/// Only ASCII digits count; other Unicode digits are not part of a card number.
enum CardDigits {
    static func digit(_ byte: UInt8) -> UInt8? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? byte - UInt8(ascii: "0") : nil
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
