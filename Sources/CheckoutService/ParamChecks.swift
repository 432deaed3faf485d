import CheckoutCore
import JSONRPC

/// Collects the range and format problems a handler finds in decoded params,
/// so a request hears about all of them in one `-32602`.
struct ParamChecks {
    private(set) var problems: [ParamProblem] = []

    mutating func add(_ path: String, _ message: String) {
        problems.append(ParamProblem(path: path, message: message))
    }

    mutating func check(_ condition: Bool, at path: String, _ message: @autoclosure () -> String) {
        if !condition { add(path, message()) }
    }

    /// Parses a mask, recording why it is unusable.
    mutating func mask(_ text: String, at path: String) -> Mask? {
        do {
            let mask = try Mask(text)
            if mask.capacity == 0 { add(path, "has no placeholders ({{...}})") }
            return mask
        } catch {
            add(path, "is not a valid mask: \(error)")
            return nil
        }
    }

    func throwIfAny() throws {
        if !problems.isEmpty { throw ParamsError(problems: problems) }
    }
}
