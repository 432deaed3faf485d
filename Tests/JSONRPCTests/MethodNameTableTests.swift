@testable import JSONRPC
import Testing

/// The table finds every name it holds from the name's bytes, and nothing else:
/// not a prefix, an extension, a name differing in one byte or the empty name.
@Suite struct MethodNameTableTests {
    /// Names the size of checkoutd's (a few dozen, so the table grows several
    /// times), with families that differ in one byte or only in length.
    static let names: [String] = {
        var names = ["", "a", "card.validate", "card.validat", "card.validatf", "card.format", "$/cancelRequest",
                     "paymentRequest.encrypt", "paymentRequest.encrypts", "réglage.écrire"]
        for namespace in ["session", "products", "mask", "iin", "currency", "address", "token", "threeDS"] {
            for verb in ["get", "list", "apply", "init", "close"] { names.append("\(namespace).\(verb)") }
        }
        return names
    }()

    func table(holding names: [String]) -> MethodNameTable<Int> {
        var table = MethodNameTable<Int>()
        for (index, name) in names.enumerated() { table.insert(index, named: name) }
        return table
    }

    func lookUp(_ name: String, in table: MethodNameTable<Int>) -> Int? {
        Array(name.utf8).withUnsafeBytes { table.value(named: $0) }
    }

    @Test func everyNameIsFoundWithItsValue() {
        let table = table(holding: Self.names)
        for (index, name) in Self.names.enumerated() { #expect(lookUp(name, in: table) == index, "\(name)") }
    }

    @Test func namesNotInTheTableAreNotFound() {
        let held = Self.names.filter { $0 != "" && $0 != "card.validat" }
        let table = table(holding: held)
        let absent = ["", "card.validat", "card.validateX", "Card.validate", "card.validate ", "session.ge",
                      "session.gets", "token.close\u{0}", "réglage.écrirf", "cancelRequest"]
        for name in absent { #expect(lookUp(name, in: table) == nil, "\(name)") }
    }

    @Test(arguments: [0, 1, 7, 8, 9, 31, 33])
    func aTableOfAnySizeFindsWhatItHolds(_ count: Int) {
        let held = (0..<count).map { "method.\($0)" }
        let table = table(holding: held)
        for (index, name) in held.enumerated() { #expect(lookUp(name, in: table) == index) }
        #expect(lookUp("method.\(count)", in: table) == nil)
    }
}
