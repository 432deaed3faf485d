@testable import JSONRPC
import Logging
import Testing

@Suite("Requests in the envelope's usual form")
struct CanonicalEnvelopeTests {
    /// The id, method and params a line is read as; nil when it is not in the usual form.
    func parts(_ line: String) -> [String]? {
        Array(line.utf8).withUnsafeBytes { raw in
            CanonicalEnvelope(raw).map { envelope in
                [envelope.idText, envelope.method, envelope.params].map { String(decoding: $0, as: UTF8.self) }
            }
        }
    }

    @Test(arguments: [
        (#"{"jsonrpc":"2.0","id":7,"method":"test.echo","params":{"text":"x"}}"#, ["7", "test.echo", #"{"text":"x"}"#]),
        (#"{"jsonrpc":"2.0","id":-12,"method":"a","params":{}}"#, ["-12", "a", "{}"]),
        (#"{"jsonrpc":"2.0","id":0,"method":"a","params":{ } }"#, ["0", "a", "{ } "]),
        (#"{"jsonrpc":"2.0","id":"","method":"a","params":{}}"#, [#""""#, "a", "{}"]),
        (#"{"jsonrpc":"2.0","id":"ü 😀","method":"é","params":{"a":[1]}}"#, [#""ü 😀""#, "é", #"{"a":[1]}"#]),
        // Recognised whatever follows the params' `{`: whether they parse is the dispatcher's question.
        (#"{"jsonrpc":"2.0","id":1,"method":"a","params":{"a":1},"b":2}"#, ["1", "a", #"{"a":1},"b":2"#]),
        (#"{"jsonrpc":"2.0","id":1,"method":"a","params":{}"#, ["1", "a", "{"]),
    ])
    func recognisesTheUsualForm(_ line: String, _ expected: [String]) {
        #expect(parts(line) == expected)
    }

    @Test(arguments: [
        #"{"jsonrpc":"2.0","id":7,"method":"test.echo"}"#,
        #"{"jsonrpc":"2.0","id":7,"method":"test.echo","params":[1]}"#,
        #"{"jsonrpc":"2.0","id":7,"method":"test.echo","params":{}} "#,
        #"{"jsonrpc":"2.0","id":7,"method":"test.echo","params":}"#,
        #"{"jsonrpc":"2.0","id":7,"method":"","params":{}}"#,
        #"{"jsonrpc":"2.0","id":7,"method":"test\u002eecho","params":{}}"#,
        #"{"jsonrpc":"2.0","id":"a\"b","method":"a","params":{}}"#,
        #"{"jsonrpc":"2.0","id":07,"method":"a","params":{}}"#,
        #"{"jsonrpc":"2.0","id":-,"method":"a","params":{}}"#,
        #"{"jsonrpc":"2.0","id":1.5,"method":"a","params":{}}"#,
        #"{"jsonrpc":"2.0","id":1e3,"method":"a","params":{}}"#,
        #"{"jsonrpc":"2.0","id":null,"method":"a","params":{}}"#,
        #"{"jsonrpc":"2.0","method":"a","params":{}}"#,
        #"{"jsonrpc":"2.0","method":"a","id":1,"params":{}}"#,
        #"{"id":1,"jsonrpc":"2.0","method":"a","params":{}}"#,
        #"{ "jsonrpc":"2.0","id":1,"method":"a","params":{}}"#,
        #"{"jsonrpc":"1.0","id":1,"method":"a","params":{}}"#,
        #"[{"jsonrpc":"2.0","id":1,"method":"a","params":{}}]"#,
        "",
    ])
    func leavesEveryOtherFormToTheGeneralWay(_ line: String) {
        #expect(parts(line) == nil)
    }

    /// An integer id is kept as an integer only when writing it back gives
    /// its text exactly; the handler's context has the id the general way gives.
    @Test(arguments: [
        ("0", 0 as Int?), ("-0", nil), ("7", 7), ("-12", -12), ("123456789012345678", 123_456_789_012_345_678),
        ("1234567890123456789", nil), ("-12345678901234567", -12_345_678_901_234_567), (#""42""#, nil),
    ])
    func integerIDsAreKeptOnlyWhenTheyWriteBackExactly(_ idText: String, _ integer: Int?) throws {
        let line = #"{"jsonrpc":"2.0","id":\#(idText),"method":"a","params":{}}"#
        let stopper = ConnectionStopper {}
        let (integerID, contextID, id) = try #require(Array(line.utf8).withUnsafeBytes { raw in
            CanonicalEnvelope(raw).map { ($0.integerID, $0.context(stopper: stopper).id, $0.id) }
        })
        #expect(integerID == integer)
        #expect(contextID == id)
        #expect(JSONSerializer.string(of: id) == idText)
    }

    /// Lines near the usual form: each of the seeds, and every line one byte
    /// away from one (a byte dropped, or one of the envelope's own bytes put in
    /// or put in place), answered by a dispatcher that takes the usual form's
    /// way and one that always takes the general way (as it does when it logs
    /// each request), must get the same answer byte for byte, whether handled in
    /// order or offered to run beside earlier lines.
    @Test func answersExactlyAsTheGeneralWayDoes() {
        let seeds = [
            #"{"jsonrpc":"2.0","id":7,"method":"test.echo","params":{"text":"x"}}"#,
            #"{"jsonrpc":"2.0","id":"r-1","method":"test.peek","params":{"text":"y"}}"#,
            #"{"jsonrpc":"2.0","id":3,"method":"test.fail","params":{}}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"test.slow","params":{}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"test.peek","params":{"count":true}}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"test.plain","params":{"name":"a","code":"b","group":"c"}}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"test.plain","params":{"name":"a","flag":true}}"#,
            #"{"jsonrpc":"2.0","id":8,"method":"test.plain","params":{"code":"bad","name":"a"}}"#,
            Self.nested(depth: JSONParser.maximumDepth),
            Self.nested(depth: JSONParser.maximumDepth + 1),
        ]
        let edits = Array(#"{}[]",:0-1.e\ a"#.utf8) + [0x00, 0x1F, 0xC3]
        var lines: [[UInt8]] = []
        for seed in seeds.map({ Array($0.utf8) }) where seed.count < 200 {
            lines.append(seed)
            for position in seed.indices {
                var dropped = seed
                dropped.remove(at: position)
                lines.append(dropped)
                for byte in edits {
                    var inserted = seed, replaced = seed
                    inserted.insert(byte, at: position)
                    replaced[position] = byte
                    lines += [inserted, replaced]
                }
            }
        }
        lines += seeds.filter { $0.utf8.count >= 200 }.map { Array($0.utf8) }

        // A concurrent method's answer comes later, on a worker: only one at
        // once counts here, so the workers need not be held back.
        let gate = Gate()
        gate.open(lines.count * 2)
        let usual = Self.dispatcher(loggingEachRequest: false, gate: gate)
        let general = Self.dispatcher(loggingEachRequest: true, gate: gate)
        var differing: [String] = []
        for (index, line) in lines.enumerated() {
            let offered = index % 2 == 1
            if Self.answer(line, by: usual, offered: offered) != Self.answer(line, by: general, offered: offered) {
                differing.append(String(decoding: line, as: UTF8.self))
            }
        }
        usual.waitForInFlightWork()
        general.waitForInFlightWork()
        #expect(lines.count > 5_000)
        #expect(differing.isEmpty, "answered otherwise than the general way: \(differing.prefix(5))")
    }

    /// A params member nested to `depth` levels counting the envelope.
    static func nested(depth: Int) -> String {
        let inner = depth - 2
        return #"{"jsonrpc":"2.0","id":9,"method":"test.echo","params":{"text":"#
            + String(repeating: "[", count: inner) + String(repeating: "]", count: inner) + "}}"
    }

    static func dispatcher(loggingEachRequest: Bool, gate: Gate) -> Dispatcher {
        var logger = Logger(label: "test") { _ in DiscardingLogHandler() }
        logger.logLevel = loggingEachRequest ? .debug : .info
        return Dispatcher(registry: testRegistry(gate: gate), logger: logger, deferredOutput: { _ in })
    }

    /// What the line is answered with at once; with `offered`, as a line read while earlier reads are unanswered is:
    /// nil when it is declined, to be handled in order.
    static func answer(_ line: [UInt8], by dispatcher: Dispatcher, offered: Bool) -> [UInt8]? {
        var output = JSONTextBuffer()
        let handled = line.withUnsafeBytes { raw in
            offered ? dispatcher.handleIfIndependent(line: raw, appendingTo: &output)
                : { dispatcher.handle(line: raw, appendingTo: &output); return true }()
        }
        guard handled else { return nil }
        // The thread a peek ran on differs between calls; nothing else may.
        return Array(String(decoding: output.written, as: UTF8.self)
            .replacing(/"thread":[0-9]+/, with: #""thread":0"#).utf8)
    }
}

/// Keeps nothing, at whatever level it is set to.
struct DiscardingLogHandler: LogHandler {
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }
    func log(event: LogEvent) {}
}
