/// One thing wrong with a request's params: where (a JSON Pointer) and what.
public struct ParamProblem: Sendable, Hashable, Codable, CustomStringConvertible {
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path.isEmpty ? "params" : path): \(message)" }
}

/// Decodes params into a `Decodable` type and, unlike `JSONDecoder`, reports
/// every problem at once: missing members, wrong types, out-of-range integers,
/// duplicate members and members the type does not know. Decoding goes on past
/// a problem with a stand-in value so later problems are found too; the stand-in
/// never escapes because any problem fails the whole decode.
public enum ParamsDecoder {
    /// The decoded value, or every problem: decoding problems first, then those
    /// of the value's `ParamsChecking` rules that do not involve a member that
    /// already failed to decode.
    public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) -> Swift.Result<T, ParamsError> {
        do {
            return .success(try read(type, from: value, checking: ParamsCheck.of(type)))
        } catch {
            return .failure(error)
        }
    }

    /// `decode` as a throwing call, with the type's own checks looked up
    /// beforehand (`ParamsCheck.of`): the form for a path that reads the same
    /// type again and again.
    public static func read<T: Decodable>(
        _ type: T.Type, from value: JSONValue, checking check: ParamsCheck<T>?
    ) throws(ParamsError) -> T {
        let log = ProblemLog()
        let decoder = TreeDecoder(value: value, path: ParamPath(), log: log, isStandIn: false)
        let decoded: T
        do {
            decoded = try decodeNode(T.self, decoder: decoder)
            log.reportUnrequestedMembers()
        } catch {
            // The problem that stopped decoding is already in the log.
            throw ParamsError(problems: log.problems)
        }
        var problems = log.problems
        if let check {
            var checks = ParamChecks(failedPaths: Set(problems.map(\.path)))
            check.run(decoded, &checks)
            problems += checks.problems
        }
        guard problems.isEmpty else { throw ParamsError(problems: problems) }
        return decoded
    }
}

/// How to run a params type's own rules (`ParamsChecking`), found once for the
/// type: asking each decoded value whether it conforms is a lookup in the
/// runtime's conformance cache, which threads contend for.
public struct ParamsCheck<T>: Sendable {
    let run: @Sendable (T, inout ParamChecks) -> Void

    /// Nil when `T` has no rules of its own.
    public static func of(_ type: T.Type) -> ParamsCheck<T>? {
        guard let checking = type as? any ParamsChecking.Type else { return nil }
        return running(checking)
    }

    private static func running<Checking: ParamsChecking>(_ checking: Checking.Type) -> ParamsCheck<T> {
        // `T` is `Checking`: the cast is between one type and itself.
        ParamsCheck { value, checks in (value as! Checking).check(&checks) }
    }
}

/// Every problem found while decoding params.
public struct ParamsError: Error, Sendable, Hashable {
    public var problems: [ParamProblem]

    public init(problems: [ParamProblem]) {
        self.problems = problems
    }
}

/// A params type whose own `init(from:)` can reject a value (a mask that does
/// not parse, a negative cursor) and that offers a stand-in, so the decoder can
/// record the problem and go on to find the others. Types without a stand-in
/// stop decoding at their first rejected value.
public protocol DecodingStandIn {
    static var decodingStandIn: Self { get }
}

/// Thrown to stop decoding when a type's own `init(from:)` rejected its value.
private struct DecodingStopped: Error {}

/// The problems found so far, and which members of each object the type asked
/// for (one flag per member, all objects in one array), to report the rest.
private final class ProblemLog {
    private(set) var problems: [ParamProblem] = []
    /// The paths already in `problems`: the first problem found at a path is the one reported.
    private var recordedPaths: Set<String> = []
    private var objects: [(path: ParamPath, object: JSONObject, firstFlag: Int)] = []
    private var requested: [Bool] = []

    func record(_ path: ParamPath, _ message: String) {
        let pointer = JSONPointer.string(path.tokens)
        if recordedPaths.insert(pointer).inserted {
            problems.append(ParamProblem(path: pointer, message: message))
        }
    }

    /// Starts tracking `object`; returns where its flags start.
    func register(_ object: JSONObject, at path: ParamPath) -> Int {
        let firstFlag = requested.count
        objects.append((path, object, firstFlag))
        requested.append(contentsOf: repeatElement(false, count: object.members.count))
        for index in object.repeatedKeyIndices {
            record(path.appending(object.members[index].key), "appears more than once")
        }
        return firstFlag
    }

    func markRequested(_ flag: Int) {
        requested[flag] = true
    }

    func reportUnrequestedMembers() {
        for (path, object, firstFlag) in objects {
            for (index, member) in object.members.enumerated() where !requested[firstFlag + index] {
                record(path.appending(member.key), "is not a known parameter here")
            }
        }
    }
}

/// Where a value sits in the params: its last token and a shared reference to
/// the path of its parent's parent onwards, so that going one member deeper
/// copies nothing and the tokens are built only when a problem names them.
private struct ParamPath {
    private final class Node {
        let parent: Node?
        let token: String

        init(parent: Node?, token: String) {
            self.parent = parent
            self.token = token
        }
    }

    private var parent: Node?
    private var last: String?

    var tokens: [String] {
        var tokens: [String] = last.map { [$0] } ?? []
        var node = parent
        while let current = node {
            tokens.append(current.token)
            node = current.parent
        }
        return tokens.reversed()
    }

    func appending(_ token: String) -> ParamPath {
        var path = ParamPath()
        path.parent = last.map { Node(parent: parent, token: $0) } ?? parent
        path.last = token
        return path
    }
}

/// RFC 6901 JSON Pointers.
public enum JSONPointer {
    public static func string(_ tokens: [String]) -> String {
        tokens.map { "/" + $0.replacingOccurrences("~", with: "~0").replacingOccurrences("/", with: "~1") }.joined()
    }
}

extension String {
    fileprivate func replacingOccurrences(_ target: Character, with replacement: String) -> String {
        guard contains(target) else { return self }
        var result = ""
        for character in self {
            if character == target { result += replacement } else { result.append(character) }
        }
        return result
    }
}

private struct TreeDecoder: Decoder {
    let value: JSONValue
    let path: ParamPath
    let log: ProblemLog
    /// True below a missing or mistyped value: decode quietly with stand-ins.
    let isStandIn: Bool

    var codingPath: [any CodingKey] { path.tokens.map { DynamicKey($0) } }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func child(_ value: JSONValue, key: String, isStandIn: Bool) -> TreeDecoder {
        TreeDecoder(value: value, path: path.appending(key), log: log, isStandIn: self.isStandIn || isStandIn)
    }

    func mismatch(expected: String) {
        if !isStandIn { log.record(path, "must be \(expected), not \(value.typeName)") }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            mismatch(expected: "an object")
            return KeyedDecodingContainer(KeyedTreeContainer<Key>(decoder: self, object: JSONObject(), firstFlag: nil, isStandIn: true))
        }
        let firstFlag = isStandIn ? nil : log.register(object, at: path)
        return KeyedDecodingContainer(KeyedTreeContainer<Key>(decoder: self, object: object, firstFlag: firstFlag, isStandIn: isStandIn))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            mismatch(expected: "an array")
            return UnkeyedTreeContainer(decoder: self, elements: [], isStandIn: true)
        }
        return UnkeyedTreeContainer(decoder: self, elements: elements, isStandIn: isStandIn)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueTreeContainer(decoder: self)
    }
}

/// Decodes one node: scalars directly, everything else through its own `init(from:)`.
private func decodeNode<T: Decodable>(_ type: T.Type, decoder: TreeDecoder) throws -> T {
    if let scalar = decodeScalar(T.self, decoder: decoder) { return scalar as! T }
    if T.self == JSONValue.self { return (decoder.value as! T) }
    if T.self == [String: String].self { return (decodeStringDictionary(decoder: decoder) as! T) }
    do {
        return try T(from: decoder)
    } catch let error as DecodingStopped {
        throw error
    } catch {
        if !decoder.isStandIn { decoder.log.record(decoder.path, describe(error, decoding: T.self)) }
        if let standIn = (T.self as? any DecodingStandIn.Type)?.decodingStandIn as? T { return standIn }
        throw DecodingStopped()
    }
}

/// `[String: String]` (a payment request's values) decoded as `Dictionary`'s own
/// `init(from:)` would through this decoder, with the same problems, without
/// its per-key boxing and casts.
private func decodeStringDictionary(decoder: TreeDecoder) -> [String: String] {
    guard case .object(let object) = decoder.value else {
        decoder.mismatch(expected: "an object")
        return [:]
    }
    if !decoder.isStandIn {
        let firstFlag = decoder.log.register(object, at: decoder.path)
        for index in object.members.indices { decoder.log.markRequested(firstFlag + index) }
    }
    var dictionary: [String: String] = [:]
    dictionary.reserveCapacity(object.members.count)
    for member in object.members {
        guard case .string(let string) = member.value else {
            decoder.child(member.value, key: member.key, isStandIn: false).mismatch(expected: "a string")
            continue
        }
        dictionary[member.key] = string
    }
    return dictionary
}

/// What went wrong, in the words of the type that refused the value. A string
/// enumeration that refuses one says which values it takes: the standard
/// library's own words would repeat the value and name a Swift type.
private func describe<T>(_ error: any Error, decoding type: T.Type) -> String {
    switch error {
    case DecodingError.dataCorrupted(let context):
        if let enumeration = T.self as? any (CaseIterable & RawRepresentable<String>).Type {
            return "must be " + oneOf(enumeration)
        }
        // The standard library's raw-value decoding: "Cannot initialize T from invalid String value …".
        if context.debugDescription.hasPrefix("Cannot initialize ") { return "is not a value this member takes" }
        return context.debugDescription
    case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context),
         DecodingError.keyNotFound(_, let context):
        return context.debugDescription
    default:
        return String(describing: error)
    }
}

/// `"A"`, `"A" or "B"`, `one of "A", "B" or "C"`.
private func oneOf<Enumeration: CaseIterable & RawRepresentable<String>>(_ type: Enumeration.Type) -> String {
    let names = Enumeration.allCases.map { "\"\($0.rawValue)\"" }
    guard names.count > 1 else { return names.first ?? "nothing" }
    return (names.count > 2 ? "one of " : "") + names.dropLast().joined(separator: ", ") + " or " + names.last!
}

/// Scalars, recognised by type identity, as `Any` (so that no `Optional<T>` has
/// to be looked up for every value decoded).
private func decodeScalar<T>(_ type: T.Type, decoder: TreeDecoder) -> Any? {
    if T.self == String.self {
        guard case .string(let string) = decoder.value else { decoder.mismatch(expected: "a string"); return "" }
        return string
    }
    if T.self == Bool.self {
        guard case .bool(let flag) = decoder.value else { decoder.mismatch(expected: "a boolean"); return false }
        return flag
    }
    if T.self == Int.self {
        return decodeInteger(decoder: decoder, range: Int64(Int.min)...Int64(Int.max)).map { Int($0) } ?? 0
    }
    if T.self == Int64.self {
        return decodeInteger(decoder: decoder, range: Int64.min...Int64.max) ?? 0
    }
    if T.self == Int32.self {
        return decodeInteger(decoder: decoder, range: Int64(Int32.min)...Int64(Int32.max)).map { Int32($0) } ?? 0
    }
    if T.self == Double.self {
        guard case .number(let text) = decoder.value, let number = Double(text) else {
            decoder.mismatch(expected: "a number")
            return 0.0
        }
        return number
    }
    return nil
}

private func decodeInteger(decoder: TreeDecoder, range: ClosedRange<Int64>) -> Int64? {
    guard case .number(let text) = decoder.value, JSONNumber.isInteger(text) else {
        decoder.mismatch(expected: "an integer")
        return nil
    }
    guard let number = Int64(text), range.contains(number) else {
        if !decoder.isStandIn { decoder.log.record(decoder.path, "is out of range (\(range.lowerBound)...\(range.upperBound))") }
        return nil
    }
    return number
}

private struct KeyedTreeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: TreeDecoder
    let object: JSONObject
    /// Where this object's requested-member flags start in the log; nil when not tracked.
    let firstFlag: Int?
    let isStandIn: Bool

    var codingPath: [any CodingKey] { decoder.codingPath }
    var allKeys: [Key] { object.keys.compactMap { Key(stringValue: $0) } }

    /// The value of the last member named `key`; every member of that name counts as requested.
    private func member(_ key: String) -> JSONValue? {
        var found: JSONValue?
        for (index, member) in object.members.enumerated() where member.key == key {
            found = member.value
            if let firstFlag { decoder.log.markRequested(firstFlag + index) }
        }
        return found
    }

    func contains(_ key: Key) -> Bool {
        member(key.stringValue) != nil
    }

    /// True only for an absent member: params members are never `null` (an
    /// optional one is left out), so a `null` goes on to be decoded as its type and
    /// fails there, naming the type it should have been.
    func decodeNil(forKey key: Key) throws -> Bool {
        member(key.stringValue) == nil
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let value = member(key.stringValue) else {
            let missing = decoder.child(.null, key: key.stringValue, isStandIn: true)
            if !isStandIn { decoder.log.record(missing.path, "is required") }
            return try decodeNode(T.self, decoder: missing)
        }
        return try decodeNode(T.self, decoder: decoder.child(value, key: key.stringValue, isStandIn: isStandIn))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try presentMember(type, forKey: key)
    }

    /// An optional member is absent or of its type: `null` is a wrong type, as the schemas say.
    private func presentMember<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let value = member(key.stringValue) else { return nil }
        return try decodeNode(T.self, decoder: decoder.child(value, key: key.stringValue, isStandIn: isStandIn))
    }

    // The scalar forms, which the protocol would otherwise answer by looking the member up three times.
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try presentMember(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try presentMember(type, forKey: key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try presentMember(type, forKey: key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try presentMember(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try presentMember(type, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try presentMember(type, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try presentMember(type, forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try presentMember(type, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try presentMember(type, forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try presentMember(type, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try presentMember(type, forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try presentMember(type, forKey: key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try presentMember(type, forKey: key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try presentMember(type, forKey: key) }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        let value = member(key.stringValue)
        return try decoder.child(value ?? .null, key: key.stringValue, isStandIn: value == nil).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let value = member(key.stringValue)
        return try decoder.child(value ?? .null, key: key.stringValue, isStandIn: value == nil).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { decoder }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.child(member(key.stringValue) ?? .null, key: key.stringValue, isStandIn: false)
    }
}

private struct UnkeyedTreeContainer: UnkeyedDecodingContainer {
    let decoder: TreeDecoder
    let elements: [JSONValue]
    let isStandIn: Bool
    var currentIndex = 0

    init(decoder: TreeDecoder, elements: [JSONValue], isStandIn: Bool) {
        self.decoder = decoder
        self.elements = elements
        self.isStandIn = isStandIn
    }

    var codingPath: [any CodingKey] { decoder.codingPath }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(T.self, .init(codingPath: codingPath, debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return try decodeNode(T.self, decoder: decoder.child(elements[currentIndex], key: String(currentIndex), isStandIn: isStandIn))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        defer { currentIndex += 1 }
        return try decoder.child(isAtEnd ? .null : elements[currentIndex], key: String(currentIndex), isStandIn: isAtEnd).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        defer { currentIndex += 1 }
        return try decoder.child(isAtEnd ? .null : elements[currentIndex], key: String(currentIndex), isStandIn: isAtEnd).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder { decoder }
}

private struct SingleValueTreeContainer: SingleValueDecodingContainer {
    let decoder: TreeDecoder

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.value == .null }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeNode(T.self, decoder: decoder)
    }
}
