import JSONRPC
import Testing

@Suite("Params decoding")
struct ParamsDecoderTests {
    struct Card: Decodable, Equatable {
        let cardNumber: String
        let expiryDate: String
    }

    enum Mode: String, Decodable, DecodingStandIn {
        case fast, slow
        static let decodingStandIn = Mode.fast
    }

    /// A value with its own rule, checked while decoding.
    struct Even: Decodable, Equatable, DecodingStandIn {
        let value: Int
        static let decodingStandIn = Even(value: 0)
        init(value: Int) { self.value = value }
        init(from decoder: any Decoder) throws {
            value = try decoder.singleValueContainer().decode(Int.self)
            guard value % 2 == 0 else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "must be even"))
            }
        }
    }

    struct Strict: Decodable {
        let mode: Mode
        let even: Even
        let name: String
        let extra: [Even]
    }

    struct Params: Decodable, Equatable {
        let card: Card
        let cursor: Int?
        let tags: [String]
        let mode: Mode?
    }

    func problems(_ json: String) throws -> [ParamProblem] {
        switch ParamsDecoder.decode(Params.self, from: try JSONParser.parse(json)) {
        case .success: return []
        case .failure(let error): return error.problems
        }
    }

    enum Algorithm: String, Decodable, CaseIterable {
        case oaep = "RSA-OAEP", oaep256 = "RSA-OAEP-256"
    }

    struct Choice: Decodable {
        let mode: Mode
        let alg: Algorithm
    }

    /// The standard library's words for a raw value it cannot take repeat the value
    /// (which may be a card number) and name a Swift type: neither reaches the host.
    @Test func aValueNoCaseHasIsNamedByTheValuesTaken() throws {
        let value = try JSONParser.parse(#"{"alg":"4929123456789012","mode":"medium"}"#)
        guard case .failure(let error) = ParamsDecoder.decode(Choice.self, from: value) else {
            Issue.record("decoded")
            return
        }
        #expect(error.problems == [
            ParamProblem(path: "/mode", message: "is not a value this member takes"),
            ParamProblem(path: "/alg", message: #"must be "RSA-OAEP" or "RSA-OAEP-256""#),
        ])
    }

    @Test func wellFormedParamsDecode() throws {
        let value = try JSONParser.parse(#"{"card":{"cardNumber":"4111","expiryDate":"1230"},"tags":["a"],"mode":"fast"}"#)
        let decoded = try ParamsDecoder.decode(Params.self, from: value).get()
        #expect(decoded == Params(card: Card(cardNumber: "4111", expiryDate: "1230"), cursor: nil, tags: ["a"], mode: .fast))
    }

    /// An optional member is left out, never `null`: the schemas give no member a null type.
    @Test func nullIsAWrongTypeEvenForAnOptionalMember() throws {
        let found = try problems(#"{"card":{"cardNumber":"4111","expiryDate":"1230"},"tags":[],"cursor":null,"mode":null}"#)
        #expect(found.map(\.path) == ["/cursor", "/mode"], "\(found)")
        #expect(found.first == ParamProblem(path: "/cursor", message: "must be an integer, not null"))
    }

    @Test func everyProblemIsReportedWithItsPointer() throws {
        let found = try problems(#"{"card":{"cardNumber":4111},"cursor":1.5,"tags":["a",2],"extra":1,"a/b~c":2}"#)
        #expect(found == [
            ParamProblem(path: "/card/cardNumber", message: "must be a string, not integer"),
            ParamProblem(path: "/card/expiryDate", message: "is required"),
            ParamProblem(path: "/cursor", message: "must be an integer, not number"),
            ParamProblem(path: "/tags/1", message: "must be a string, not integer"),
            ParamProblem(path: "/extra", message: "is not a known parameter here"),
            ParamProblem(path: "/a~1b~0c", message: "is not a known parameter here"),
        ])
    }

    @Test func aMissingObjectReportsOnlyItself() throws {
        #expect(try problems(#"{"tags":[]}"#) == [ParamProblem(path: "/card", message: "is required")])
        #expect(try problems(#"{"card":"x","tags":[]}"#) == [ParamProblem(path: "/card", message: "must be an object, not string")])
    }

    @Test func integersOutOfRangeAndDuplicatesAreProblems() throws {
        let found = try problems(#"{"card":{"cardNumber":"1","expiryDate":"2"},"tags":[],"cursor":99999999999999999999,"cursor":1}"#)
        #expect(found.map(\.path) == ["/cursor"])
        #expect(found.first?.message == "appears more than once")
        let big = try problems(#"{"card":{"cardNumber":"1","expiryDate":"2"},"tags":[],"cursor":99999999999999999999}"#)
        #expect(big.first?.message.hasPrefix("is out of range") == true)
    }

    @Test func anInvalidEnumValueIsNamed() throws {
        let found = try problems(#"{"card":{"cardNumber":"1","expiryDate":"2"},"tags":[],"mode":"warp"}"#)
        #expect(found.map(\.path) == ["/mode"])
    }

    @Test func rulesCheckedWhileDecodingDoNotHideLaterProblems() throws {
        let value = try JSONParser.parse(#"{"mode":"warp","even":3,"name":1,"extra":[2,5],"other":0}"#)
        guard case .failure(let error) = ParamsDecoder.decode(Strict.self, from: value) else {
            Issue.record("expected problems")
            return
        }
        #expect(error.problems.map(\.path) == ["/mode", "/even", "/name", "/extra/1", "/other"])
        #expect(error.problems[1].message == "must be even")
    }

    struct Window: Decodable, ParamsChecking {
        let text: String
        let start: Even
        let end: Int

        func check(_ checks: inout ParamChecks) {
            checks.require(end <= text.count, at: "/end", reading: ["/text"], "must not be past the end of text")
            checks.require(start.value <= end, at: "/start", reading: ["/end"], "must not be after end")
        }
    }

    func windowProblems(_ json: String) throws -> [String] {
        switch ParamsDecoder.decode(Window.self, from: try JSONParser.parse(json)) {
        case .success: return []
        case .failure(let error): return error.problems.map(\.path)
        }
    }

    @Test func crossMemberRulesRunEvenWhenAnotherMemberFailed() throws {
        #expect(try windowProblems(#"{"text":"abc","start":2,"end":3}"#) == [])
        #expect(try windowProblems(#"{"text":"abc","start":3,"end":9}"#) == ["/start", "/end"])
        #expect(try windowProblems(#"{"text":"abc","start":4,"end":2,"x":0}"#) == ["/x", "/start"])
    }

    @Test func crossMemberRulesSkipMembersThatFailedToDecode() throws {
        #expect(try windowProblems(#"{"text":3,"start":2,"end":9}"#) == ["/text"])
        #expect(try windowProblems(#"{"text":"abc","start":2,"end":"9"}"#) == ["/end"])
    }

    @Test func paramsThatAreNotAnObjectAreReportedAtTheRoot() throws {
        #expect(try problems("[1]") == [ParamProblem(path: "", message: "must be an object, not array")])
    }
}

/// `[String: String]` has its own path through the decoder; it must accept and
/// reject exactly what `Dictionary`'s generic `init(from:)` does through the
/// same decoder, with the same problems.
@Suite("Params decoding: string dictionaries")
struct StringDictionaryDecodingTests {
    struct Fast: Decodable { let values: [String: String] }

    /// Forces the generic path: the value type is not `String` itself.
    struct Text: Decodable, Equatable {
        let text: String
        init(from decoder: any Decoder) throws { text = try decoder.singleValueContainer().decode(String.self) }
    }
    struct Generic: Decodable { let values: [String: Text] }

    @Test(arguments: [
        #"{"values":{"cardNumber":"4111 1111 1111 1111","cvv":"123"}}"#,
        #"{"values":{}}"#,
        #"{"values":{"a":1,"b":"x","c":null,"d":{"e":"f"},"g":["h"]}}"#,
        #"{"values":{"a":"1","a":"2"}}"#,
        #"{"values":"text"}"#,
        #"{"values":null}"#,
        #"{"values":[]}"#,
        #"{}"#,
        #"{"values":{"a/b~c":true}}"#,
    ])
    func matchesTheGenericPath(_ params: String) throws {
        let value = try JSONParser.parse(params)
        let fast = ParamsDecoder.decode(Fast.self, from: value)
        let generic = ParamsDecoder.decode(Generic.self, from: value)
        switch (fast, generic) {
        case (.success(let fast), .success(let generic)):
            #expect(fast.values == generic.values.mapValues(\.text))
        case (.failure(let fast), .failure(let generic)):
            #expect(fast.problems == generic.problems)
        default:
            Issue.record("one path accepted what the other rejected: \(fast) vs \(generic)")
        }
    }
}

/// Repeated keys are found the same way in small objects (scanned pairwise) and
/// large ones (through a set), and a huge params object is still decoded.
@Suite("Params decoding: repeated keys")
struct RepeatedKeyTests {
    static func object(_ keys: [String]) -> JSONObject {
        JSONObject(keys.map { JSONObject.Member(key: $0, value: .null) })
    }

    @Test(arguments: [
        ([], []), (["a"], []), (["a", "b", "a"], [2]), (["a", "a", "a"], [1, 2]),
        (["x", "y", "z", "y", "x"], [3, 4]),
    ] as [([String], [Int])])
    func smallAndLargeObjectsAgree(_ keys: [String], _ expected: [Int]) {
        #expect(Self.object(keys).repeatedKeyIndices == expected)
        // Padded past the pairwise limit with distinct keys, the same positions (shifted) repeat.
        let padding = (0..<40).map { "pad\($0)" }
        #expect(Self.object(padding + keys).repeatedKeyIndices == expected.map { $0 + padding.count })
    }

    @Test func aHugeParamsObjectReportsItsRepeatedKeyAndEveryUnknownOne() {
        let keys = (0..<50_000).map { "k\($0)" } + ["k7"]
        let params = JSONValue.object(JSONObject(keys.map { JSONObject.Member(key: $0, value: .number("1")) }))
        guard case .failure(let error) = ParamsDecoder.decode(NoParams.self, from: params) else {
            Issue.record("a params object full of unknown members was accepted")
            return
        }
        #expect(error.problems.first == ParamProblem(path: "/k7", message: "appears more than once"))
        #expect(error.problems.count == 50_000)
    }
}
