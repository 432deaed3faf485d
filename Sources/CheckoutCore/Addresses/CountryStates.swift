/// The state and province codes of the countries whose addresses have one: the
/// countries and codes BlueSnap's checkout offers. Source: the BlueSnap iOS SDK,
/// `BSCountryManager.swift` `COUNTRY_STATES` (bluesnap/bluesnap-ios), as copied to
/// reference/states.json.
///
/// The Brazilian codes `XA` to `XI` are BlueSnap's own: XA Maranhão, XB Mato Grosso
/// do Sul, XC Mato Grosso, XD Santa Catarina, XE Pará, XF Pernambuco, XG Paraná,
/// XH Alagoas, XI Amapá. Canada has both `NF` and `NL` for Newfoundland and
/// Labrador, and the US list includes DC and the territories AS, GU, PR and VI.
enum CountryStates {
    /// Country code → its state codes, all upper case.
    static let codesByCountry: [String: Set<String>] = [
        "US": [
            "AK", "AL", "AR", "AS", "AZ", "CA", "CO", "CT", "DC", "DE", "FL", "GA", "GU", "HI",
            "IA", "ID", "IL", "IN", "KS", "KY", "LA", "MA", "MD", "ME", "MI", "MN", "MO", "MS",
            "MT", "NC", "ND", "NE", "NH", "NJ", "NM", "NV", "NY", "OH", "OK", "OR", "PA", "PR",
            "RI", "SC", "SD", "TN", "TX", "UT", "VA", "VI", "VT", "WA", "WI", "WV", "WY",
        ],
        "CA": [
            "AB", "BC", "MB", "NB", "NF", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT",
        ],
        "BR": [
            "AC", "AM", "BA", "CE", "DF", "ES", "GO", "MG", "PB", "PI", "RJ", "RN", "RO", "RR",
            "RS", "SE", "SP", "TO", "XA", "XB", "XC", "XD", "XE", "XF", "XG", "XH", "XI",
        ],
    ]
}
