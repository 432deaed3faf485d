import CheckoutCore
import JSONRPC

/// The JSON data files that replace embedded defaults (`--catalog`, `--iin`, `--rates`,
/// `--card-brands`, and the embedded files themselves, which go through the same checks).
///
/// A file is parsed strictly, decoded with every problem reported at its JSON
/// Pointer (wrong types, missing and unknown members), then checked for what
/// types cannot say (repeated ids, a regular expression that does not compile).
public enum DataFile {
    /// Decodes `text`, the content of `file`.
    /// - Parameter inconsistencies: the value's own checks, run once it decoded.
    public static func decode<Value: Decodable>(
        _ type: Value.Type, from text: String, file: String,
        inconsistencies: (Value) -> [DataInconsistency] = { _ in [] }
    ) throws(DataFileError) -> Value {
        let json: JSONValue
        do {
            json = try JSONParser.parse(text)
        } catch {
            throw DataFileError(file: file, problems: [ParamProblem(path: "", message: "is not JSON: \(error)")])
        }
        switch ParamsDecoder.decode(Value.self, from: json) {
        case .failure(let error):
            throw DataFileError(file: file, problems: error.problems)
        case .success(let value):
            let problems = inconsistencies(value).map { ParamProblem(path: $0.path, message: $0.message) }
            guard problems.isEmpty else { throw DataFileError(file: file, problems: problems) }
            return value
        }
    }
}

/// Why a data file cannot be used: every problem, each at a JSON Pointer into the file.
public struct DataFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public let file: String
    public let problems: [ParamProblem]

    /// One line per problem, e.g. `catalog.json: /paymentProducts/0/id: must be an integer, not a string`.
    public var description: String {
        problems.map { "\(file): \($0.path.isEmpty ? "(document)" : $0.path): \($0.message)" }
            .joined(separator: "\n")
    }
}
