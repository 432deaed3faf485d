/// Params with rules across members (a cursor must lie within the text it
/// points into). The engine runs them after decoding, even when other members
/// failed, so one `-32602` lists every problem of a request.
public protocol ParamsChecking {
    func check(_ checks: inout ParamChecks)
}

extension ParamsChecking {
    /// True when the params break none of their own rules: params read
    /// plainly or compactly are kept only then, else the decoder words the problems.
        public var meetsItsChecks: Bool {
        var checks = ParamChecks()
        check(&checks)
        return checks.problems.isEmpty
    }
}

/// Collects the problems of `ParamsChecking` rules. A rule is skipped when a
/// member it reads, or a member containing it or contained in it, already failed
/// to decode: its stand-in value would only produce a misleading second message.
public struct ParamChecks: Sendable {
    public private(set) var problems: [ParamProblem] = []
    private let failedPaths: Set<String>

    public init(failedPaths: Set<String> = []) {
        self.failedPaths = failedPaths
    }

    /// Records `message` at `path` unless `condition` holds.
    /// - Parameter reading: the JSON Pointers of the members the rule reads besides `path`.
    public mutating func require(
        _ condition: @autoclosure () -> Bool, at path: String, reading: [String] = [], _ message: @autoclosure () -> String
    ) {
        guard !([path] + reading).contains(where: overlapsAFailure) else { return }
        if !condition() { problems.append(ParamProblem(path: path, message: message())) }
    }

    private func overlapsAFailure(_ path: String) -> Bool {
        failedPaths.contains { failed in
            failed == path || path.hasPrefix(failed + "/") || failed.hasPrefix(path + "/") || failed.isEmpty
        }
    }
}
