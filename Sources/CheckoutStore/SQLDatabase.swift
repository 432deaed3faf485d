/// A value bound to or read from a statement, in the types the store's schema uses.
enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case text(String)
    case blob([UInt8])

    var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    var text: String? {
        if case .text(let value) = self { return value }
        return nil
    }

    var blob: [UInt8]? {
        if case .blob(let value) = self { return value }
        return nil
    }
}

extension SQLValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    init(stringLiteral value: String) { self = .text(value) }
    init(integerLiteral value: Int64) { self = .integer(value) }

    init(_ text: String?) { self = text.map(SQLValue.text) ?? .null }
    init(_ integer: Int64) { self = .integer(integer) }
    init(_ integer: Int) { self = .integer(Int64(integer)) }
}

/// Where statements run: one connection, inside `SQLDatabase.read` or `write`.
/// Statements are written once for every store, with `$1`, `$2`… for their values.
protocol SQLConnection {
    /// Runs `sql` and returns its rows, each value in column order.
    func query(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]]
}

extension SQLConnection {
    func execute(_ sql: String, _ values: [SQLValue] = []) throws {
        _ = try query(sql, values)
    }

    /// The first column of the first row, if any.
    func scalar(_ sql: String, _ values: [SQLValue] = []) throws -> SQLValue? {
        try query(sql, values).first?.first
    }
}

/// What differs between the SQL the two stores speak; everything else is the same text.
struct SQLDialect: Sendable {
    /// Locks the rows a `SELECT` reads until the transaction ends (PostgreSQL);
    /// empty where a write transaction already excludes every other writer (SQLite).
    let lockingRead: String
    let blobType: String
    /// A primary key column numbered in insertion order.
    let sequenceKey: String

    static let sqlite = SQLDialect(lockingRead: "", blobType: "BLOB", sequenceKey: "INTEGER PRIMARY KEY AUTOINCREMENT")
    static let postgresql = SQLDialect(lockingRead: " FOR UPDATE", blobType: "BYTEA",
                                       sequenceKey: "BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY")
}

/// A database the platform store runs on, safe to use from several threads.
/// `read` may run beside other reads; `write` is one transaction, committed when
/// `body` returns and rolled back when it throws.
protocol SQLDatabase: Sendable {
    var dialect: SQLDialect { get }
    func read<Value>(_ body: (any SQLConnection) throws -> Value) throws -> Value
    func write<Value>(_ body: (any SQLConnection) throws -> Value) throws -> Value
    /// Closes the database; every later call fails.
    func close() throws
}
