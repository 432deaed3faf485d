/// The `iban` validator: an International Bank Account Number by ISO 13616.
///
/// Spaces are removed and letters upper-cased first (`gb82 west 1234 …` is
/// accepted). Then the value must be two letters (the country), two check digits
/// and 11–30 letters or digits (15–34 characters in all); a country in the SWIFT
/// IBAN registry must have its registered length (`NL` 18, `DE` 22); and the ISO
/// 7064 MOD 97-10 check must hold: with the first four characters moved to the
/// end and each letter replaced by 10–35, the number is 1 modulo 97. A country
/// outside the registry is judged by the structure and check digits alone.
public enum IBANRule {
    public static func accepts(_ value: String) -> Bool {
        guard let characters = normalized(value),
              (15...34).contains(characters.count),
              characters[0..<2].allSatisfy(isLetter),
              characters[2..<4].allSatisfy(isDigit),
              characters.allSatisfy({ isLetter($0) || isDigit($0) })
        else { return false }
        let country = String(decoding: characters[0..<2], as: UTF8.self)
        if let length = registeredLengths[country], length != characters.count { return false }
        return remainderModulo97(characters[4...] + characters[0..<4]) == 1
    }

    /// The registered IBAN length per country, from the SWIFT IBAN registry.
    public static let registeredLengths: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27,
        "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28,
        "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
        "GL": 18, "GR": 27, "GT": 28, "HN": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
        "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21,
        "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28,
        "NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22,
        "RU": 33, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25,
        "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
    ]

    /// The ASCII bytes of `value` without spaces, letters upper-cased; nil when it
    /// holds anything but ASCII.
    private static func normalized(_ value: String) -> [UInt8]? {
        var characters: [UInt8] = []
        characters.reserveCapacity(34)
        for byte in value.utf8 where byte != UInt8(ascii: " ") {
            guard byte < 0x80 else { return nil }
            characters.append((UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 0x20 : byte)
        }
        return characters
    }

    /// The number the characters spell (digits as themselves, `A`…`Z` as 10…35)
    /// modulo 97, folded in one character at a time so no big integer is needed.
    private static func remainderModulo97(_ characters: some Sequence<UInt8>) -> Int {
        characters.reduce(0) { remainder, character in
            if isDigit(character) { return (remainder * 10 + Int(character - UInt8(ascii: "0"))) % 97 }
            return (remainder * 100 + Int(character - UInt8(ascii: "A")) + 10) % 97
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}
