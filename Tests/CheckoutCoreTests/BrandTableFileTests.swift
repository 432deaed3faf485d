import CheckoutCore
import Foundation
import Testing

/// The brand table file (`--card-brands`): what it can state, and what it may not.
@Suite("Card brand table file")
struct BrandTableFileTests {
    /// The masks of `reference/card-brands.md` ("Masks"): Amex, Diners of 14 digits, the rest.
    static let otherMask = "{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"

    /// The reference table written as a file, row by row.
    static var referenceFile: [String: Any] {
        ["brands": BrandReference.rows.map { row -> [String: Any] in
            var brand: [String: Any] = [
                "code": row.code, "name": row.name, "paymentProductId": row.paymentProductId as Any? ?? NSNull(),
                "prefixes": BrandReference.entries.filter { $0.code == row.code }.map {
                    $0.isRange ? "\($0.lower)-\($0.upper)" : $0.lower
                },
                "panLengths": row.panLengths, "cvcLength": row.cvcLength,
                "mask": row.code == "amex" ? "{{9999}} {{999999}} {{99999}}" : otherMask,
            ]
            if row.code == "diners" { brand["masksByPanLength"] = ["14": "{{9999}} {{999999}} {{9999}}"] }
            if row.code == "unionpay" { brand["requiresLuhn"] = false }
            return brand
        }]
    }

    static func decode(_ file: [String: Any]) throws -> CardBrandTableFile {
        try JSONDecoder().decode(CardBrandTableFile.self, from: JSONSerialization.data(withJSONObject: file))
    }

    /// The file can state the embedded table exactly: every brand, prefix, mask and Luhn rule.
    @Test func theReferenceTableAsAFileIsTheEmbeddedTable() throws {
        let file = try Self.decode(Self.referenceFile)
        #expect(file.inconsistencies() == [])
        let table = try #require(file.table)
        #expect(table.entries == CardBrandTable.standard.entries)
        #expect(table.brand(code: "unionpay")?.requiresLuhn == false)
        #expect(table.brand(code: "diners")?.mask(forPanLength: 14) == "{{9999}} {{999999}} {{9999}}")
    }

    @Test func absentOptionalMembersTakeTheirDefaults() throws {
        let file = try Self.decode(["brands": [[
            "code": "visa", "name": "Visa", "prefixes": ["4"], "panLengths": [19, 16], "cvcLength": 3, "mask": Self.otherMask,
        ]]])
        let visa = try #require(file.table?.brand(code: "visa"))
        #expect(visa.paymentProductId == nil)
        #expect(visa.requiresLuhn)
        #expect(visa.panLengths == [16, 19])
        #expect(visa.masksByPanLength == [:])
    }

    /// One change to the reference file (member `member` of brand `index` set to the JSON
    /// `value`; index -1: the whole list), and where and why it is refused.
    @Test(arguments: [
        ("no brand", -1, "", "[]", "/brands", "at least one brand"),
        ("unknown code", 1, "code", #""rupay""#, "/brands/1/code", "must be one of amex, diners"),
        ("upper-case code", 1, "code", #""DINERS""#, "/brands/1/code", "must be one of"),
        ("code twice", 2, "code", #""amex""#, "/brands/2/code", "brand code amex appears more than once"),
        ("empty name", 0, "name", #""""#, "/brands/0/name", "must not be empty"),
        ("product 0", 0, "paymentProductId", "0", "/brands/0/paymentProductId", "must be 1 or more"),
        ("product twice", 3, "paymentProductId", "2", "/brands/3/paymentProductId", "already the product of amex"),
        ("prefix twice in a brand", 0, "prefixes", #"["34", "37", "34"]"#, "/brands/0/prefixes/2", "already a prefix of amex"),
        ("prefix of another brand", 6, "prefixes", #"["4", "34"]"#, "/brands/6/prefixes/1", "already a prefix of amex"),
        ("no length", 6, "panLengths", "[]", "/brands/6/panLengths", "at least one length"),
        ("length 20", 6, "panLengths", "[16, 20]", "/brands/6/panLengths/1", "from 12 to 19"),
        ("length 11", 6, "panLengths", "[11]", "/brands/6/panLengths/0", "from 12 to 19"),
        ("length twice", 6, "panLengths", "[16, 13, 16]", "/brands/6/panLengths/2", "length 16 appears more than once"),
        ("CVC of 5", 0, "cvcLength", "5", "/brands/0/cvcLength", "must be 3 or 4"),
        ("mask too short", 6, "mask", #""{{9999}} {{9999}} {{9999}} {{9999}}""#, "/brands/6/mask", "all 19 digits"),
        ("mask of letters", 0, "mask", #""{{aaaa}} {{aaaaaa}} {{aaaaa}}""#, "/brands/0/mask", "all 15 digits"),
        ("mask for a length the brand lacks", 1, "masksByPanLength", #"{"15": "{{9999}} {{999999}} {{99999}}"}"#,
         "/brands/1/masksByPanLength/15", "one of the brand's panLengths"),
        ("mask key not decimal", 1, "masksByPanLength", #"{"014": "{{9999}} {{999999}} {{9999}}"}"#,
         "/brands/1/masksByPanLength/014", "one of the brand's panLengths"),
        ("mask by length that does not parse", 1, "masksByPanLength", #"{"14": "{{9999"}"#,
         "/brands/1/masksByPanLength/14", "not a valid mask"),
        ("mask by length too short", 1, "masksByPanLength", #"{"14": "{{9999}} {{9999}}"}"#,
         "/brands/1/masksByPanLength/14", "all 14 digits"),
    ] as [(String, Int, String, String, String, String)])
    func anInconsistentFileIsRefusedAtThePointerOfTheProblem(
        _ name: String, _ index: Int, _ member: String, _ value: String, _ path: String, _ message: String
    ) throws {
        let json = try JSONSerialization.jsonObject(with: Data(value.utf8), options: .fragmentsAllowed)
        var brands = try #require(Self.referenceFile["brands"] as? [[String: Any]])
        if index < 0 { brands = try #require(json as? [[String: Any]]) } else { brands[index][member] = json }
        let file = try Self.decode(["brands": brands])
        let problems = file.inconsistencies()
        #expect(problems.map(\.path) == [path], "\(name)")
        #expect(problems.first?.message.contains(message) == true, "\(name): \(problems)")
        #expect(file.table == nil)
    }
}
