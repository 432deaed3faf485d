extension RatesTable {
    /// What makes the table unusable although every member has the right type: a code
    /// that is not three upper-case letters, has no ISO 4217 minor units or appears twice,
    /// minor units other than ISO 4217's, an empty name or source, a rate of zero, and a
    /// base that is not in the table at rate 1.
    public func inconsistencies() -> [DataInconsistency] {
        var found: [DataInconsistency] = []
        if source.isEmpty { found.append(DataInconsistency(path: "/source", message: "must not be empty")) }
        var seenCodes = Set<String>()
        for (index, currency) in currencies.enumerated() {
            let path = "/currencies/\(index)"
            if !CodeFormat.isCurrencyCode(currency.code) {
                found.append(DataInconsistency(path: path + "/code", message: "must be an ISO 4217 code of three upper-case letters"))
            } else if let minorUnits = ISO4217.minorUnits(of: currency.code) {
                if currency.minorUnits != minorUnits {
                    found.append(DataInconsistency(
                        path: path, message: "\(currency.code) has \(minorUnits) minor units in ISO 4217, not \(currency.minorUnits)"))
                }
            } else {
                found.append(DataInconsistency(
                    path: path + "/code",
                    message: "\(currency.code) has no ISO 4217 minor units: funds, metals and test codes are not payment currencies"))
            }
            if !seenCodes.insert(currency.code).inserted {
                found.append(DataInconsistency(path: path + "/code", message: "\(currency.code) appears more than once"))
            }
            if currency.name.isEmpty { found.append(DataInconsistency(path: path + "/name", message: "must not be empty")) }
            if currency.rate.isZero { found.append(DataInconsistency(path: path + "/rate", message: "must be greater than 0")) }
        }
        if let index = currencies.firstIndex(where: { $0.code == base }) {
            if currencies[index].rate != .one {
                found.append(DataInconsistency(
                    path: "/currencies/\(index)/rate", message: "is the base currency's rate, so it must be 1"))
            }
        } else {
            found.append(DataInconsistency(path: "/base", message: "\(base) must be one of the currencies, with rate 1"))
        }
        return found
    }
}
