/// `iin.details` and the length of a card number's bin.
extension IINTable {
    /// The details of a card number from the digits typed so far (spaces allowed); nil
    /// when the text holds anything but digits and spaces.
    ///
    /// - Fewer than 6 digits: `NOT_ENOUGH_DIGITS`.
    /// - With 8 or more digits the entry for the first 8 wins, then the entry for the
    ///   first 6; with 6 or 7 digits only the first 6 count.
    /// - Without an entry, the brand table stands in: the product of the brand of the
    ///   digits (of the first 6 for a 6- or 7-digit number), no country, `CREDIT`. No
    ///   brand, or a brand without a product (Elo, Mir, Hipercard, Troy), is `UNKNOWN`.
    /// - The top level is the first brand, in the entry's order of preference, that is
    ///   allowed. When none is, the top level is still the first brand, with its product,
    ///   country and card type, `EXISTING_BUT_NOT_ALLOWED` and `isAllowedInContext`
    ///   false: the checkout can tell the customer which card it recognised and that it
    ///   is not accepted here, rather than pretend not to know it.
    /// - `coBrands` lists every brand of a co-badged entry in order, each with its own
    ///   `isAllowedInContext` and card type; it is empty for a single-brand card.
    ///
    /// - Parameter isAllowed: whether a payment product can be used in the caller's
    ///   context (available for the session, and of a brand it accepts).
    public func details(
        forCardNumber number: String, brands: CardBrandTable, isAllowed: (_ paymentProductId: Int) -> Bool
    ) -> IINDetails? {
        let typed = TypedCardNumber(typed: number)
        return typed.isNumber ? details(of: typed, brands: brands, isAllowed: isAllowed) : nil
    }

    /// How many leading digits form the bin of a card number (spaces allowed): 8 when
    /// the table has an 8-digit entry for its first 8 digits, else 6 (also for text that
    /// is not a card number). Masked card numbers keep that many digits, `X` fill and
    /// the last 4.
    public func binLength(forCardNumber number: String) -> Int {
        let typed = TypedCardNumber(typed: number)
        return typed.isNumber ? binLength(of: typed) : Self.shortBinLength
    }

    static let shortBinLength = 6
    static let longBinLength = 8

    func details(of number: TypedCardNumber, brands: CardBrandTable, isAllowed: (Int) -> Bool) -> IINDetails {
        guard number.digitCount >= Self.shortBinLength else { return .notEnoughDigits }
        if let entry = entry(of: number) {
            return IINDetails(entry: entry, isAllowed: isAllowed)
        }
        let brand = number.digitCount >= Self.longBinLength
            ? brands.brand(of: number) : brands.brand(ofDigits: Array(number.leadingDigits.prefix(Self.shortBinLength)))
        guard let productId = brand?.paymentProductId else { return .unknown }
        return IINDetails(brandTableProduct: productId, isAllowed: isAllowed(productId))
    }

    func binLength(of number: TypedCardNumber) -> Int {
        longEntry(of: number) == nil ? Self.shortBinLength : Self.longBinLength
    }

    /// The entry for the first 8 digits, else for the first 6. An entry without brands
    /// names no product and is passed over.
    func entry(of number: TypedCardNumber) -> IINEntry? {
        longEntry(of: number)
            ?? usableEntry(bin: number.leadingDigits.prefix(Self.shortBinLength), ofLength: Self.shortBinLength)
    }

    private func longEntry(of number: TypedCardNumber) -> IINEntry? {
        usableEntry(bin: number.leadingDigits.prefix(Self.longBinLength), ofLength: Self.longBinLength)
    }

    private func usableEntry(bin: some Collection<UInt8>, ofLength length: Int) -> IINEntry? {
        guard bin.count == length, let entry = entry(bin: CardDigits.text(of: bin)), !entry.brands.isEmpty else {
            return nil
        }
        return entry
    }
}

extension IINDetails {
    /// The details of a card with at least one brand: the first allowed brand at the
    /// top level, else the first brand as existing but not allowed.
    fileprivate init(entry: IINEntry, isAllowed: (Int) -> Bool) {
        let allowed = entry.brands.map { isAllowed($0.paymentProductId) }
        let topIndex = allowed.firstIndex(of: true)
        let top = entry.brands[topIndex ?? 0]
        self.init(
            status: topIndex == nil ? .existingButNotAllowed : .supported,
            paymentProductId: top.paymentProductId,
            countryCode: entry.countryCode,
            cardType: top.cardType,
            isAllowedInContext: topIndex != nil,
            coBrands: entry.isCoBadged
                ? zip(entry.brands, allowed).map { brand, isAllowed in
                    CoBrand(paymentProductId: brand.paymentProductId, isAllowedInContext: isAllowed, cardType: brand.cardType)
                }
                : [])
    }

    /// The details the brand table gives a card the IIN table does not know.
    fileprivate init(brandTableProduct productId: Int, isAllowed: Bool) {
        self.init(
            status: isAllowed ? .supported : .existingButNotAllowed, paymentProductId: productId,
            cardType: .credit, isAllowedInContext: isAllowed)
    }
}
