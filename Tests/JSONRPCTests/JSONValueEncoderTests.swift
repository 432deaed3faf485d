import JSONRPC
import Testing

/// JSONValueEncoder: every container kind, member order, duplicate keys, nils and scalars.
@Suite struct JSONValueEncoderTests {
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

    @Test func synthesizedConformancesKeepDeclarationOrderAndLeaveOutNils() throws {
        let value = try JSONValueEncoder.encode(Card(number: "4111", cvc: nil, lengths: [16, 19], valid: true, amount: 1 << 53,
                                                     ratio: 0.5, nested: Nested(codes: ["visa": 1])))
        #expect(value == .object([
            "number": .string("4111"), "lengths": .array([.number("16"), .number("19")]), "valid": .bool(true),
            "amount": .number("9007199254740992"), "ratio": .number("0.5"),
            "nested": .object(["codes": .object(["visa": .number("1")])]),
        ]))
    }

    struct Custom: Encodable {
        enum Keys: String, CodingKey { case a, b, list, inner }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("first", forKey: .a)
            try container.encodeNil(forKey: .b)
            try container.encode("second", forKey: .a)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(1)
            try list.encodeNil()
            var inner = list.nestedContainer(keyedBy: Keys.self)
            try inner.encode(true, forKey: .b)
            var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
            try nested.encode(JSONValue.array([]), forKey: .a)
            #expect(list.count == 3)
        }
    }

    @Test func nestedContainersAndARepeatedKeyKeepTheFirstPlaceAndTheLastValue() throws {
        #expect(try JSONValueEncoder.encode(Custom()) == .object([
            "a": .string("second"), "b": .null,
            "list": .array([.number("1"), .null, .object(["b": .bool(true)])]),
            "inner": .object(["a": .array([])]),
        ]))
    }

    @Test func scalarsAndJSONValuesAtTheTop() throws {
        #expect(try JSONValueEncoder.encode("text") == .string("text"))
        #expect(try JSONValueEncoder.encode(42) == .number("42"))
        #expect(try JSONValueEncoder.encode([true, false]) == .array([.bool(true), .bool(false)]))
        #expect(try JSONValueEncoder.encode(JSONValue.object(["k": .null])) == .object(["k": .null]))
        #expect(try JSONValueEncoder.encode(Optional<String>.none) == .null)
    }

    @Test func aNonFiniteNumberIsAnErrorNamingItsPath() {
        struct Holder: Encodable { let values: [Double] }
        #expect(throws: EncodingError.self) { try JSONValueEncoder.encode(Holder(values: [1, .infinity])) }
    }
}
