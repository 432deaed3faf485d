import CheckoutCore
import Foundation
import Testing

@Suite("IIN wire and file shapes")
struct IINCodingTests {
    static func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func detailsLeaveOutMembersWithoutAValueButAlwaysWriteCoBrands() throws {
        #expect(try Self.json(IINDetails.notEnoughDigits)
            == #"{"coBrands":[],"isAllowedInContext":false,"status":"NOT_ENOUGH_DIGITS"}"#)
        #expect(try Self.json(IINDetails.unknown) == #"{"coBrands":[],"isAllowedInContext":false,"status":"UNKNOWN"}"#)
        #expect(try Self.json(IINDetails(status: .supported, paymentProductId: 3, isAllowedInContext: true))
            == #"{"coBrands":[],"isAllowedInContext":true,"paymentProductId":3,"status":"SUPPORTED"}"#)
    }

    @Test func coBadgedDetailsWriteEveryMember() throws {
        let details = IINDetails(
            status: .existingButNotAllowed, paymentProductId: 130, countryCode: "FR", cardType: .debit,
            isAllowedInContext: false, coBrands: [
                .init(paymentProductId: 130, isAllowedInContext: false, cardType: .debit),
                .init(paymentProductId: 1, isAllowedInContext: false),
            ])
        #expect(try Self.json(details) == """
            {"cardType":"DEBIT","coBrands":[{"cardType":"DEBIT","isAllowedInContext":false,"paymentProductId":130},\
            {"isAllowedInContext":false,"paymentProductId":1}],"countryCode":"FR","isAllowedInContext":false,\
            "paymentProductId":130,"status":"EXISTING_BUT_NOT_ALLOWED"}
            """)
        #expect(try JSONDecoder().decode(IINDetails.self, from: Data(Self.json(details).utf8)) == details)
    }

    @Test func aTableDecodesFromTheFileShape() throws {
        let text = """
            {"version": "7", "entries": [
              {"bin": "40000025", "countryCode": "FR",
               "brands": [{"paymentProductId": 130, "cardType": "DEBIT"}, {"paymentProductId": 1}]},
              {"bin": "424242", "brands": [{"paymentProductId": 1, "cardType": "PREPAID"}]}
            ]}
            """
        let table = try JSONDecoder().decode(IINTable.self, from: Data(text.utf8))
        #expect(table == IINTable(version: "7", entries: [
            IINEntry(bin: "40000025", countryCode: "FR", brands: [
                IINBrand(paymentProductId: 130, cardType: .debit), IINBrand(paymentProductId: 1),
            ]),
            IINEntry(bin: "424242", brands: [IINBrand(paymentProductId: 1, cardType: .prepaid)]),
        ]))
        #expect(try JSONDecoder().decode(IINTable.self, from: JSONEncoder().encode(table)) == table)
    }

    @Test(arguments: [
        #"{"version": "7", "entries": [{"bin": "424242", "brands": [{"paymentProductId": 1, "cardType": "CHARGE"}]}]}"#,
        #"{"version": "7", "entries": [{"bin": "424242", "brands": [{"paymentProductId": 1, "cardType": "credit"}]}]}"#,
        #"{"version": "7", "entries": [{"bin": 424242, "brands": [{"paymentProductId": 1}]}]}"#,
        #"{"version": "7", "entries": [{"bin": "424242"}]}"#,
        #"{"entries": []}"#,
    ])
    func aTableWithAWrongMemberDoesNotDecode(_ text: String) {
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(IINTable.self, from: Data(text.utf8)) }
    }

    @Test func cardTypesAreNamedAsOnTheWire() {
        #expect(CardType.allCases.map(\.rawValue) == ["CREDIT", "DEBIT", "PREPAID"])
        #expect(IINDetails.Status.allCases.map(\.rawValue)
            == ["SUPPORTED", "UNKNOWN", "NOT_ENOUGH_DIGITS", "EXISTING_BUT_NOT_ALLOWED"])
    }
}
