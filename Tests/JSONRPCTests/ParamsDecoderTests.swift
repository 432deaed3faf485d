import JSONRPC
import Testing

@Suite("Params decoding")
struct ParamsDecoderTests {
    struct Card: Decodable, Equatable {
        let cardNumber: String
        let expiryDate: String
    }

    enum Mode: String, Decodable { case fast, slow }

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

    @Test func wellFormedParamsDecode() throws {
        let value = try JSONParser.parse(#"{"card":{"cardNumber":"4111","expiryDate":"1230"},"tags":["a"],"mode":"fast","cursor":null}"#)
        let decoded = try ParamsDecoder.decode(Params.self, from: value).get()
        #expect(decoded == Params(card: Card(cardNumber: "4111", expiryDate: "1230"), cursor: nil, tags: ["a"], mode: .fast))
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

    @Test func paramsThatAreNotAnObjectAreReportedAtTheRoot() throws {
        #expect(try problems("[1]") == [ParamProblem(path: "", message: "must be an object, not array")])
    }
}
