extension IINTable {
    /// What makes the table unusable although every member has the right type: a bin
    /// that is not 6 or 8 ASCII digits or appears twice, an entry without brands or
    /// naming a product twice, a product id below 1, a country code that is not two
    /// upper-case letters.
    public func inconsistencies() -> [DataInconsistency] {
        var found: [DataInconsistency] = []
        var seenBins = Set<String>()
        for (index, entry) in entries.enumerated() {
            let path = "/entries/\(index)"
            if !Self.isWellFormedBin(entry.bin) {
                found.append(DataInconsistency(path: path + "/bin", message: "must be 6 or 8 digits"))
            } else if !seenBins.insert(entry.bin).inserted {
                found.append(DataInconsistency(path: path + "/bin", message: "bin \(entry.bin) appears more than once"))
            }
            if let countryCode = entry.countryCode, !Self.isCountryCode(countryCode) {
                found.append(DataInconsistency(
                    path: path + "/countryCode", message: "must be an ISO 3166-1 alpha-2 code: two upper-case letters"))
            }
            found += entry.brandInconsistencies(at: path + "/brands")
        }
        return found
    }

    private static func isWellFormedBin(_ bin: String) -> Bool {
        [shortBinLength, longBinLength].contains(bin.utf8.count) && CardDigits.areAllDigits(bin.utf8)
    }

    private static func isCountryCode(_ code: String) -> Bool {
        code.utf8.count == 2 && code.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
    }
}

extension IINEntry {
    fileprivate func brandInconsistencies(at path: String) -> [DataInconsistency] {
        guard !brands.isEmpty else { return [DataInconsistency(path: path, message: "must name at least one brand")] }
        var found: [DataInconsistency] = []
        var seenProducts = Set<Int>()
        for (index, brand) in brands.enumerated() {
            let productPath = "\(path)/\(index)/paymentProductId"
            if brand.paymentProductId < 1 {
                found.append(DataInconsistency(path: productPath, message: "must be a product id of 1 or more"))
            } else if !seenProducts.insert(brand.paymentProductId).inserted {
                found.append(DataInconsistency(
                    path: productPath, message: "product \(brand.paymentProductId) appears more than once in this entry"))
            }
        }
        return found
    }
}
