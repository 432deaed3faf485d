/// Which countries' addresses go without a postal code.
enum PostalCodes {
    /// The countries whose addresses need no zip: it is neither required nor checked
    /// for them. Source: the BlueSnap iOS SDK, `BSCountryManager.swift`
    /// `COUNTRIES_WITHOUT_ZIP` (bluesnap/bluesnap-ios @043e660f8f9e18042725af2f489e1c2eab3960ca),
    /// as copied to reference/countries-without-postal-code.json.
    ///
    /// The list keeps three codes that are not assigned ISO 3166-1 codes: AC
    /// (Ascension Island, exceptionally reserved), AN (Netherlands Antilles, withdrawn
    /// 2010) and TP (East Timor, withdrawn 2002). An address with one of them needs
    /// no zip but still fails the country rule.
    static let countriesWithoutPostalCode: Set<String> = [
        "AC", "AE", "AG", "AN", "AO", "AW", "BF", "BI", "BJ", "BO", "BS", "BW", "BZ", "CD", "CF",
        "CG", "CK", "CM", "CW", "DJ", "DM", "ER", "FJ", "GD", "GH", "GM", "GQ", "GY", "HK", "HM",
        "KI", "KM", "KN", "KP", "LY", "ML", "MO", "MR", "MW", "NR", "NU", "QA", "RW", "SB", "SC",
        "SL", "SR", "ST", "SY", "TF", "TG", "TK", "TL", "TO", "TP", "TV", "UG", "VU", "YE", "ZW",
    ]
}
