/// A card number as the customer typed it, read once into what the card rules
/// ask of it: whether it is a number at all (digits and spaces only), how many
/// digits it has, the first of them (as many as any brand's longest number and
/// more), and whether all of them pass the Luhn check.
public struct TypedCardNumber: Sendable, Hashable {
    /// The digits kept: more than any brand's longest number (19), which is as
    /// far as the rules look. Past it only the count grows.
    static let storedDigitLimit = 24

    /// False when the text holds anything but ASCII digits and spaces.
    public let isNumber: Bool
    /// How many digits were typed.
    public let digitCount: Int
    /// The Luhn check over every digit typed.
    let passesLuhn: Bool
    /// The first `storedDigitLimit` digits (values 0–9), in typing order.
    let leadingDigits: [UInt8]

    /// Reads the UTF-8 text of a card number as typed.
    public init(typed text: some Sequence<UInt8>) {
        var digits: [UInt8] = []
        var count = 0
        var luhn = Luhn.Sum()
        for byte in text where byte != UInt8(ascii: " ") {
            guard let digit = CardDigits.digit(byte) else {
                (isNumber, digitCount, passesLuhn, leadingDigits) = (false, 0, false, [])
                return
            }
            if count < Self.storedDigitLimit { digits.append(digit) }
            count += 1
            luhn.add(digit)
        }
        (isNumber, digitCount, passesLuhn, leadingDigits) = (true, count, luhn.isMultipleOfTen, digits)
    }

    public init(typed text: String) {
        self.init(typed: text.utf8)
    }
}

extension TypedCardNumber: Decodable {
    /// From a JSON string, any string: a text that is not a number is still a
    /// card number as typed, judged invalid `format` by the rules.
    public init(from decoder: any Decoder) throws {
        self.init(typed: try decoder.singleValueContainer().decode(String.self))
    }
}
