import CheckoutCore
import Foundation
import Testing

/// The IIN entries `reference/card-brands.md` requires, as written there, each with the
/// public test card number the reference names for it; and the embedded table file.
enum IINReference {
    struct Row: Sendable, CustomTestStringConvertible {
        let bin: String
        /// Payment product ids in the reference's order.
        let products: [Int]
        let countryCode: String
        let cardType: CardType
        let testNumber: String

        var testDescription: String { "\(bin) \(products) \(countryCode) \(cardType.rawValue)" }

        /// The entry as the reference describes it: every brand with the row's card type.
        var entry: IINEntry {
            IINEntry(bin: bin, countryCode: countryCode,
                     brands: products.map { IINBrand(paymentProductId: $0, cardType: cardType) })
        }
    }

    static let visa = 1, amex = 2, mastercard = 3, unionPay = 56, maestro = 117, jcb = 125, discover = 128
    static let cartesBancaires = 130, diners = 132, bancontact = 3012

    static let rows: [Row] = [
        Row(bin: "40000025", products: [cartesBancaires, visa], countryCode: "FR", cardType: .debit,
            testNumber: "4000002500001001"),
        Row(bin: "55555525", products: [cartesBancaires, mastercard], countryCode: "FR", cardType: .credit,
            testNumber: "5555552500001001"),
        Row(bin: "424242", products: [visa], countryCode: "US", cardType: .credit, testNumber: "4242424242424242"),
        Row(bin: "400005", products: [visa], countryCode: "US", cardType: .debit, testNumber: "4000056655665556"),
        Row(bin: "555555", products: [mastercard], countryCode: "US", cardType: .credit, testNumber: "5555555555554444"),
        Row(bin: "520082", products: [mastercard], countryCode: "US", cardType: .debit, testNumber: "5200828282828210"),
        Row(bin: "510510", products: [mastercard], countryCode: "US", cardType: .prepaid, testNumber: "5105105105105100"),
        Row(bin: "378282", products: [amex], countryCode: "US", cardType: .credit, testNumber: "378282246310005"),
        Row(bin: "601111", products: [discover], countryCode: "US", cardType: .credit, testNumber: "6011111111111117"),
        Row(bin: "356600", products: [jcb], countryCode: "JP", cardType: .credit, testNumber: "3566002020360505"),
        Row(bin: "620000", products: [unionPay], countryCode: "CN", cardType: .credit, testNumber: "6200000000000005"),
        Row(bin: "401200", products: [visa], countryCode: "BE", cardType: .credit, testNumber: "4012000033330026"),
    ]

    static let dataFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Data/iin-table.json")

    /// `Data/iin-table.json`, the table the service embeds.
    static func embeddedTable() throws -> IINTable {
        try JSONDecoder().decode(IINTable.self, from: Data(contentsOf: dataFile))
    }
}
