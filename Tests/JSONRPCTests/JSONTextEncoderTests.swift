import JSONRPC
import Testing

/// JSONTextEncoder: every container kind, member order, nils and scalars, written as exact text.
@Suite struct JSONTextEncoderTests {
    struct Card: Encodable {
        let number: String
        let cvc: String?
        let lengths: [Int]
        let valid: Bool
        let amount: Int64
        let ratio: Double
        let nested: Nested?
    }

    struct Nested: Encodable {
        let codes: [String: Int]
    }

    private func text<T: Encodable>(_ value: T) throws -> String {
        String(decoding: try JSONTextEncoder.encode(value), as: UTF8.self)
    }

    @Test func synthesizedConformancesKeepDeclarationOrderAndLeaveOutNils() throws {
        let card = Card(number: "4111", cvc: nil, lengths: [16, 19], valid: true, amount: 1 << 53,
                        ratio: 0.5, nested: Nested(codes: ["visa": 1]))
        #expect(try text(card) == #"{"number":"4111","lengths":[16,19],"valid":true,"amount":9007199254740992,"ratio":0.5,"nested":{"codes":{"visa":1}}}"#)
        #expect(try JSONTextEncoder.value(of: card)["lengths"] == .array([.number("16"), .number("19")]))
    }

    struct Custom: Encodable {
        enum Keys: String, CodingKey { case a, b, list, inner, last }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("first", forKey: .a)
            try container.encodeNil(forKey: .b)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            try list.encodeNil()
            var inner = list.nestedContainer(keyedBy: Keys.self)
            try inner.encode(true, forKey: .b)
            var deeper = inner.nestedUnkeyedContainer(forKey: .list)
            try deeper.encode("x")
            try list.encode(-7)
            #expect(list.count == 4)
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
            try nested.encode(JSONValue.array([]), forKey: .a)
            _ = container.nestedUnkeyedContainer(forKey: .last)
        }
    }

    @Test func nestedContainersCloseWhenTheirParentWritesItsNextElement() throws {
        #expect(try text(Custom()) == #"{"a":"first","b":null,"list":[1,null,{"b":true,"list":["x"]},-7],"inner":{"a":[]},"last":[]}"#)
    }

    struct AsksTwice: Encodable {
        enum Keys: String, CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: Keys.self)
            try first.encode(1, forKey: .a)
            var second = encoder.container(keyedBy: Keys.self)
            try second.encode(2, forKey: .b)
        }
    }

    struct EncodesNothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    @Test func aContainerAskedForTwiceIsTheSameObjectAndNothingEncodedIsAnEmptyObject() throws {
        #expect(try text(AsksTwice()) == #"{"a":1,"b":2}"#)
        #expect(try text([AsksTwice()]) == #"[{"a":1,"b":2}]"#)
        #expect(try text(EncodesNothing()) == "{}")
        #expect(try text(["k": EncodesNothing()]) == #"{"k":{}}"#)
    }

    @Test func scalarsAndJSONValuesAtTheTop() throws {
        #expect(try text("text") == #""text""#)
        #expect(try text(42) == "42")
        #expect(try text(Int64.min) == "-9223372036854775808")
        #expect(try text(UInt64.max) == "18446744073709551615")
        #expect(try text([0, 9, 10, -1, -10]) == "[0,9,10,-1,-10]")
        #expect(try text([true, false]) == "[true,false]")
        #expect(try text([2.0, -0.25, 1e20]) == "[2,-0.25,1e+20]")
        #expect(try text(JSONValue.object(["k": .null])) == #"{"k":null}"#)
        #expect(try text(Optional<String>.none) == "null")
        #expect(try text([String]()) == "[]")
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" and back\\slash", #""quote \" and back\\slash""#),
        ("line\nfeed\ttab\r\u{8}\u{C}", #""line\nfeed\ttab\r\b\f""#),
        ("\u{1}\u{1F}", #""\u0001\u001f""#),
        ("ünïcødé €", #""ünïcødé €""#),
        ("", #""""#),
        ("\"", #""\"""#),
    ])
    func stringsEscapeOnlyControlsQuotesAndBackslashes(string: String, expected: String) throws {
        #expect(try text(string) == expected)
        #expect(try text(["k": string]) == #"{"k":\#(expected)}"#)
    }

    @Test func aNonFiniteNumberIsAnErrorAndLeavesTheOutputAsItWas() {
        struct Holder: Encodable { let values: [Double] }
        var output = Array("prefix".utf8)
        #expect(throws: EncodingError.self) { try JSONTextEncoder.encode(Holder(values: [1, .infinity]), appendingTo: &output) }
        #expect(output == Array("prefix".utf8))
    }

    @Test func aNonFiniteNumberNamesItsCodingPath() throws {
        struct Inner: Encodable { let ratio: Double }
        struct Holder: Encodable { let name: String; let items: [Inner] }
        do {
            _ = try JSONTextEncoder.encode(Holder(name: "n", items: [Inner(ratio: 1), Inner(ratio: .nan)]))
            Issue.record("a NaN was encoded")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["items", "1", "ratio"])
        }
    }
}
