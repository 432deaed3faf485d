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

    /// The Luhn check over `count` digits (0–24, values 0–9) kept one per byte
    /// in typing order, byte `8 * k + j` of the words being byte `j` of word
    /// `k` read little-endian, with zero bytes after the last digit.
    ///
    /// The digits are summed all at once instead of one by one. A digit is
    /// doubled when an odd number of digits follow it: at the positions whose
    /// parity is `count`'s. Doubling `d` adds `2 * d`, less 9 when `d` is 5 or
    /// more, so the check needs, for the even and the odd positions apart, the
    /// sum of their digits and how many of them are 5 or more. Each byte of
    /// `lanes` sums one position of the three words (at most 27), each byte of
    /// `fives` counts the digits of 5 or more there (adding 0x7B to a byte sets
    /// its high bit from 5 up, and no byte reaches 0x100); the even bytes and
    /// the odd bytes are then each added across a word by one multiplication.
    static func passes(packedDigits words: (UInt64, UInt64, UInt64), count: Int) -> Bool {
        let (first, second, third) = (UInt64(littleEndian: words.0), UInt64(littleEndian: words.1),
                                      UInt64(littleEndian: words.2))
        func fives(_ word: UInt64) -> UInt64 { ((word &+ 0x7B7B_7B7B_7B7B_7B7B) & 0x8080_8080_8080_8080) >> 7 }
        /// The sum of the even bytes of `word`, each at most 0xFF, as four 16-bit lanes added together.
        func evenBytesSum(_ word: UInt64) -> Int { Int(((word & 0x00FF_00FF_00FF_00FF) &* 0x0001_0001_0001_0001) >> 48) }
        let lanes = first &+ second &+ third
        let fivesLanes = fives(first) &+ fives(second) &+ fives(third)
        let (evenSum, oddSum) = (evenBytesSum(lanes), evenBytesSum(lanes >> 8))
        let (evenFives, oddFives) = (evenBytesSum(fivesLanes), evenBytesSum(fivesLanes >> 8))
        let total = count.isMultiple(of: 2) ? oddSum + 2 * evenSum - 9 * evenFives : evenSum + 2 * oddSum - 9 * oddFives
        return total % 10 == 0
    }
}
