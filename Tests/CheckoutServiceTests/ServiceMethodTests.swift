import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Synchronization
import Testing

/// Calls methods through the same registry a connection uses.
struct ServiceHarness {
    let registry: MethodRegistry

    init(clock: any Clock = FixedClock(Timestamp(rfc3339: "2026-11-21T10:00:00Z")!)) {
        registry = CheckoutService(configuration: ServiceConfiguration(clock: clock)).makeRegistry()
    }

    init(configuration: ServiceConfiguration) {
        registry = CheckoutService(configuration: configuration).makeRegistry()
    }

    init(registry: MethodRegistry) {
        self.registry = registry
    }

    /// The domain error's reason, or nil when the call did not fail with one.
    func failureReason(_ method: String, _ params: String) throws -> String? {
        guard case .failure(let error) = try call(method, params) else { return nil }
        return error.reason
    }

    func call(_ method: String, _ params: String = "{}", context: RequestContext = RequestContext(id: .number("1"))) throws -> Result<JSONValue, RPCError> {
        try #require(registry[method]).invoke(try JSONParser.parse(params), context)
    }

    /// The paths of a `-32602`'s problems; nil when the call did not fail that way.
    func invalidParamPaths(_ method: String, _ params: String) throws -> [String]? {
        guard case .failure(let error) = try call(method, params), error.code == -32602,
              case .array(let problems)? = error.data["errors"] else { return nil }
        return problems.compactMap { $0["path"]?.stringValue }
    }
}

@Suite("Service and mask methods")
struct ServiceMethodTests {
    let harness = ServiceHarness()

    @Test func infoReportsTheFrozenClockAndEveryMethod() throws {
        let info = try harness.call("service.info").get()
        #expect(info["startedAt"] == .string("2026-11-21T10:00:00Z"))
        #expect(info["now"] == .string("2026-11-21T10:00:00Z"))
        #expect(info["methods"] == .array(CheckoutService.methodNames.map { .string($0) }))
        #expect(info["version"] == .string(CheckoutService.version))
    }

    @Test func shutdownAsksTheConnectionToStop() throws {
        let stopped = StopRecorder()
        let context = RequestContext(id: .number("1"), stopper: { stopped.record() })
        #expect(try harness.call("service.shutdown", context: context).get() == .object(JSONObject()))
        #expect(stopped.wasStopped)
    }

    @Test(arguments: [
        (#"{"value":"12","mask":"{{9x}}"}"#, ["/mask"]),
        (#"{"value":"12","mask":"--}}"}"#, ["/mask"]),
        (#"{"value":"12","mask":"{{99}}","cursor":3}"#, ["/cursor"]),
        (#"{"value":"12","mask":"{{99}}","cursor":-1}"#, ["/cursor"]),
        (#"{"value":"12","mask":"{{99","cursor":9}"#, ["/mask", "/cursor"]),
        (#"{"value":12,"mask":"{{99}}","cursor":9}"#, ["/value"]),
        (#"{"value":"12","mask":"{{99}}","cursor":9}"#, ["/cursor"]),
        (#"{"mask":1,"other":true}"#, ["/value", "/mask", "/other"]),
        (#"{"value":1,"mask":"{{99","cursor":-1,"bogus":true}"#, ["/value", "/mask", "/cursor", "/bogus"]),
    ])
    func maskApplyReportsEveryBadParam(_ params: String, _ paths: [String]) throws {
        #expect(try harness.invalidParamPaths("mask.apply", params) == paths)
    }

    @Test func maskApplyDefaultsTheCursorToTheEnd() throws {
        let result = try harness.call("mask.apply", #"{"value":"1230","mask":"{{99}}/{{99}}"}"#).get()
        #expect(result == .object(["value": .string("12/30"), "cursor": .number("5")]))
    }

    @Test func maskRemoveUnmasks() throws {
        let result = try harness.call("mask.remove", #"{"value":"4111 1111 1111 1111","mask":"{{9999}} {{9999}} {{9999}} {{9999}} {{999}}"}"#).get()
        #expect(result == .object(["value": .string("4111111111111111")]))
    }
}

final class StopRecorder: Sendable {
    private let stopped = Mutex(false)
    func record() { stopped.withLock { $0 = true } }
    var wasStopped: Bool { stopped.withLock { $0 } }
}
