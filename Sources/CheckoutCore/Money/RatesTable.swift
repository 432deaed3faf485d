/// The platform's exchange rates (BlueSnap `BSCurrencies`, `getCurrencyRates`): every
/// currency the service knows, each with its rate per one unit of the table's base.
/// The embedded table, or the one `--rates` names.
///
/// Rates between two other currencies are crossed through the base:
/// `rate(from → to) = rate(to) / rate(from)`, exactly (`CrossRate`).
public struct RatesTable: Sendable, Hashable {
    /// The code every rate is quoted against; its own rate is 1.
    public let base: String
    /// When the rates were taken.
    public let asOf: Timestamp
    /// Where the rates come from.
    public let source: String
    /// In the table's order.
    public let currencies: [Currency]
    /// Where a code appears twice the first is found; `inconsistencies()` reports it.
    private let indexByCode: [String: Int]

    public init(base: String, asOf: Timestamp, source: String, currencies: [Currency]) {
        self.base = base
        self.asOf = asOf
        self.source = source
        self.currencies = currencies
        var indexByCode: [String: Int] = [:]
        for (index, currency) in currencies.enumerated() where indexByCode[currency.code] == nil {
            indexByCode[currency.code] = index
        }
        self.indexByCode = indexByCode
    }

    /// The currency with `code`, if the table has it.
    public func currency(code: String) -> Currency? {
        indexByCode[code].map { currencies[$0] }
    }

    /// Units of `to` per unit of `from`; nil when either is not in the table.
    public func rate(from: String, to: String) -> CrossRate? {
        guard let from = currency(code: from), let to = currency(code: to) else { return nil }
        return CrossRate(to.rate, per: from.rate)
    }

    /// Every currency with its rate per unit of `base` (the base itself at 1), sorted by
    /// English name in code-point order, then by code; nil when `base` is not in the table.
    public func rates(per base: String) -> [CurrencyRate]? {
        guard let base = currency(code: base) else { return nil }
        return currencies.enumerated()
            .filter { indexByCode[$0.element.code] == $0.offset }
            .compactMap { _, currency in
                CrossRate(currency.rate, per: base.rate).map {
                    CurrencyRate(code: currency.code, name: currency.name, minorUnits: currency.minorUnits, rate: $0)
                }
            }
            .sorted { ($0.name.utf8.elementsEqual($1.name.utf8) ? $0.code.utf8.lexicographicallyPrecedes($1.code.utf8)
                        : $0.name.utf8.lexicographicallyPrecedes($1.name.utf8)) }
    }
}

extension RatesTable: Decodable {
    private enum CodingKeys: String, CodingKey {
        case base, asOf, source, currencies
    }

    private struct Entry: Decodable {
        let code: String
        let name: String
        let rate: DecimalNumber
    }

    /// Decodes the file shape `{"base", "asOf", "source", "currencies": [{"code", "name", "rate"}]}`;
    /// minor units come from ISO 4217. A code without them gets 0 here and is reported by
    /// `inconsistencies()`, so a loader refuses it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let base = try container.decode(String.self, forKey: .base)
        let source = try container.decode(String.self, forKey: .source)
        let entries = try container.decode([Entry].self, forKey: .currencies)
        // Last: a bad timestamp stops decoding, and the other members are checked by then.
        let asOf = try container.decode(Timestamp.self, forKey: .asOf)
        self.init(
            base: base, asOf: asOf, source: source,
            currencies: entries.map {
                Currency(code: $0.code, name: $0.name, minorUnits: ISO4217.minorUnits(of: $0.code) ?? 0, rate: $0.rate)
            })
    }
}
