/// A card number as the customer typed it, read once into what the card rules
/// ask of it: whether it is a number at all (digits and spaces only), how many
/// digits it has, the first of them (as many as any brand's longest number and
/// more), and whether all of them pass the Luhn check.
///
/// Held inline, so reading one allocates nothing, where the digits as an array
/// and the text as a `String` (longer than the 15 bytes a string holds inline)
/// were the two allocations of every `card.validate`.
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
    /// The first `storedDigitLimit` digits (values 0–9), one per byte in
    /// typing order, zero after the last.
    private var stored: (UInt64, UInt64, UInt64) = (0, 0, 0)

    /// Reads the UTF-8 text of a card number as typed. Four digits in a row,
    /// the groups card numbers are typed in, are checked and kept as one word;
    /// the Luhn check then runs over the kept digits all at once
    /// (`Luhn.passes(packedDigits:count:)`), and over the text again only for
    /// a number longer than those.
    public init(typed text: UnsafeRawBufferPointer) {
        var count = 0
        var isNumber = true
        withUnsafeMutableBytes(of: &stored) { stored in
            var index = 0
            while index < text.count {
                if index &+ 4 <= text.count, count &+ 4 <= Self.storedDigitLimit {
                    let group = text.loadUnaligned(fromByteOffset: index, as: UInt32.self)
                    if CardDigits.areFourDigits(group) {
                        stored.storeBytes(of: group &- CardDigits.fourZeros, toByteOffset: count, as: UInt32.self)
                        count &+= 4
                        index &+= 4
                        continue
                    }
                }
                let byte = text.load(fromByteOffset: index, as: UInt8.self)
                index &+= 1
                if byte == UInt8(ascii: " ") { continue }
                guard let digit = CardDigits.digit(byte) else {
                    isNumber = false
                    return
                }
                if count < Self.storedDigitLimit { stored[count] = digit }
                count &+= 1
            }
        }
        self.isNumber = isNumber
        digitCount = isNumber ? count : 0
        if !isNumber {
            stored = (0, 0, 0)
            passesLuhn = false
        } else if count <= Self.storedDigitLimit {
            passesLuhn = Luhn.passes(packedDigits: stored, count: count)
        } else {
            var luhn = Luhn.Sum()
            for byte in text where byte != UInt8(ascii: " ") { luhn.add(byte &- UInt8(ascii: "0")) }
            passesLuhn = luhn.isMultipleOfTen
        }
    }

    public init(typed text: String) {
        var text = text
        self = text.withUTF8 { TypedCardNumber(typed: UnsafeRawBufferPointer($0)) }
    }

    /// The digits kept, at most `storedDigitLimit`; `digitCount` says how many were typed.
    var leadingDigits: LeadingDigits { LeadingDigits(number: self) }

    struct LeadingDigits: RandomAccessCollection {
        let number: TypedCardNumber
        var startIndex: Int { 0 }
        var endIndex: Int { Swift.min(number.digitCount, TypedCardNumber.storedDigitLimit) }
        subscript(position: Int) -> UInt8 {
            withUnsafeBytes(of: number.stored) { $0[position] }
        }
    }

    public static func == (left: TypedCardNumber, right: TypedCardNumber) -> Bool {
        left.isNumber == right.isNumber && left.digitCount == right.digitCount && left.passesLuhn == right.passesLuhn
            && left.stored == right.stored
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(digitCount)
        hasher.combine(stored.0)
        hasher.combine(stored.1)
        hasher.combine(stored.2)
    }
}

extension TypedCardNumber: Decodable {
    /// From a JSON string, any string: a text that is not a number is still a
    /// card number as typed, judged invalid `format` by the rules.
    public init(from decoder: any Decoder) throws {
        self.init(typed: try decoder.singleValueContainer().decode(String.self))
    }
}
