import Testing

/// The brand table of `reference/card-brands.md`, as written there, and a deliberately
/// naive reading of its detection rule (API.md section 5) that scans every entry.
/// The detection tests check the trie against both.
enum BrandReference {
    struct Row: Sendable {
        let code: String
        let name: String
        let paymentProductId: Int?
        let panLengths: [Int]
        let cvcLength: Int
        let prefixes: String
    }

    static let rows: [Row] = [
        Row(code: "amex", name: "American Express", paymentProductId: 2, panLengths: [15], cvcLength: 4,
            prefixes: "34, 37"),
        Row(code: "diners", name: "Diners Club", paymentProductId: 132, panLengths: [14, 16, 19], cvcLength: 3,
            prefixes: "300-305, 3095, 36, 38, 39"),
        Row(code: "discover", name: "Discover", paymentProductId: 128, panLengths: [16, 19], cvcLength: 3,
            prefixes: "6011, 644-649, 65"),
        Row(code: "jcb", name: "JCB", paymentProductId: 125, panLengths: [16, 17, 18, 19], cvcLength: 3,
            prefixes: "2131, 1800, 3088-3094, 3096-3102, 3112-3120, 3158-3159, 3337-3349, 3528-3589"),
        Row(code: "maestro", name: "Maestro", paymentProductId: 117, panLengths: [12, 13, 14, 15, 16, 17, 18, 19],
            cvcLength: 3, prefixes: "493698, 500000-506698, 506779-508999, 56-59, 63, 67, 6"),
        Row(code: "mastercard", name: "Mastercard", paymentProductId: 3, panLengths: [16], cvcLength: 3,
            prefixes: "51-55, 2221-2229, 223-229, 23-26, 270-271, 2720"),
        Row(code: "visa", name: "Visa", paymentProductId: 1, panLengths: [13, 16, 18, 19], cvcLength: 3,
            prefixes: "4"),
        Row(code: "unionpay", name: "UnionPay", paymentProductId: 56, panLengths: [14, 15, 16, 17, 18, 19],
            cvcLength: 3, prefixes: "620, 62100-62182, 62184-62187, 62185-62197, 62200-62205, 622010-622999, 622018, 62207-62209, 623-626, 6270, 6272, 6276, 627700-627779, 627781-627799, 6282-6289, 6291, 6292, 810, 8110-8131, 8132-8151, 8152-8163, 8164-8171"),
        Row(code: "elo", name: "Elo", paymentProductId: nil, panLengths: [16], cvcLength: 3,
            prefixes: "401178, 401179, 438935, 457631, 457632, 431274, 451416, 457393, 504175, 506699-506778, 509000-509999, 627780, 636297, 636368, 650031-650033, 650035-650051, 650405-650439, 650485-650538, 650541-650598, 650700-650718, 650720-650727, 650901-650978, 651652-651679, 655000-655019, 655021-655058"),
        Row(code: "mir", name: "Mir", paymentProductId: nil, panLengths: [16, 17, 18, 19], cvcLength: 3,
            prefixes: "2200-2204"),
        Row(code: "hipercard", name: "Hipercard", paymentProductId: nil, panLengths: [16], cvcLength: 3,
            prefixes: "606282"),
        Row(code: "troy", name: "Troy", paymentProductId: nil, panLengths: [16], cvcLength: 3,
            prefixes: "9792, 650052, 650082-650083, 650092, 650161, 650170, 650173, 650175, 650268, 650271, 650273-650274, 650456-650457, 650836, 650846-650850, 650923, 650987, 650990, 654997, 657366, 657998, 658758, 658767-658768, 65083700-65083704, 65085800-65085804, 65085900-65085901, 65086000, 65086100-65086105, 65086200-65086203, 65875000-65875003, 65875009, 65875101-65875104, 65875200, 65875501, 65875601, 65875900, 65876000-65876002, 65876100-65876103, 65876110, 65876115-65876116, 65876200-65876201, 65876500, 65876504-65876505, 65876600-65876602, 65877100-65877101, 65877600-65877602, 65877700, 65877801-65877802, 65878200-65878202, 65878300-65878311, 65878400-65878405, 65878500-65878505, 65878600-65878601, 65879800, 65880800, 65880900"),
        Row(code: "cartesbancaires", name: "Cartes Bancaires", paymentProductId: 130, panLengths: [16], cvcLength: 3,
            prefixes: ""),
    ]

    /// One prefix entry as text: `lower == upper` and `isRange == false` for a single prefix.
    struct Entry: Sendable, CustomTestStringConvertible {
        let code: String
        let lower: String
        let upper: String
        let isRange: Bool
        var testDescription: String { isRange ? "\(code) \(lower)-\(upper)" : "\(code) \(lower)" }
    }

    static let entries: [Entry] = rows.flatMap { row in
        row.prefixes.split(separator: ",").map { item in
            let bounds = item.split(separator: "-").map { $0.trimmingSpaces }
            return Entry(code: row.code, lower: bounds[0], upper: bounds.last!, isRange: bounds.count == 2)
        }
    }

    /// The brand code the rule gives `digits`: among the entries whose first digits it
    /// holds in full, the longest; then a single prefix before a range; then the narrowest.
    static func expectedBrand(of digits: String) -> String? {
        var best: (entry: Entry, width: Int)? = nil
        for entry in entries where digits.count >= entry.lower.count {
            let head = Int(digits.prefix(entry.lower.count))!
            guard Int(entry.lower)! <= head, head <= Int(entry.upper)! else { continue }
            let width = Int(entry.upper)! - Int(entry.lower)! + 1
            guard let current = best else { best = (entry, width); continue }
            if entry.lower.count != current.entry.lower.count {
                if entry.lower.count > current.entry.lower.count { best = (entry, width) }
            } else if entry.isRange != current.entry.isRange {
                if !entry.isRange { best = (entry, width) }
            } else if width < current.width {
                best = (entry, width)
            }
        }
        return best?.entry.code
    }
}

extension Substring {
    var trimmingSpaces: String {
        String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
