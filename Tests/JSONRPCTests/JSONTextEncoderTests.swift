@testable import JSONRPC
import Testing

/// JSONTextEncoder writes exactly what the tree encoder and the serializer
/// write, streams the shapes synthesized conformances produce, and gives up
/// (falling back to the tree) on the shapes it cannot stream.
@Suite struct JSONTextEncoderTests {
    /// The tree encoder's own fixture, with an enum beside it.
    struct Synthesized: Encodable {
        let card: JSONValueEncoderTests.Card
        let flags: [Bool?]
        let shape: Shape
    }

    enum Shape: Encodable {
        case circle(radius: Int)
        case empty
    }

    /// Fills a parent, a nested container, then the parent again.
    struct BackToTheParent: Encodable {
        enum Keys: String, CodingKey { case a, inner, b }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("first", forKey: .a)
            var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
            try inner.encode(1, forKey: .a)
            var list = inner.nestedUnkeyedContainer(forKey: .b)
            try list.encode(UInt8(7))
            try container.encode(true, forKey: .b)
        }
    }

    /// Asks its encoder for the keyed container twice, as a subclass calling `super` does.
    struct TwoRequests: Encodable {
        enum Keys: String, CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: Keys.self)
            try first.encode(1, forKey: .a)
            var second = encoder.container(keyedBy: Keys.self)
            try second.encode(2, forKey: .b)
        }
    }

    /// Writes into a nested container after leaving it.
    struct LateNestedWrite: Encodable {
        enum Keys: String, CodingKey { case a, inner, b }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
            try container.encode(1, forKey: .a)
            try inner.encode(2, forKey: .b)
        }
    }

    /// Encodes a key twice: the tree keeps the first place and the last value.
    struct RepeatedKey: Encodable {
        enum Keys: String, CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode("first", forKey: .a)
            try container.encode(2, forKey: .b)
            try container.encode("second", forKey: .a)
        }
    }

    struct SuperEncoding: Encodable {
        enum Keys: String, CodingKey { case a }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(1, forKey: .a)
            try "base".encode(to: container.superEncoder())
        }
    }

    /// Optionals written with `encode` (null when nil) and arrays of scalars.
    struct Collections: Encodable {
        enum Keys: String, CodingKey { case none, some, noText, text, numbers, names, empty }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(Int?.none, forKey: .none)
            try container.encode(Int?.some(-7), forKey: .some)
            try container.encode(String?.none, forKey: .noText)
            try container.encode(String?.some("a\"b"), forKey: .text)
            try container.encode([13, 16, 19], forKey: .numbers)
            try container.encode(["x", "y\n"], forKey: .names)
            try container.encode([String](), forKey: .empty)
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct TwoScalars: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(1)
            try container.encode(2)
        }
    }

    struct Scalars: Encodable {
        let small: Int8 = -128
        let large: UInt64 = .max
        let minimum: Int = .min
        let short: UInt16 = 65535
        let float: Float = 1.5
        let whole: Double = -0.0
        let huge: Double = 1e20
        let tenth: Double = 0.1
        let text = "quote \" backslash \\ newline \n bell \u{7} é 中 🎉"
        let value: JSONValue = .object(["k": .array([.null, .number("1e3")])])
    }

    nonisolated(unsafe) static let cases: [(name: String, value: any Encodable, streams: Bool)] = [
        ("synthesized", Synthesized(card: .init(number: "4111", cvc: nil, lengths: [16, 19], valid: true, amount: 1 << 53,
                                                ratio: 0.5, nested: .init(codes: ["visa": 1])),
                                    flags: [true, nil], shape: .circle(radius: 3)), true),
        ("an enum case without values", Shape.empty, true),
        ("scalars of every width", Scalars(), true),
        ("optionals and arrays of scalars", Collections(), true),
        ("back to the parent", BackToTheParent(), true),
        ("the container asked for twice", TwoRequests(), true),
        ("an array of values", [Shape.circle(radius: 1), .empty], true),
        ("a top-level string", "text", true),
        ("a top-level nil", String?.none, true),
        ("an empty array", [Int](), true),
        ("nothing encoded", Nothing(), true),
        ("a late write into a left container", LateNestedWrite(), false),
        ("a repeated key", RepeatedKey(), false),
        ("a super encoder", SuperEncoding(), false),
        ("two scalars in one slot", TwoScalars(), false),
    ]

    @Test(arguments: cases.indices) func writesWhatTheTreeEncoderWrites(index: Int) throws {
        let (name, value, streams) = Self.cases[index]
        let reference = JSONSerializer.bytes(of: try JSONValueEncoder.encode(value))
        #expect(String(decoding: try JSONTextEncoder.bytes(of: value), as: UTF8.self)
                == String(decoding: reference, as: UTF8.self), "\(name)")
        var streamed: [UInt8] = []
        #expect(JSONTextEncoder.stream(value, appendingTo: &streamed) == streams, "\(name)")
        #expect(streamed == (streams ? reference : []), "\(name)")
    }

    @Test func appendsAfterWhatIsThereAndLeavesItAloneOnFailure() throws {
        var output = Array("prefix:".utf8)
        try JSONTextEncoder.encode(RepeatedKey(), appendingTo: &output)
        #expect(String(decoding: output, as: UTF8.self) == #"prefix:{"a":"second","b":2}"#)

        struct Holder: Encodable { let values: [Double] }
        var failed = Array("prefix:".utf8)
        #expect(throws: EncodingError.self) { try JSONTextEncoder.encode(Holder(values: [1, .nan]), appendingTo: &failed) }
        #expect(failed == Array("prefix:".utf8))
    }
}
