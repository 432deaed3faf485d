/// The platform's IIN (BIN) table: what the first 6 or 8 digits of a card number say
/// about the card — the payment products it can be paid with, in order of preference,
/// its issuing country and its card type. The embedded table, or the one `--iin` names.
///
/// `details(forCardNumber:brands:isAllowed:)` answers `iin.details`; `binLength(forCardNumber:)`
/// says how many digits a masked card number keeps. Entries are found through a
/// dictionary keyed by bin, so a lookup costs two probes whatever the table's size.
public struct IINTable: Sendable, Hashable {
    /// The edition of the table, e.g. `2026.1`.
    public let version: String
    public let entries: [IINEntry]
    /// Where two entries share a bin the first is found; `inconsistencies()` reports the
    /// repetition, so a table file with one is refused.
    private let entryIndexByBin: [String: Int]

    public init(version: String, entries: [IINEntry]) {
        self.version = version
        self.entries = entries
        var entryIndexByBin: [String: Int] = [:]
        for (index, entry) in entries.enumerated() where entryIndexByBin[entry.bin] == nil {
            entryIndexByBin[entry.bin] = index
        }
        self.entryIndexByBin = entryIndexByBin
    }

    /// The entry whose bin is exactly `bin`.
    func entry(bin: String) -> IINEntry? {
        entryIndexByBin[bin].map { entries[$0] }
    }
}

extension IINTable: Codable {
    private enum CodingKeys: String, CodingKey {
        case version, entries
    }

    /// Decodes the file shape `{"version", "entries"}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            version: try container.decode(String.self, forKey: .version),
            entries: try container.decode([IINEntry].self, forKey: .entries))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(version, forKey: .version)
        try container.encode(entries, forKey: .entries)
    }
}
