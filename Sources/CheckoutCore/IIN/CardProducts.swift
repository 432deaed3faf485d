/// Which payment products a complete card number can be paid with.
extension IINTable {
    /// Every product of the card (a co-badged card has several, in preference order):
    /// from the IIN table entry for its first 8 or 6 digits, else from its brand.
    /// Empty for a recognised brand that no product processes (Elo, Mir); nil when no
    /// prefix identifies the number, or it is not digits and spaces.
    public func paymentProducts(ofCardNumber number: String, brands: CardBrandTable) -> [Int]? {
        let typed = TypedCardNumber(typed: number)
        guard typed.isNumber else { return nil }
        if typed.digitCount >= Self.shortBinLength, let entry = entry(of: typed) {
            return entry.brands.map(\.paymentProductId)
        }
        return brands.brand(of: typed).map { brand in brand.paymentProductId.map { [$0] } ?? [] }
    }
}
