import CheckoutCore

/// The data compiled into the binary (`Data/*.json`, embedded by `scripts/generate`),
/// decoded once through the same checks as a file given on the command line.
extension PaymentCatalog {
    /// The embedded catalog; a test keeps it decodable and consistent.
    public static let embedded = embeddedData(EmbeddedCatalog.text, file: "Data/catalog.json", load: load)

    /// A catalog file's content, checked against the catalog schema's rules.
    public static func load(from text: String, file: String) throws(DataFileError) -> PaymentCatalog {
        try DataFile.decode(PaymentCatalog.self, from: text, file: file) { $0.inconsistencies() }
    }
}

extension IINTable {
    /// The embedded IIN table; a test keeps it decodable and consistent.
    public static let embedded = embeddedData(EmbeddedIinTable.text, file: "Data/iin-table.json", load: load)

    /// An IIN table file's content, checked against the IIN table schema's rules.
    public static func load(from text: String, file: String) throws(DataFileError) -> IINTable {
        try DataFile.decode(IINTable.self, from: text, file: file) { $0.inconsistencies() }
    }
}

extension RatesTable {
    /// The embedded rates table (sample data); a test keeps it decodable and consistent.
    public static let embedded = embeddedData(EmbeddedRates.text, file: "Data/rates.json", load: load)

    /// A rates file's content, checked against the rates schema's rules.
    public static func load(from text: String, file: String) throws(DataFileError) -> RatesTable {
        try DataFile.decode(RatesTable.self, from: text, file: file) { $0.inconsistencies() }
    }
}

extension CardBrandTable {
    /// A brand table file's content (`--card-brands`), checked against the brand table
    /// schema's rules. The standard table is no data file: it is the core's constant.
    public static func load(from text: String, file: String) throws(DataFileError) -> CardBrandTable {
        let contents = try DataFile.decode(CardBrandTableFile.self, from: text, file: file) { $0.inconsistencies() }
        // Decoding refused a file with inconsistencies, and a file without any makes a table.
        return contents.table!
    }
}

private func embeddedData<Value>(
    _ text: String, file: String, load: (String, String) throws(DataFileError) -> Value
) -> Value {
    do {
        return try load(text, file)
    } catch {
        preconditionFailure("the embedded \(file) is unusable: \(error)")
    }
}
