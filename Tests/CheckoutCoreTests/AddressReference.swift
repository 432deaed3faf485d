import Testing

/// The reference tables of the address rules, copied as facts so the tests run on a
/// clean clone: reference/states.json and reference/countries-without-postal-code.json
/// (both from the BlueSnap iOS SDK's `BSCountryManager.swift`), and the assigned
/// ISO 3166-1 alpha-2 codes as the tz database's `iso3166.tab` lists them.
enum AddressReference {
    /// reference/states.json: country → its state codes, in the file's order.
    static let states: [(country: String, codes: [String])] = [
        ("US", [
            "AK", "AL", "AR", "AS", "AZ", "CA", "CO", "CT", "DC", "DE", "FL", "GA", "GU", "HI",
            "IA", "ID", "IL", "IN", "KS", "KY", "LA", "MA", "MD", "ME", "MI", "MN", "MO", "MS",
            "MT", "NC", "ND", "NE", "NH", "NJ", "NM", "NV", "NY", "OH", "OK", "OR", "PA", "PR",
            "RI", "SC", "SD", "TN", "TX", "UT", "VA", "VI", "VT", "WA", "WI", "WV", "WY",
        ]),
        ("CA", [
            "AB", "BC", "MB", "NB", "NF", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT",
        ]),
        ("BR", [
            "AC", "AM", "BA", "CE", "DF", "ES", "GO", "MG", "PB", "PI", "RJ", "RN", "RO", "RR",
            "RS", "SE", "SP", "TO", "XA", "XB", "XC", "XD", "XE", "XF", "XG", "XH", "XI",
        ]),
    ]

    /// reference/countries-without-postal-code.json `codes`.
    static let countriesWithoutPostalCode: [String] = [
        "AC", "AE", "AG", "AN", "AO", "AW", "BF", "BI", "BJ", "BO", "BS", "BW", "BZ", "CD", "CF",
        "CG", "CK", "CM", "CW", "DJ", "DM", "ER", "FJ", "GD", "GH", "GM", "GQ", "GY", "HK", "HM",
        "KI", "KM", "KN", "KP", "LY", "ML", "MO", "MR", "MW", "NR", "NU", "QA", "RW", "SB", "SC",
        "SL", "SR", "ST", "SY", "TF", "TG", "TK", "TL", "TO", "TP", "TV", "UG", "VU", "YE", "ZW",
    ]

    /// The file's `_non_iso_or_obsolete`: listed, but not assigned ISO 3166-1 codes.
    static let unassignedCountriesWithoutPostalCode: Set<String> = ["AC", "AN", "TP"]

    /// tz `iso3166.tab` (ISO/TC 46 N1108, 2023-04-05): the 249 assigned codes.
    static let assignedCountryCodes: [String] = [
        "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AQ", "AR", "AS", "AT", "AU", "AW", "AX", "AZ",
        "BA", "BB", "BD", "BE", "BF", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS",
        "BT", "BV", "BW", "BY", "BZ", "CA", "CC", "CD", "CF", "CG", "CH", "CI", "CK", "CL", "CM", "CN",
        "CO", "CR", "CU", "CV", "CW", "CX", "CY", "CZ", "DE", "DJ", "DK", "DM", "DO", "DZ", "EC", "EE",
        "EG", "EH", "ER", "ES", "ET", "FI", "FJ", "FK", "FM", "FO", "FR", "GA", "GB", "GD", "GE", "GF",
        "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GS", "GT", "GU", "GW", "GY", "HK", "HM",
        "HN", "HR", "HT", "HU", "ID", "IE", "IL", "IM", "IN", "IO", "IQ", "IR", "IS", "IT", "JE", "JM",
        "JO", "JP", "KE", "KG", "KH", "KI", "KM", "KN", "KP", "KR", "KW", "KY", "KZ", "LA", "LB", "LC",
        "LI", "LK", "LR", "LS", "LT", "LU", "LV", "LY", "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK",
        "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS", "MT", "MU", "MV", "MW", "MX", "MY", "MZ", "NA",
        "NC", "NE", "NF", "NG", "NI", "NL", "NO", "NP", "NR", "NU", "NZ", "OM", "PA", "PE", "PF", "PG",
        "PH", "PK", "PL", "PM", "PN", "PR", "PS", "PT", "PW", "PY", "QA", "RE", "RO", "RS", "RU", "RW",
        "SA", "SB", "SC", "SD", "SE", "SG", "SH", "SI", "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS",
        "ST", "SV", "SX", "SY", "SZ", "TC", "TD", "TF", "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO",
        "TR", "TT", "TV", "TW", "TZ", "UA", "UG", "UM", "US", "UY", "UZ", "VA", "VC", "VE", "VG", "VI",
        "VN", "VU", "WF", "WS", "YE", "YT", "ZA", "ZM", "ZW",
    ]

    /// Every state code paired with its country.
    static var stateRows: [StateRow] {
        states.flatMap { entry in entry.codes.map { StateRow(country: entry.country, state: $0) } }
    }

    /// Each country with states, paired with every code of the other countries' lists
    /// that its own list lacks.
    static var foreignStateRows: [StateRow] {
        states.flatMap { entry in
            Set(states.filter { $0.country != entry.country }.flatMap(\.codes))
                .subtracting(entry.codes).sorted().map { StateRow(country: entry.country, state: $0) }
        }
    }

    struct StateRow: Sendable, CustomTestStringConvertible {
        let country: String
        let state: String
        var testDescription: String { "\(country)-\(state)" }
    }
}
