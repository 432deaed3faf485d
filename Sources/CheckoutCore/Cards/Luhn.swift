/// The Luhn (mod 10) check digit test that card numbers carry against typing mistakes.
public enum Luhn {
    /// True when `number` is one or more ASCII digits whose Luhn sum is a multiple of 10.
    /// Read in one pass, without making an array of the digits.
    public static func isValid(_ number: String) -> Bool {
        var number = number
        return number.withUTF8 { bytes in
            var sum = Sum()
            for byte in bytes {
                guard let digit = CardDigits.digit(byte) else { return false }
                sum.add(digit)
            }
            return !bytes.isEmpty && sum.isMultipleOfTen
        }
    }

    /// The Luhn sum of digits read first to last, as they are typed. Whether a
    /// digit is doubled depends on how many follow it, so two sums are kept:
    /// with the last digit so far not doubled and doubled. A new digit is not
    /// doubled, so the digits before it sum as they did with their last one
    /// doubled, and the other way round.
    struct Sum {
        private var lastUndoubled = 0
        private var lastDoubled = 0

        /// Adds the digit (0–9) that follows the ones added so far.
        mutating func add(_ digit: UInt8) {
            let value = Int(digit)
            // Wrapping adds: the sums stay below ten times the digits' count.
            (lastUndoubled, lastDoubled) = (lastDoubled &+ value, lastUndoubled &+ (value < 5 ? value * 2 : value * 2 - 9))
        }

        /// True when the digits added pass the check (vacuously for none).
        var isMultipleOfTen: Bool { lastUndoubled % 10 == 0 }
    }
}
