/// How each member of one address is judged, given how much of the address is
/// required (API.md section 6, BlueSnap's checkout rules).
///
/// Every member is judged with its outer whitespace (Unicode White_Space) removed,
/// and lengths count Unicode scalars, as the `length` validator does:
/// - name: required; a first and a last name (`NameRule`).
/// - address, city: required by a complete address; at least 2 characters.
/// - zip: required, at least 3 characters; neither for the countries without postal
///   codes (`PostalCodes`), whatever else the address says.
/// - country: required; an assigned ISO 3166-1 alpha-2 code, in either case.
/// - state: judged only against a known country. Where the country has states
///   (`CountryStates`: US, CA, BR) required by a complete address and one of the
///   country's codes, in either case; elsewhere it must be left empty.
/// - phone: never judged.
struct AddressRules: Sendable {
    /// How much of the address must be given.
    enum Coverage: Sendable {
        /// A billing address without `fullBilling`: name, zip and country.
        case billing
        /// A shipping address, or billing with `fullBilling`: every member but the
        /// phone, and the state where the country has states.
        case complete
    }

    let coverage: Coverage

    static let minimumAddressLength = 2
    static let minimumCityLength = 2
    static let minimumZipLength = 3

    /// The members that are missing or invalid, in the order name, address, city,
    /// zip, country, state.
    func failures(of address: Address) -> [ValidationMessageId] {
        let complete = coverage == .complete
        let country = String(Self.trimmed(address.country)).asciiUppercased
        let isKnownCountry = ISO3166.isAssigned(country)
        var failures: [ValidationMessageId] = []
        if !Self.accepts(address.name, required: true, rule: NameRule.accepts) {
            failures.append(.name)
        }
        if !Self.accepts(address.address, required: complete, rule: { $0.unicodeScalars.count >= Self.minimumAddressLength }) {
            failures.append(.address)
        }
        if !Self.accepts(address.city, required: complete, rule: { $0.unicodeScalars.count >= Self.minimumCityLength }) {
            failures.append(.city)
        }
        if !PostalCodes.countriesWithoutPostalCode.contains(country),
           !Self.accepts(address.zip, required: true, rule: { $0.unicodeScalars.count >= Self.minimumZipLength }) {
            failures.append(.zip)
        }
        if !isKnownCountry {
            failures.append(.country)
        }
        if isKnownCountry, !stateIsAcceptable(address.state, country: country) {
            failures.append(.state)
        }
        return failures
    }

    /// The state against a known country: one of its codes where it has states
    /// (required by a complete address), nothing where it has none.
    private func stateIsAcceptable(_ state: String?, country: String) -> Bool {
        let value = Self.trimmed(state)
        guard let codes = CountryStates.codesByCountry[country] else { return value.isEmpty }
        if value.isEmpty { return coverage == .billing }
        return codes.contains(String(value).asciiUppercased)
    }

    /// A missing member is acceptable unless required; a given one must satisfy `rule`.
    private static func accepts(_ member: String?, required: Bool, rule: (Substring) -> Bool) -> Bool {
        let value = trimmed(member)
        return value.isEmpty ? !required : rule(value)
    }

    /// The member without leading and trailing Unicode White_Space; empty when absent.
    static func trimmed(_ member: String?) -> Substring {
        guard let member else { return "" }
        let scalars = member.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        return Substring(scalars[first...last])
    }
}

fileprivate extension String {
    /// The text with ASCII a-z upper-cased and everything else kept, so that only
    /// `us` becomes `US` (full case mapping would turn `ıt` into `IT`).
    var asciiUppercased: String {
        String(decoding: utf8.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }, as: UTF8.self)
    }
}
