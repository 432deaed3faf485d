/// The Luhn (mod 10) check digit test that card numbers carry against typing mistakes.
public enum Luhn {
    /// True when `number` is one or more ASCII digits whose Luhn sum is a multiple of 10.
    ///
    /// Read in one pass without making an array of the digits, as
    /// `TypedCardNumber` reads a number typed: the sums of the digits so far
    /// with the last of them not doubled and doubled trade places at each digit.
    public static func isValid(_ number: String) -> Bool {
        var number = number
        return number.withUTF8 { bytes in
            var lastUndoubled = 0, lastDoubled = 0
            for byte in bytes {
                guard let digit = CardDigits.digit(byte) else { return false }
                let value = Int(digit)
                let doubled = value < 5 ? value * 2 : value * 2 - 9
                (lastUndoubled, lastDoubled) = (lastDoubled &+ value, lastUndoubled &+ doubled)
            }
            return !bytes.isEmpty && lastUndoubled % 10 == 0
        }
    }
}
