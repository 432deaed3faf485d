import CheckoutCore
@testable import CheckoutService
import Foundation
import JSONRPC
import Testing

/// `--card-brands` files, and `Data/brands-access-checkout.json` judged row by row by the
/// Access Checkout seed (`seeds/003_…`, "Validation rules" and "Currently supported card
/// brands"), copied below as the seed writes it.
@Suite("Card brand table files")
struct CardBrandsFileTests {
    /// "Validation rules": Card Name | BIN Range | PAN Length | CVC Length.
    static let seedRules: [(name: String, ranges: String, panLengths: String, cvcLength: String)] = [
        ("Amex", "34, 37", "15", "4"),
        ("Diners", "300-305, 3095, 36, 38, 39", "14, 16, 19", "3"),
        ("Discover", "6011, 644 - 649, 65", "16, 19", "3"),
        ("JCB", "2131, 1800, 3088 - 3094, 3096 - 3102, 3112 - 3120, 3158 - 3159, 3337 - 3349, 3528 - 3589",
         "16, 17, 18, 19", "3"),
        ("Maestro", "493698, 500000 - 506698, 506779 - 508999, 56 - 59, 63, 67, 6", "12, 13, 14, 15, 16, 17, 18, 19", "3"),
        ("MasterCard", "51 - 55, 2221 - 2229, 223 - 229, 23 - 26, 270 - 271, 2720: optimized using 22 - 27", "16", "3"),
        ("Visa", "4", "13, 16, 18, 19", "3"),
    ]

    /// "Currently supported card brands": Brand | Code, in the same order as the rules.
    static let seedCodes: [(name: String, code: String)] = [
        ("American Express", "amex"), ("Diners", "diners"), ("Discover", "discover"), ("JCB", "jcb"),
        ("Maestro", "maestro"), ("Mastercard", "mastercard"), ("Visa", "visa"),
    ]

    /// A seed range as the table's text (`644 - 649` → `644-649`).
    static func entry(_ text: Substring) -> String {
        text.split(separator: "-").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: "-")
    }

    /// The ranges a row lists, and those the SDK detects with: an "optimized using" range
    /// replaces the listed ones it covers (MasterCard's 2221-2229 … 2720 become 22-27).
    static func ranges(of row: String) -> (listed: [String], detected: [String]) {
        let parts = row.split(separator: ":")
        let listed = parts[0].split(separator: ",").map(entry)
        guard parts.count == 2, let optimized = parts[1].components(separatedBy: "optimized using").last else {
            return (listed, listed)
        }
        let wide = entry(Substring(optimized))
        let bounds = wide.split(separator: "-").map(String.init)
        let covered = { (range: String) in
            range.split(separator: "-").allSatisfy { bound in
                let head = String(bound.prefix(bounds[0].count))
                return head.count == bounds[0].count && bounds[0] <= head && head <= bounds[bounds.count - 1]
            }
        }
        return (listed, listed.filter { !covered($0) } + [wide])
    }

    static func numbers(_ text: String) -> [Int] {
        text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces))! }
    }

    static let file = Repository.root.appendingPathComponent("Data/brands-access-checkout.json")

    static func shipped() throws -> CardBrandTable {
        try CardBrandTable.load(from: String(contentsOf: file, encoding: .utf8), file: file.path)
    }

    /// The seed's detection rule over its own rows: the longest matching entry; at equal
    /// length a prefix before a range, then the narrower range.
    static func seedBrand(of digits: String) -> String? {
        var best: (code: String, length: Int, isRange: Bool, width: Int)?
        for (row, code) in zip(seedRules, seedCodes.map(\.code)) {
            for range in ranges(of: row.ranges).detected {
                let bounds = range.split(separator: "-").map(String.init)
                let length = bounds[0].count
                guard digits.count >= length, let head = Int(digits.prefix(length)),
                      Int(bounds[0])! <= head, head <= Int(bounds[bounds.count - 1])! else { continue }
                let candidate = (code, length, bounds.count == 2, Int(bounds[bounds.count - 1])! - Int(bounds[0])!)
                guard let current = best else { best = candidate; continue }
                if (candidate.1, candidate.2 ? 0 : 1, -candidate.3) > (current.length, current.isRange ? 0 : 1, -current.width) {
                    best = candidate
                }
            }
        }
        return best?.code
    }

    @Test func theShippedFileHoldsExactlyTheSevenSeedBrandsInOrder() throws {
        let table = try Self.shipped()
        #expect(table.brands.map(\.code) == Self.seedCodes.map(\.code))
        #expect(table.brands.map(\.name) == Self.seedCodes.map(\.name))
    }

    @Test(arguments: Array(zip(seedRules.indices, seedCodes.map(\.code))))
    func everyBrandIsItsSeedRow(_ index: Int, _ code: String) throws {
        let row = Self.seedRules[index]
        let table = try Self.shipped()
        let entry = try #require(table.entries.first { $0.brand.code == code })
        #expect(entry.brand.panLengths == Self.numbers(row.panLengths))
        #expect(entry.brand.cvcLength == Self.numbers(row.cvcLength)[0])
        #expect(entry.brand.requiresLuhn)
        #expect(entry.prefixes.map(\.description) == Self.ranges(of: row.ranges).detected)
        // The platform's product for the brand, so its cards can be paid with.
        #expect(entry.brand.paymentProductId == CardBrandTable.standard.brand(code: code)?.paymentProductId)
    }

    /// Every bound of every range of every row, as listed and as detected (MasterCard's
    /// 2221 … 2720 and 22-27 alike), inside and just outside, is detected as the seed says.
    @Test(arguments: Array(zip(seedRules.indices, seedCodes.map(\.code))))
    func everyRangeOfTheRowIsDetectedAsTheSeedSays(_ index: Int, _ code: String) throws {
        let table = try Self.shipped()
        let (listed, detected) = Self.ranges(of: Self.seedRules[index].ranges)
        var probes: Set<String> = []
        for range in listed + detected {
            let bounds = range.split(separator: "-").map(String.init)
            let width = bounds[0].count
            for value in [Int(bounds[0])!, Int(bounds[bounds.count - 1])!] {
                for probe in [value - 1, value, value + 1] where (0..<Int(pow(10, Double(width)))).contains(probe) {
                    let digits = String(probe)
                    probes.insert(String(repeating: "0", count: width - digits.count) + digits)
                }
            }
            // The whole listed range is this brand's: its bounds with every continuation.
            for bound in bounds {
                #expect(table.brand(ofCardNumber: bound + "0000000000")?.code == Self.seedBrand(of: bound + "0000000000"))
            }
        }
        for probe in probes {
            let number = probe + String(repeating: "5", count: 16 - probe.count)
            #expect(table.brand(ofCardNumber: number)?.code == Self.seedBrand(of: number), "\(code): \(number)")
        }
    }

    /// What the seven-brand table detects differently from the embedded one.
    @Test(arguments: [
        ("2200 0000 0000 0000", "mastercard"),  // Mir in the embedded table
        ("2799 9900 0000 0000", "mastercard"),  // outside Mastercard's own ranges, inside 22-27
        ("2800 0000 0000 0000", nil),
        ("6200 0000 0000 0005", "maestro"),     // UnionPay in the embedded table: Maestro's catch-all 6
        ("6062 8210 8677 3091", "maestro"),     // Hipercard in the embedded table
        ("6011 1111 1111 1117", "discover"),    // longer than Maestro's 6
        ("4011 7800 0000 0000", "visa"),        // Elo in the embedded table
        ("4936 9800 0000 0000", "maestro"),
        ("9792 0000 0000 0000", nil),           // Troy in the embedded table
    ] as [(String, String?)])
    func detectsAsTheSeedSaysWhereTheEmbeddedTableDiffers(_ number: String, _ code: String?) throws {
        #expect(try Self.shipped().brand(ofCardNumber: number)?.code == code)
        #expect(Self.seedBrand(of: number.filter(\.isNumber)) == code)
    }

    @Test(.enabled(if: CatalogDataTests.pythonHasJSONSchema()))
    func theShippedFileMatchesItsSchema() throws {
        let script = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1], encoding="utf-8"))
            data = json.load(open(sys.argv[2], encoding="utf-8"))
            for validator in (jsonschema.Draft202012Validator, jsonschema.Draft7Validator):
                validator.check_schema(schema)
                validator(schema).validate(data)
            """
        #expect(CatalogDataTests.run(["python3", "-c", script,
                                      Repository.schemas.appendingPathComponent("files/card-brands.json").path,
                                      Self.file.path]) == 0)
    }

    // MARK: Strict reading

    static let visa = #"{"code":"visa","name":"Visa","prefixes":["4"],"panLengths":[16],"cvcLength":3,"mask":"{{9999}} {{9999}} {{9999}} {{9999}}"}"#

    static func problems(_ text: String) -> [ParamProblem]? {
        do {
            _ = try CardBrandTable.load(from: text, file: "brands.json")
            return nil
        } catch {
            return error.problems
        }
    }

    /// A file that does not match its schema is refused with every problem at its pointer.
    @Test(arguments: [
        ("{", [""]),
        ("[]", [""]),
        (#"{}"#, ["/brands"]),
        (#"{"brands":[]}"#, ["/brands"]),
        (#"{"brands":[], "version":"1"}"#, ["/version"]),
        (#"{"brands":[{"code":"visa"}]}"#, ["/brands/0/name", "/brands/0/prefixes", "/brands/0/panLengths",
                                             "/brands/0/cvcLength", "/brands/0/mask"]),
        (#"{"brands":[\#(visa.dropLast()),"colour":"blue"}]}"#, ["/brands/0/colour"]),
        (#"{"brands":[\#(visa.dropLast()),"images":[]}]}"#, ["/brands/0/images"]),
        (#"{"brands":[\#(visa.replacingOccurrences(of: #"["4"]"#, with: #"["4", "5 1", "55-51", 6]"#))]}"#,
         ["/brands/0/prefixes/1", "/brands/0/prefixes/2", "/brands/0/prefixes/3"]),
        (#"{"brands":[\#(visa.replacingOccurrences(of: #""mask":"{{9999}} {{9999}} {{9999}} {{9999}}""#, with: #""mask":"{{99""#))]}"#,
         ["/brands/0/mask"]),
        (#"{"brands":[\#(visa.replacingOccurrences(of: "[16]", with: "[16.5]"))]}"#, ["/brands/0/panLengths/0"]),
        (#"{"brands":[\#(visa.dropLast()),"paymentProductId":"1","requiresLuhn":"yes"}]}"#,
         ["/brands/0/paymentProductId", "/brands/0/requiresLuhn"]),
        (#"{"brands":[\#(visa),\#(visa)]}"#, ["/brands/1/code", "/brands/1/prefixes/0"]),
        (#"{"brands":[\#(visa.replacingOccurrences(of: "[16]", with: "[16, 19]"))]}"#, ["/brands/0/mask"]),
        (#"{"brands":[\#(visa.dropLast()),"masksByPanLength":{"16":7}}]}"#, ["/brands/0/masksByPanLength/16"]),
    ])
    func aFileThatDoesNotMatchItsSchemaIsRefusedWithEveryProblem(_ text: String, _ paths: [String]) {
        #expect(Self.problems(text)?.map(\.path) == paths, "\(text)")
    }

    @Test func anAbsentOrNullProductIsNone() throws {
        let table = try CardBrandTable.load(
            from: #"{"brands":[\#(Self.visa.dropLast()),"paymentProductId":null}]}"#, file: "brands.json")
        #expect(table.brand(code: "visa")?.paymentProductId == nil)
        #expect(try CardBrandTable.load(from: #"{"brands":[\#(Self.visa)]}"#, file: "b.json").brand(code: "visa")?.paymentProductId == nil)
    }

    @Test func theMessageNamesTheFileAndThePointer() {
        do {
            _ = try CardBrandTable.load(from: #"{"brands":[\#(Self.visa.replacingOccurrences(of: "\"visa\"", with: "\"rupay\""))]}"#,
                                        file: "my-brands.json")
            Issue.record("a brand outside the known codes was accepted")
        } catch {
            #expect(error.description.hasPrefix("my-brands.json: /brands/0/code: must be one of amex, diners, discover"))
        }
    }
}
