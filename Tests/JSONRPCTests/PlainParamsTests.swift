@testable import JSONRPC
import Testing

/// Plain reading answers exactly what `ParamsDecoder` answers whenever it answers
/// at all, declines everything that is not plain, and leaves the errors to the decoder.
@Suite struct PlainParamsTests {
    struct Order: Decodable, Sendable, Hashable, PlainParams, ParamsChecking {
        let reference: String
        let quantity: Int
        let note: String?
        let gift: Bool?
        let tags: [String]?
        let labels: [String: String]?
        let currency: String?

        init?(plain params: inout PlainParamsReader) {
            guard let reference = params.string("reference"), let quantity = params.integer("quantity") else { return nil }
            self.reference = reference
            self.quantity = quantity
            note = params.string("note")
            gift = params.bool("gift")
            tags = params.strings("tags")
            labels = params.stringsByKey("labels")
            currency = params.string("currency", as: { $0.count == 3 ? $0 : nil })
        }

        enum CodingKeys: String, CodingKey { case reference, quantity, note, gift, tags, labels, currency }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            reference = try container.decode(String.self, forKey: .reference)
            quantity = try container.decode(Int.self, forKey: .quantity)
            note = try container.decodeIfPresent(String.self, forKey: .note)
            gift = try container.decodeIfPresent(Bool.self, forKey: .gift)
            tags = try container.decodeIfPresent([String].self, forKey: .tags)
            labels = try container.decodeIfPresent([String: String].self, forKey: .labels)
            currency = try container.decodeIfPresent(String.self, forKey: .currency)
            if let currency, currency.count != 3 {
                throw DecodingError.dataCorruptedError(forKey: .currency, in: container, debugDescription: "three letters")
            }
        }

        func check(_ checks: inout ParamChecks) {
            checks.require(quantity > 0, at: "/quantity", "must be positive")
        }
    }

    /// A method taking `Order`, whose `readParams` is the one a registry uses.
    enum OrderMethod: RPCMethod {
        static let name = "test.order"
        typealias Params = Order
        typealias Result = EmptyResult
    }

    /// Params the plain reading must answer, each with the decoder's value.
    static let plain = [
        #"{"reference":"A-1","quantity":1}"#,
        #"{"quantity":2,"reference":"","note":"n","gift":true,"tags":["x","y"],"labels":{"a":"b"},"currency":"EUR"}"#,
        #"{"reference":"é \" \\","quantity":9223372036854775807,"tags":[],"labels":{}}"#,
        #"{"reference":"r","quantity":5,"gift":false}"#,
        // Members in another order than they are asked for, so the search wraps around.
        #"{"note":"n","currency":"EUR","quantity":4,"reference":"r","gift":true}"#,
        #"{"labels":{},"quantity":6,"tags":["t"],"reference":"r"}"#,
        #"{"refer\u0065nce":"\u00e9\n\ud83d\ude00","quantity":7,"labels":{"\u0061":"\/"}}"#,
    ]

    /// Params the plain reading must decline, so that the decoder reports them (null included: the decoder refuses it).
    static let notPlain = [
        #"{"reference":"r","quantity":3,"note":null,"gift":null,"tags":null,"labels":null,"currency":null}"#,
        #"[]"#,
        #"{}"#,
        #"{"reference":"r"}"#,
        #"{"reference":null,"quantity":1}"#,
        #"{"reference":1,"quantity":1}"#,
        #"{"reference":"r","quantity":1.0}"#,
        #"{"reference":"r","quantity":1e2}"#,
        #"{"reference":"r","quantity":"1"}"#,
        #"{"reference":"r","quantity":9223372036854775808}"#,
        #"{"reference":"r","quantity":1,"unknown":true}"#,
        #"{"reference":"r","quantity":1,"reference":"again"}"#,
        #"{"reference":"r","reference":"again","quantity":1}"#,
        #"{"quantity":1,"reference":"r","note":"a","note":"b"}"#,
        #"{"note":"a","reference":"r","quantity":1,"note":"b","gift":true}"#,
        #"{"reference":"r","quantity":1,"gift":"yes"}"#,
        #"{"reference":"r","quantity":1,"tags":["x",1]}"#,
        #"{"reference":"r","quantity":1,"tags":"x"}"#,
        #"{"reference":"r","quantity":1,"labels":{"a":1}}"#,
        #"{"reference":"r","quantity":1,"labels":{"a":"b","a":"c"}}"#,
        #"{"reference":"r","quantity":1,"currency":"EURO"}"#,
        #"{"reference":"r","quantity":0}"#,
    ]

    func read(_ text: String) throws -> (plain: Order?, decoded: Swift.Result<Order, ParamsError>, registry: Swift.Result<Order, ParamsError>) {
        let utf8 = Array(text.utf8)
        return (try RequestParams.withText(utf8) { Order.readPlainly(from: $0) },
                ParamsDecoder.decode(Order.self, from: try JSONParser.parse(text)),
                try RequestParams.withText(utf8) { OrderMethod.readParams($0) })
    }

    @Test(arguments: plain)
    func plainParamsAreReadAsTheDecoderReadsThem(_ text: String) throws {
        let (plain, decoded, registry) = try read(text)
        let expected = try decoded.get()
        #expect(plain == expected)
        #expect(try registry.get() == expected)
    }

    @Test(arguments: notPlain)
    func everythingElseIsLeftToTheDecoder(_ text: String) throws {
        let (plain, decoded, registry) = try read(text)
        if let plain {
            // Only a value that passes plain reading but fails its own checks gets here.
            #expect(try RequestParams.withText(Array(text.utf8)) { Order.readPlainly(from: $0) } == plain)
            #expect(plain.quantity <= 0)
        }
        #expect(throws: ParamsError.self) { try decoded.get() }
        #expect(registry == decoded, "the registry's reader reports the decoder's problems")
    }

    /// Compact reading (`PlainParams.readCompactly`) takes in-order string
    /// members written compactly, and answers what the tape's reading answers;
    /// anything else it leaves to the tape.
    @Test(arguments: [
        (#"{"name":"a"}"#, true),
        (#"{"name":"a","code":"b"}"#, true),
        (#"{"name":"a","group":"g"}"#, true),
        (#"{"name":"é 😀","code":"","group":"g"}"#, true),
        (#"{"code":"b","name":"a"}"#, false),
        (#"{"name":"a","flag":true}"#, false),
        (#"{"name":"a","name":"b"}"#, false),
        (#"{"name":"a","other":"y"}"#, false),
        (#"{"name":"a\u0062"}"#, false),
        (#"{"n\u0061me":"a"}"#, false),
        (#"{"name":"a","code":"bad"}"#, false),
        (#"{"name":1}"#, false),
        (#"{ "name":"a"}"#, false),
        (#"{"name" :"a"}"#, false),
        (#"{"name":"a",}"#, false),
        (#"{"name":"a"} "#, false),
        (#"{"name":"a""#, false),
        (#"{"name":"a"}}"#, false),
        ("{}", false),
    ])
    func compactReadingAnswersAsTheTapesOrLeavesItToTheTape(_ text: String, _ readsCompactly: Bool) throws {
        let compact = Array(text.utf8).withUnsafeBytes { Plain.Params.readCompactly(from: $0) }
        #expect((compact != nil) == readsCompactly)
        if let compact {
            #expect(try RequestParams.withText(Array(text.utf8)) { Plain.Params.readPlainly(from: $0) } == compact)
        }
    }

    /// Compact params read for a request offered to run beside earlier ones:
    /// read as without the offer, unless they have the declined member.
    @Test(arguments: [
        (#"{"name":"a","group":"g"}"#, true),
        (#"{"name":"a","code":"c","group":"g"}"#, true),
        (#"{"name":"a"}"#, false),
        (#"{"name":"a","code":"c"}"#, false),
        (#"{"name":"a","groups":"g"}"#, false),
        (#"{"name":"a","group":1}"#, true),
    ])
    func compactParamsWithTheDeclinedMemberAreNotRead(_ text: String, _ hasDeclined: Bool) {
        let (plain, offered) = Array(text.utf8).withUnsafeBytes {
            (Plain.Params.readCompactly(from: $0), Plain.Params.readCompactly(from: $0, declining: "group"))
        }
        #expect(offered == (hasDeclined ? nil : plain))
        #expect(hasDeclined || text.contains("groups") || plain != nil, "the table reads some params")
    }
}
