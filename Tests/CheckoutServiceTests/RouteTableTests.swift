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

    /// What each method does to the platform's state, as the README's ordering
    /// section promises: requests touching no state answer at once, reads run
    /// side by side after every earlier write, writes run alone in line order.
    /// The methods of `readsWhenNamingASession` are not listed here.
    static let stateAccess: [String: StateAccess] = [
        "address.validate": .none, "card.format": .none, "currency.convert": .none, "currency.list": .none,
        "mask.apply": .none, "mask.remove": .none, "rpc.discover": .none, "service.info": .none, "service.shutdown": .none,
        "encryption.publicKey": .reads, "iin.details": .reads, "paymentRequest.encrypt": .reads,
        "paymentRequest.validate": .reads, "products.get": .reads, "products.list": .reads, "productGroups.get": .reads, "session.get": .reads,
        "tokens.list": .reads, "payments.get": .reads,
        "accessSessions.create": .writes, "payments.create": .writes, "payments.complete": .writes,
        "session.changeCurrency": .writes, "session.close": .writes, "session.init": .writes, "session.update": .writes,
        "threeDS.authenticate": .writes,
        "threeDS.challenge": .writes, "tokens.create": .writes, "tokens.delete": .writes,
        "tokens.update": .writes,
    ]

    /// Methods that read state (a session's accepted brands) only when they name a session.
    static let readsWhenNamingASession: Set<String> = ["card.brands", "card.validate"]

    /// Every schema example's params, read as a request would be, declare the
    /// access above; `card.validate` and `card.brands` read state only when they
    /// name a session, and no request naming a session is ever run as touching no state.
    @Test func everyExampleDeclaresTheStateAccessOfItsMethod() throws {
        let registry = CheckoutService(configuration: ServiceConfiguration(clock: FixedClock(Self.frozen))).makeRegistry()
        var checked = 0
        for (name, schema) in try Repository.methodSchemas() {
            guard case .array(let examples)? = schema["examples"] else { continue }
            for example in examples {
                let params = example["params"] ?? .object(JSONObject())
                guard case .success(let call) = registry[name]?.prepare(params) else { continue }
                let namesSession = params["clientSessionId"] != nil
                let expected = Self.readsWhenNamingASession.contains(name)
                    ? (namesSession ? StateAccess.reads : StateAccess.none) : Self.stateAccess[name]
                #expect(call.access == expected, "\(name): \(params)")
                #expect(!(namesSession && call.access == StateAccess.none), "\(name) names a session")
                checked += 1
            }
        }
        #expect(checked >= CheckoutService.methodNames.count)
        #expect(Set(Self.stateAccess.keys).union(Self.readsWhenNamingASession) == Set(CheckoutService.methodNames))
        #expect(Set(Self.stateAccess.keys).isDisjoint(with: Self.readsWhenNamingASession))
    }

    /// Only RSA work — encryption, and the decryption a payment may need — is worth a
    /// worker: everything else costs less than waking one.
    @Test func onlyRSAWorkRunsOnAWorker() {
        let onWorkers = CheckoutService.routes.filter { $0.placement == .worker }.map { $0.name }
        #expect(onWorkers == ["paymentRequest.encrypt", "payments.create"])
    }

    /// OpenRPC 1.3: "All required params MUST be listed before any optional params".
    @Test func everyMethodListsItsRequiredParamsFirst() throws {
        guard case .array(let methods)? = OpenRPCDocument.value["methods"] else { Issue.record("no methods"); return }
        #expect(methods.count == CheckoutService.methodNames.count)
        for method in methods {
            guard case .array(let params)? = method["params"] else { continue }
            let required = params.map { $0["required"] == .bool(true) }
            #expect(required == required.sorted { $0 && !$1 }, "\(method["name"]?.stringValue ?? "?")")
        }
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

    /// Each example runs on a fresh service, after the calls its `setup` lists. Params members
    /// named by `fromSetup` take their values from the setup results (a setup step's, from the
    /// steps before it), and result members named
    /// by `unpredictable` (random ids) must be present but may hold any value of the example's type.
    @Test func everyExampleDecodesIntoItsParamsAndGivesItsResult() throws {
        for (name, document) in try Repository.methodSchemas() {
            guard case .array(let examples)? = document["examples"], !examples.isEmpty else {
                Issue.record("\(name) has no examples")
                continue
            }
            #expect(examples.contains { $0["result"] != nil }, "\(name) needs an example with a result")
            let route = try #require(CheckoutService.routes.first { $0.name == name })
            for example in examples {
                var params = example["params"] ?? .object(JSONObject())
                let label = "\(name): \(example["name"]?.stringValue ?? "?")"
                let registry = CheckoutService(configuration: ServiceConfiguration(clock: FixedClock(Self.frozen))).makeRegistry()
                var setupResults: [JSONValue] = []
                if case .array(let steps)? = example["setup"] {
                    for step in steps {
                        let method = try #require(step["method"]?.stringValue)
                        var stepParams = step["params"] ?? .object(JSONObject())
                        if case .object(let bindings)? = step["fromSetup"] {  // from the steps before it
                            for binding in bindings.members {
                                let source = try #require(binding.value.stringValue)
                                let value = try #require(JSONValue.array(setupResults).at(pointer: source), "\(label): \(source)")
                                stepParams = try #require(stepParams.replacing(at: binding.key, with: value), "\(label): \(binding.key)")
                            }
                        }
                        let setup = try #require(registry[method]).invoke(stepParams, RequestContext(id: .number("0")))
                        #expect(throws: Never.self, "\(label) setup \(method)") { try setup.get() }
                        setupResults.append((try? setup.get()) ?? .null)
                    }
                }
                if case .object(let bindings)? = example["fromSetup"] {
                    for binding in bindings.members {
                        let source = try #require(binding.value.stringValue)
                        let value = try #require(JSONValue.array(setupResults).at(pointer: source), "\(label): \(source)")
                        params = try #require(params.replacing(at: binding.key, with: value), "\(label): \(binding.key)")
                    }
                }
                let outcome = try #require(registry[name]).invoke(params, RequestContext(id: .number("1")))
                if let expected = example["result"] {
                    let decoded = decodes(route, params)
                    #expect(decoded, "\(label) params do not decode")
                    var actual = try outcome.get()
                    if case .array(let pointers)? = example["unpredictable"] {
                        for pointer in pointers.compactMap(\.stringValue) {
                            let sample = try #require(expected.at(pointer: pointer), "\(label): \(pointer) not in the example")
                            let value = try #require(actual.at(pointer: pointer), "\(label): \(pointer) missing")
                            #expect(value.typeName == sample.typeName, "\(label): \(pointer)")
                            actual = try #require(actual.replacing(at: pointer, with: sample))
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

    @Test func pointersReadAndReplaceInPlace() {
        let value = JSONValue.object(["a": .array([.number("1"), .object(["b": .string("x"), "c": .null])]), "d": .bool(true)])
        #expect(value.at(pointer: "/a/1/b") == .string("x"))
        #expect(value.at(pointer: "") == value)
        #expect(value.at(pointer: "/a/2") == nil && value.at(pointer: "/e") == nil)
        #expect(value.replacing(at: "/a/1/b", with: .string("y"))
                == .object(["a": .array([.number("1"), .object(["b": .string("y"), "c": .null])]), "d": .bool(true)]))
        #expect(value.replacing(at: "/a/1/e", with: .null) == nil)
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

    private func decodes<Method: CheckoutMethod>(_ method: Method.Type, _ params: JSONValue) -> Bool {
        if case .success = ParamsDecoder.decode(Method.Params.self, from: params) { return true }
        return false
    }
}

extension JSONValue {
    /// The value at an RFC 6901 JSON Pointer (`/challenge/challengeId`, `/1/status`), if any.
    func at(pointer: String) -> JSONValue? {
        var value = self
        for token in Self.tokens(of: pointer) {
            switch value {
            case .object(let object):
                guard let member = object[token] else { return nil }
                value = member
            case .array(let elements):
                guard let index = Int(token), elements.indices.contains(index) else { return nil }
                value = elements[index]
            default:
                return nil
            }
        }
        return value
    }

    /// This value with the existing member at `pointer` replaced, keeping member order; nil when there is none.
    func replacing(at pointer: String, with replacement: JSONValue) -> JSONValue? {
        replacing(Self.tokens(of: pointer)[...], with: replacement)
    }

    private func replacing(_ tokens: ArraySlice<String>, with replacement: JSONValue) -> JSONValue? {
        guard let token = tokens.first else { return replacement }
        switch self {
        case .object(var object):
            guard let index = object.members.lastIndex(where: { $0.key == token }),
                  let replaced = object.members[index].value.replacing(tokens.dropFirst(), with: replacement) else { return nil }
            object.members[index].value = replaced
            return .object(object)
        case .array(var elements):
            guard let index = Int(token), elements.indices.contains(index),
                  let replaced = elements[index].replacing(tokens.dropFirst(), with: replacement) else { return nil }
            elements[index] = replaced
            return .array(elements)
        default:
            return nil
        }
    }

    private static func tokens(of pointer: String) -> [String] {
        pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }
}
