@testable import JSONRPC
import Testing

/// A `JSONTextWritable` conformance written as the writer's users write them
/// produces the same bytes as the tree encoder does for its `Encodable`
/// conformance, and the registry writes such results directly.
@Suite struct JSONTextWriterTests {
    /// Every member shape the writer offers: nested objects, optionals written as
    /// null or left out, arrays of scalars and of objects, and empty arrays.
    struct Order: Encodable, JSONTextWritable, CustomTestStringConvertible {
        struct Line: Encodable, JSONTextWritable {
            let sku: String
            let quantity: Int
            let gift: Bool

            func write(to json: inout JSONTextWriter) {
                json.object { json in
                    json.member("sku", sku)
                    json.member("quantity", quantity)
                    json.member("gift", gift)
                }
            }
        }

        let reference: String
        let customer: String?
        let note: String?
        let lines: [Line]
        let tags: [String]
        let amounts: [Int]
        let shipping: Line?
        let paid: Bool?

        enum CodingKeys: String, CodingKey {
            case reference, customer, note, lines, tags, amounts, shipping, paid
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(reference, forKey: .reference)
            try container.encode(customer, forKey: .customer)
            try container.encodeIfPresent(note, forKey: .note)
            try container.encode(lines, forKey: .lines)
            try container.encode(tags, forKey: .tags)
            try container.encode(amounts, forKey: .amounts)
            try container.encode(shipping, forKey: .shipping)
            try container.encodeIfPresent(paid, forKey: .paid)
        }

        func write(to json: inout JSONTextWriter) {
            json.object { json in
                json.member("reference", reference)
                json.member("customer", customer)
                json.memberIfPresent("note", note)
                json.member("lines", lines)
                json.member("tags", tags)
                json.member("amounts", amounts)
                json.member("shipping", shipping)
                json.memberIfPresent("paid", paid)
            }
        }

        var testDescription: String { reference }
    }

    static let orders: [Order] = [
        Order(reference: "empty", customer: nil, note: nil, lines: [], tags: [], amounts: [], shipping: nil, paid: nil),
        Order(reference: "full", customer: "Ada", note: "leave at the door", lines: [
            Order.Line(sku: "A-1", quantity: 1, gift: false),
            Order.Line(sku: "B-2", quantity: 12, gift: true),
        ], tags: ["x", "y", "z"], amounts: [0, -1, 1, Int.max, Int.min], shipping: Order.Line(sku: "ship", quantity: 0, gift: false),
        paid: true),
        Order(reference: "escapes \" \\ \n \t \u{1} é 😀", customer: "\u{7f}\u{2028}", note: "", lines: [],
              tags: ["", "\"", "\\\\"], amounts: [10, 100, 1_000_000], shipping: nil, paid: false),
        Order(reference: "one of each", customer: nil, note: "n", lines: [Order.Line(sku: "", quantity: -42, gift: true)],
              tags: ["only"], amounts: [7], shipping: nil, paid: nil),
    ]

    @Test(arguments: orders)
    func writesTheTreeEncodersText(_ order: Order) throws {
        let expected = JSONSerializer.bytes(of: try JSONValueEncoder.encode(order))
        #expect(String(decoding: JSONTextWriter.bytes(of: order), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    /// Orders whose text outgrows the writer's 1 KiB of scratch space: by a string
    /// that ends just before, at and just after the boundary, by a long string with
    /// escapes, and by many small members.
    static let longOrders: [Order] = (990...1040).map { length in
        Order(reference: String(repeating: "r", count: length), customer: nil, note: nil, lines: [], tags: [],
              amounts: [], shipping: nil, paid: nil)
    } + [
        Order(reference: "escapes", customer: String(repeating: "a\"b\\c\u{1}d\né", count: 700), note: nil, lines: [],
              tags: [], amounts: [], shipping: nil, paid: true),
        Order(reference: "many lines", customer: "c", note: "n",
              lines: (0..<300).map { Order.Line(sku: "sku-\($0)", quantity: $0 * 7919 - 1000, gift: $0 % 2 == 0) },
              tags: (0..<100).map { String(repeating: "t", count: $0) }, amounts: Array(-50...50), shipping: nil, paid: nil),
    ]

    @Test(arguments: longOrders)
    func longTextIsTheTreeEncodersToo(_ order: Order) throws {
        let expected = JSONSerializer.bytes(of: try JSONValueEncoder.encode(order))
        #expect(String(decoding: JSONTextWriter.bytes(of: order), as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    /// Bytes and runs of every length up to 36, from scratch space of several sizes
    /// (none at all included), come out as an array appended the same way holds them.
    @Test(arguments: [0, 1, 7, 64])
    func bufferKeepsEveryByteAsItGrows(scratchSize: Int) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: scratchSize) { scratch in
            var buffer = JSONTextBuffer(scratch: scratch)
            var expected: [UInt8] = []
            for step in 0..<200 {
                if step % 3 == 0 {
                    buffer.append(UInt8(step))
                    expected.append(UInt8(step))
                }
                let run = (0..<(step % 37)).map { UInt8(truncatingIfNeeded: step &* 31 &+ $0) }
                run.withUnsafeBytes { buffer.appendBytes($0) }
                expected += run
            }
            #expect(Array(buffer.written) == expected)
        }
    }

    /// Member names of every length class the key copy takes (one to three bytes,
    /// four to seven, eight to sixteen, seventeen to thirty-two, longer), and a
    /// value written beforehand.
    struct Keys: Encodable, JSONTextWritable {
        let order: Order
        func encode(to encoder: any Encoder) throws {}

        func write(to json: inout JSONTextWriter) {
            json.object { json in
                json.member("a", 1)
                json.member("bc", 2)
                json.member("def", 3)
                json.member("ghij", 4)
                json.member("klmnopq", 7)
                json.member("rstuvwxy", 8)
                json.member("sixteen-bytes-ab", 16)
                json.member("seventeen-bytes-a", 17)
                json.member("thirty-two-bytes-of-a-member-na!", 32)
                json.member("thirty-three-bytes-of-member-name", 33)
                JSONTextWriter.bytes(of: order).withUnsafeBytes { json.member("prewritten", prewritten: $0) }
                json.member("a-name-of-forty-bytes-for-the-long-copy", 40)
            }
        }
    }

    @Test(arguments: orders)
    func namesOfEveryLengthAndPrewrittenValues(_ order: Order) {
        let orderText = String(decoding: JSONTextWriter.bytes(of: order), as: UTF8.self)
        let expected = #"{"a":1,"bc":2,"def":3,"ghij":4,"klmnopq":7,"rstuvwxy":8,"sixteen-bytes-ab":16,"#
            + #""seventeen-bytes-a":17,"thirty-two-bytes-of-a-member-na!":32,"thirty-three-bytes-of-member-name":33,"#
            + #""prewritten":\#(orderText),"a-name-of-forty-bytes-for-the-long-copy":40}"#
        #expect(String(decoding: JSONTextWriter.bytes(of: Keys(order: order)), as: UTF8.self) == expected)
    }

    /// A value fixed at build time takes its place among other values, commas and all.
    struct Fixed: Encodable, JSONTextWritable {
        func encode(to encoder: any Encoder) throws {}

        func write(to json: inout JSONTextWriter) {
            json.object { json in
                json.writeKey("first")
                json.value(prewritten: #"{"state":"valid","errors":[]}"#)
                json.member("list", [Fixed.Element(), Fixed.Element()])
                json.writeKey("last")
                json.value(prewritten: "[1,2]")
            }
        }

        struct Element: JSONTextWritable {
            func write(to json: inout JSONTextWriter) { json.value(prewritten: "null") }
        }
    }

    @Test func prewrittenValuesAreSeparatedLikeAnyOther() {
        #expect(String(decoding: JSONTextWriter.bytes(of: Fixed()), as: UTF8.self)
                == #"{"first":{"state":"valid","errors":[]},"list":[null,null],"last":[1,2]}"#)
    }

    /// Text written beforehand into an array is copied in as a value, after a comma like any other.
    struct Copied: JSONTextWritable {
        func write(to json: inout JSONTextWriter) {
            json.array([Fixed.Element()])
            JSONTextWriter.bytes(of: Order.Line(sku: "s", quantity: 1, gift: true)).withUnsafeBytes { json.value(prewritten: $0) }
        }
    }

    @Test func prewrittenBytesAreSeparatedLikeAnyOther() {
        #expect(String(decoding: JSONTextWriter.bytes(of: Copied()), as: UTF8.self)
                == #"[null],{"sku":"s","quantity":1,"gift":true}"#)
    }

    @Test func appendsAfterWhatIsAlreadyThere() {
        var output = JSONTextBuffer(capacity: 4)
        output.append(contentsOf: Array("[1,".utf8))
        JSONTextWriter.append(Order.Line(sku: "s", quantity: 2, gift: false), to: &output)
        #expect(String(decoding: output.written, as: UTF8.self) == #"[1,{"sku":"s","quantity":2,"gift":false}"#)
    }

    /// Every power of ten, its neighbours and its negation, and the extremes of each width.
    static let integers: [Int] = {
        var values = [0, Int.max, Int.min, Int(Int32.max), Int(Int32.min), Int(UInt32.max)]
        var power = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -(power - 1), -power, -(power + 1)]
        }
        return values
    }()

    @Test(arguments: integers)
    func integersAreTheirDecimalDigits(_ integer: Int) {
        var output: [UInt8] = []
        JSONSerializer.writeInteger(integer, to: &output)
        #expect(String(decoding: output, as: UTF8.self) == String(integer))
    }

    @Test func widestIntegersAreTheirDecimalDigits() {
        for value in [UInt64.max, UInt64(Int64.max) + 1] {
            var output: [UInt8] = []
            JSONSerializer.writeInteger(value, to: &output)
            #expect(String(decoding: output, as: UTF8.self) == String(value))
        }
        for value in [Int8.min, Int8.max, -1] {
            var output: [UInt8] = []
            JSONSerializer.writeInteger(value, to: &output)
            #expect(String(decoding: output, as: UTF8.self) == String(value))
        }
    }

    /// A result whose two conformances disagree, so the text shows which one the registry used.
    struct Probe: Encodable, JSONTextWritable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode("through Encodable")
        }

        func write(to json: inout JSONTextWriter) { json.string("direct") }
    }

    struct PlainProbe: Encodable {
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode("through Encodable")
        }
    }

    enum WritableMethod: RPCMethod {
        static let name = "probe.writable"
        typealias Params = NoParams
        typealias Result = Probe
    }

    enum PlainMethod: RPCMethod {
        static let name = "probe.plain"
        typealias Params = NoParams
        typealias Result = PlainProbe
    }

    @Test func registryWritesWritableResultsDirectlyAndOthersThroughEncodable() throws {
        var registry = MethodRegistry()
        registry.register(WritableMethod.self) { _, _ in Probe() }
        registry.register(PlainMethod.self) { _, _ in PlainProbe() }
        let context = RequestContext(id: .number("1"))
        #expect(try registry["probe.writable"]!.invoke(.object(JSONObject()), context).get() == .string("direct"))
        #expect(try registry["probe.plain"]!.invoke(.object(JSONObject()), context).get() == .string("through Encodable"))
    }
}
