import CLibPQ
import Dispatch
import Synchronization

/// The store's PostgreSQL database (`--data postgres://…`), through libpq: a few
/// connections, each lent to one thread at a time, reopened by themselves when
/// the server went away and came back.
final class PostgresDatabase: SQLDatabase {
    let dialect = SQLDialect.postgresql
    /// The URI with its password masked: what messages show.
    let displayedLocation: String
    private let conninfo: String
    private let idle = Mutex<[PostgresConnection]>([])
    private let slots: DispatchSemaphore
    private let closed = Mutex(false)

    /// At most this many connections per process: the workers, and one more.
    static let connectionLimit = 4

    /// Connects once, so an unreachable server or a wrong URI stops start-up.
    init(uri: String, displayedLocation: String) throws(PostgresFailure) {
        conninfo = uri
        self.displayedLocation = displayedLocation
        slots = DispatchSemaphore(value: Self.connectionLimit)
        let first = try PostgresConnection(conninfo: uri)
        idle.withLock { $0.append(first) }
    }

    func read<Value>(_ body: (any SQLConnection) throws -> Value) throws -> Value {
        try withConnection { connection in try body(connection) }
    }

    func write<Value>(_ body: (any SQLConnection) throws -> Value) throws -> Value {
        try withConnection { connection in
            try connection.execute("BEGIN")
            do {
                let value = try body(connection)
                try connection.execute("COMMIT")
                return value
            } catch {
                try? connection.execute("ROLLBACK")
                throw error
            }
        }
    }

    /// Closes the idle connections and refuses every later call.
    func close() {
        closed.withLock { $0 = true }
        idle.withLock { $0.removeAll() }
    }

    /// Lends a working connection to `body`: an idle one, else a new one; one
    /// whose server connection broke is reopened first.
    private func withConnection<Value>(_ body: (PostgresConnection) throws -> Value) throws -> Value {
        if closed.withLock({ $0 }) { throw PostgresFailure(message: "the store is closed", isConnectionLost: false) }
        slots.wait()
        defer { slots.signal() }
        var connection = idle.withLock { $0.popLast() }
        if connection == nil { connection = try PostgresConnection(conninfo: conninfo) }
        let lent = connection!
        try lent.reopenIfBroken()
        defer { idle.withLock { $0.append(lent) } }
        return try body(lent)
    }
}

/// What libpq reported: the server's SQLSTATE and primary message, or why the
/// connection failed. Never a statement's values or the password.
struct PostgresFailure: Error, CustomStringConvertible {
    let message: String
    /// True when the connection to the server is gone, not the statement refused.
    let isConnectionLost: Bool

    var description: String { message }
}

/// One libpq connection. `@unchecked Sendable`: `PostgresDatabase` lends it to one
/// thread at a time, taking it from and giving it back to its list under the
/// list's mutex, so no two threads ever use the `PGconn` at once.
final class PostgresConnection: SQLConnection, @unchecked Sendable {
    private let connection: OpaquePointer
    /// The statements prepared on this server connection, by their text: each
    /// is parsed and planned once, not on every call.
    private var prepared: [String: String] = [:]

    init(conninfo: String) throws(PostgresFailure) {
        if let failure = clibpq_load() {
            throw PostgresFailure(message: "PostgreSQL's client library could not be loaded (\(String(cString: failure))); "
                                  + "install it (Debian: libpq5)", isConnectionLost: false)
        }
        guard let connection = clibpq_connectdb(conninfo) else {
            throw PostgresFailure(message: "libpq could not allocate a connection", isConnectionLost: true)
        }
        self.connection = connection
        // Failing from here on, the instance is released and `deinit` finishes the connection.
        guard clibpq_status(connection) == CONNECTION_OK else {
            throw PostgresFailure(message: Self.errorMessage(connection), isConnectionLost: true)
        }
        // Notices (such as "relation already exists, skipping") are not for the host.
        clibpq_setNoticeProcessor(connection, { _, _ in }, nil)
    }

    deinit {
        clibpq_finish(connection)
    }

    /// Reconnects when the server connection broke (a restart, a network cut).
    func reopenIfBroken() throws(PostgresFailure) {
        guard clibpq_status(connection) != CONNECTION_OK else { return }
        prepared = [:] // a new server connection has none
        clibpq_reset(connection)
        guard clibpq_status(connection) == CONNECTION_OK else {
            throw PostgresFailure(message: Self.errorMessage(connection), isConnectionLost: true)
        }
    }

    func query(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]] {
        let name = try statementName(for: sql, parameterCount: values.count)
        let texts: [String?] = values.map(Self.text)
        let cStrings = texts.map { $0.map { strdup($0) } ?? nil }
        defer { for pointer in cStrings { free(pointer) } }
        let parameters = cStrings.map { UnsafePointer<CChar>($0) }
        guard let result = clibpq_execPrepared(connection, name, Int32(values.count), parameters, nil, nil, 0) else {
            throw PostgresFailure(message: Self.errorMessage(connection), isConnectionLost: true)
        }
        defer { clibpq_clear(result) }
        switch clibpq_resultStatus(result) {
        case PGRES_COMMAND_OK, PGRES_TUPLES_OK:
            break
        default:
            throw failure(of: result)
        }
        let rows = Int(clibpq_ntuples(result))
        let columns = Int(clibpq_nfields(result))
        return (0..<rows).map { row in
            (0..<columns).map { column in
                Self.value(result, row: Int32(row), column: Int32(column))
            }
        }
    }

    /// The name `sql` is prepared under on this connection, preparing it the first time.
    private func statementName(for sql: String, parameterCount: Int) throws -> String {
        if let name = prepared[sql] { return name }
        let name = "checkoutd_\(prepared.count + 1)"
        guard let result = clibpq_prepare(connection, name, sql, Int32(parameterCount), nil) else {
            throw PostgresFailure(message: Self.errorMessage(connection), isConnectionLost: true)
        }
        defer { clibpq_clear(result) }
        guard clibpq_resultStatus(result) == PGRES_COMMAND_OK else { throw failure(of: result) }
        prepared[sql] = name
        return name
    }

    private func failure(of result: OpaquePointer) -> PostgresFailure {
        let lost = clibpq_status(connection) != CONNECTION_OK
        let state = clibpq_resultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        let primary = clibpq_resultErrorField(result, Int32(UInt8(ascii: "M"))).map { String(cString: $0) }
        let message = primary.map { "PostgreSQL \(state): \($0)" } ?? Self.errorMessage(connection)
        // Class 08 (connection exception) and 57P (operator intervention: shutdown) mean the server is gone.
        return PostgresFailure(message: message, isConnectionLost: lost || state.hasPrefix("08") || state.hasPrefix("57P"))
    }

    private static func errorMessage(_ connection: OpaquePointer) -> String {
        let text = clibpq_errorMessage(connection).map { String(cString: $0) } ?? ""
        let trimmed = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? ""
        return trimmed.isEmpty ? "the connection to PostgreSQL failed" : trimmed
    }

    /// A value as libpq's text format writes it: bytea as `\x` and hex digits.
    private static func text(_ value: SQLValue) -> String? {
        switch value {
        case .null: nil
        case .integer(let integer): String(integer)
        case .text(let text): text
        case .blob(let bytes): "\\x" + String(decoding: bytes.flatMap { [hexDigit($0 >> 4), hexDigit($0 & 0xF)] }, as: UTF8.self)
        }
    }

    /// The value at `row`, `column`, by its column's type: int2/int4/int8 as
    /// integers, bytea as bytes, anything else as text.
    private static func value(_ result: OpaquePointer, row: Int32, column: Int32) -> SQLValue {
        if clibpq_getisnull(result, row, column) != 0 { return .null }
        let text = String(cString: clibpq_getvalue(result, row, column))
        switch clibpq_ftype(result, column) {
        case 20, 21, 23:
            return Int64(text).map(SQLValue.integer) ?? .text(text)
        case 17:
            return .blob(Self.bytes(hex: text.dropFirst(2)))
        default:
            return .text(text)
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    private static func hexValue(_ digit: UInt8) -> UInt8 {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: 0
        }
    }

    /// libpq's `\x…` text of a bytea, after the `\x`: two hex digits a byte.
    private static func bytes(hex: Substring) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).map { hexValue(digits[$0]) << 4 | hexValue(digits[$0 + 1]) }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
