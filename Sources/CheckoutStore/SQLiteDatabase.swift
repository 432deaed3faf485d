import Foundation
import GRDB

/// The store's SQLite database (`--data PATH`), through GRDB: a WAL pool that
/// several checkoutd processes share, every commit synced.
final class SQLiteDatabase: SQLDatabase {
    let pool: DatabasePool
    let dialect = SQLDialect.sqlite

    init(pool: DatabasePool) {
        self.pool = pool
    }

    func read<Value>(_ body: (any SQLConnection) throws -> Value) throws -> Value {
        try pool.read { db in try body(Connection(db: db)) }
    }

    func write<Value>(_ body: (any SQLConnection) throws -> Value) throws -> Value {
        try pool.write { db in try body(Connection(db: db)) }
    }

    func close() throws {
        try pool.close()
    }

    private struct Connection: SQLConnection {
        let db: Database

        func query(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]] {
            let arguments = StatementArguments(values.map(Self.databaseValue))
            return try Row.fetchAll(db, sql: Self.sqliteParameters(sql), arguments: arguments).map { row in
                (0..<row.count).map { Self.value(row[$0] as DatabaseValue) }
            }
        }

        /// `$1` becomes `?1`: SQLite would read `$1` as a parameter named "$1".
        static func sqliteParameters(_ sql: String) -> String {
            var result = ""
            var previous: Character = " "
            for character in sql {
                result.append(character == "$" && previous != "'" ? "?" : character)
                previous = character
            }
            return result
        }

        static func databaseValue(_ value: SQLValue) -> DatabaseValue {
            switch value {
            case .null: .null
            case .integer(let integer): integer.databaseValue
            case .text(let text): text.databaseValue
            case .blob(let bytes): Data(bytes).databaseValue
            }
        }

        static func value(_ value: DatabaseValue) -> SQLValue {
            switch value.storage {
            case .null: .null
            case .int64(let integer): .integer(integer)
            case .double(let double): .integer(Int64(double))
            case .string(let text): .text(text)
            case .blob(let data): .blob(Array(data))
            }
        }
    }
}
