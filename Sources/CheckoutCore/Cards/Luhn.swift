/// The Luhn (mod 10) check digit test that card numbers carry against typing mistakes.
public enum Luhn {
    /// True when `number` is one or more ASCII digits whose Luhn sum is a multiple of 10.
    public static func isValid(_ number: String) -> Bool {
        guard let digits = CardDigits.parse(number), !digits.isEmpty else { return false }
        return isValid(digits: digits)
    }

    static func isValid(digits: [UInt8]) -> Bool {
        var sum = 0
        for (offset, digit) in digits.reversed().enumerated() {
            let value = Int(digit)
            sum += offset % 2 == 0 ? value : (value < 5 ? value * 2 : value * 2 - 9)
        }
        return sum % 10 == 0
    }
}
