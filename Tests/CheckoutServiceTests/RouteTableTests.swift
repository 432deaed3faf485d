import CheckoutCore
@testable import CheckoutService
import Foundation
import JSONRPC
import Testing

/// The repository's Schemas/ folder, found from this file's path.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schemas = root.appendingPathComponent("Schemas")

    static func methodSchemas() throws -> [String: JSONValue] {
        let folder = schemas.appendingPathComponent("methods")
        var documents: [String: JSONValue] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".json") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            documents[String(file.dropLast(5))] = try JSONParser.parse(text)
        }
        return documents
    }
}

@Suite("Route table, schemas and discovery agree")
struct RouteTableTests {
    static let frozen = Timestamp(rfc3339: "2026-11-21T10:00:00Z")!

    @Test func routesSchemaFilesAndDiscoveryNameTheSameMethods() throws {
        let routes = CheckoutService.methodNames
        let files = try Repository.methodSchemas().keys.sorted()
        let discovered: [String] = {
            guard case .array(let methods)? = OpenRPCDocument.value["methods"] else { return [] }
            return methods.compactMap { $0["name"]?.stringValue }.sorted()
        }()
        #expect(Set(routes).count == routes.count)
        #expect(routes == files)
        #expect(routes == discovered)
    }

    @Test func discoveryIsTheShippedDocumentByteForByte() throws {
        let shipped = try Data(contentsOf: Repository.schemas.appendingPathComponent("openrpc.json"))
        #expect(JSONSerializer.bytes(of: OpenRPCDocument.value) == Array(shipped))
        #expect(EmbeddedOpenRPC.text.utf8.elementsEqual(shipped))
    }

    @Test func generatedSourcesAreUpToDate() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Repository.root.appendingPathComponent("scripts/generate").path, "--check"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "run scripts/generate")
    }

    /// Each example runs on a fresh service, after the calls its `setup` lists.
    @Test func everyExampleDecodesIntoItsParamsAndGivesItsResult() throws {
        for (name, document) in try Repository.methodSchemas() {
            guard case .array(let examples)? = document["examples"], !examples.isEmpty else {
                Issue.record("\(name) has no examples")
                continue
            }
            #expect(examples.contains { $0["result"] != nil }, "\(name) needs an example with a result")
            let route = try #require(CheckoutService.routes.first { $0.name == name })
            for example in examples {
                let params = example["params"] ?? .object(JSONObject())
                let label = "\(name): \(example["name"]?.stringValue ?? "?")"
                let registry = CheckoutService(configuration: ServiceConfiguration(clock: FixedClock(Self.frozen))).makeRegistry()
                if case .array(let steps)? = example["setup"] {
                    for step in steps {
                        let method = try #require(step["method"]?.stringValue)
                        let setup = try #require(registry[method]).invoke(step["params"] ?? .object(JSONObject()), RequestContext(id: .number("0")))
                        #expect(throws: Never.self, "\(label) setup \(method)") { try setup.get() }
                    }
                }
                let outcome = try #require(registry[name]).invoke(params, RequestContext(id: .number("1")))
                if let expected = example["result"] {
                    let decoded = decodes(route, params)
                    #expect(decoded, "\(label) params do not decode")
                    var actual = try outcome.get()
                    if case .array(let pointers)? = example["varies"] {
                        for pointer in pointers.compactMap(\.stringValue) {
                            let tokens = pointer.split(separator: "/").map(String.init)
                            #expect(member(at: tokens, of: actual) != nil, "\(label) has no \(pointer)")
                            if let sample = member(at: tokens, of: expected) { actual = replacing(at: tokens, in: actual, with: sample) }
                        }
                    }
                    if example["abbreviated"] == .bool(true) {
                        #expect(abbreviates(expected, actual), "\(label)")
                    } else {
                        #expect(actual == expected, "\(label)")
                    }
                } else if let error = example["error"] {
                    guard case .failure(let actual) = outcome else {
                        Issue.record("\(label) should fail")
                        continue
                    }
                    #expect(JSONValue.number(String(actual.code)) == error["code"], "\(label)")
                    #expect(JSONValue.string(actual.reason) == error["reason"], "\(label)")
                }
            }
        }
    }

    /// Whether `part` is `whole` with object members left out and arrays cut short,
    /// as an example marked `"abbreviated": true` shows a result.
    private func abbreviates(_ part: JSONValue, _ whole: JSONValue) -> Bool {
        switch (part, whole) {
        case (.object(let part), .object(let whole)):
            return part.members.allSatisfy { member in whole[member.key].map { abbreviates(member.value, $0) } ?? false }
        case (.array(let part), .array(let whole)):
            return part.count <= whole.count && zip(part, whole).allSatisfy { abbreviates($0, $1) }
        default:
            return part == whole
        }
    }

    /// The member at a JSON Pointer's `tokens` (object members only).
    private func member(at tokens: [String], of value: JSONValue) -> JSONValue? {
        guard let first = tokens.first else { return value }
        guard case .object(let object) = value, let next = object[first] else { return nil }
        return member(at: Array(tokens.dropFirst()), of: next)
    }

    /// `value` with the member at `tokens` replaced: how an example's `varies`
    /// pointers (random values such as a JWE) are shown by a sample and compared
    /// only for presence.
    private func replacing(at tokens: [String], in value: JSONValue, with sample: JSONValue) -> JSONValue {
        guard let first = tokens.first else { return sample }
        guard case .object(var object) = value, let index = object.members.firstIndex(where: { $0.key == first }) else {
            return value
        }
        object.members[index].value = replacing(at: Array(tokens.dropFirst()), in: object.members[index].value, with: sample)
        return .object(object)
    }

    private func decodes<Method: CheckoutMethod>(_ method: Method.Type, _ params: JSONValue) -> Bool {
        if case .success = ParamsDecoder.decode(Method.Params.self, from: params) { return true }
        return false
    }
}
