/// `card.format`: lays out a card number as the customer types it, with the mask of
/// its brand.
///
/// Only digits are kept. Amex is `XXXX XXXXXX XXXXX`, Diners with exactly 14 digits
/// `XXXX XXXXXX XXXX`, every other brand and an unknown one `XXXX XXXX XXXX XXXX XXX`;
/// digits past the brand's longest length (19 when unknown) are dropped, and the
/// result never ends with a space.
public enum CardNumberFormatting {
    /// The longest number kept when no prefix identifies the brand.
    public static let unrecognisedLongestPanLength = 19

    /// - Parameter cursor: the caret among the Unicode scalars of `pan`; the end when nil.
    ///   In the result it sits right after the same number of digits it followed in
    ///   `pan` (before any space the mask inserts after them), or at 0 when none.
    public static func format(
        pan: String, cursor: Int? = nil, brands: CardBrandTable = .standard
    ) -> FormattedCardNumber {
        let scalars = Array(pan.unicodeScalars)
        let caret = min(max(cursor ?? scalars.count, 0), scalars.count)
        let isDigit = { (scalar: Unicode.Scalar) in ("0"..."9").contains(scalar) }
        let typedDigits = scalars.filter(isDigit).map { UInt8($0.value - ("0" as Unicode.Scalar).value) }
        let brand = brands.brand(ofDigits: typedDigits)
        let digits = typedDigits.prefix(brand?.longestPanLength ?? unrecognisedLongestPanLength)

        let mask = brands.mask(for: brand, panLength: digits.count)
        var formatted = mask.apply(to: CardDigits.text(of: digits)).value.unicodeScalars
        while formatted.last == " " { formatted.removeLast() }
        let digitsBeforeCaret = min(scalars[..<caret].count(where: isDigit), digits.count)
        return FormattedCardNumber(
            formatted: String(formatted), cursor: offset(afterDigit: digitsBeforeCaret, in: formatted),
            cardBrand: brand)
    }

    /// The scalar offset just after the `count`-th digit of `formatted`.
    private static func offset(afterDigit count: Int, in formatted: String.UnicodeScalarView) -> Int {
        guard count > 0 else { return 0 }
        var seen = 0
        for (offset, scalar) in formatted.enumerated() where ("0"..."9").contains(scalar) {
            seen += 1
            if seen == count { return offset + 1 }
        }
        return formatted.count
    }
}
