#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GRDB
import Synchronization

/// The store's SQLite database (`--data PATH`), through GRDB: a WAL pool that
/// several checkoutd processes share, every commit synced.
///
/// Before each write it checks that the files under PATH are still the ones it
/// opened. A database moved or deleted while in use, or a `-wal` file deleted,
/// would otherwise take acknowledged writes with it (into an orphaned file, or
/// a log no other process sees); then the log still held open is checkpointed
/// into the database file, so what was acknowledged is kept, and every later
/// write is refused until checkoutd is restarted on a sound store.
final class SQLiteDatabase: SQLDatabase {
    let pool: DatabasePool
    let dialect = SQLDialect.sqlite
    let path: String
    private let opened: (database: FileIdentity?, log: FileIdentity?)
    private let lostFiles = Mutex<String?>(nil)

    init(pool: DatabasePool, path: String) {
        self.pool = pool
        self.path = path
        opened = (FileIdentity(path), FileIdentity(path + "-wal"))
    }

    /// Reads run without a transaction of their own: every read the store makes
    /// is one statement, which SQLite runs on one snapshot anyway.
    func read<Value>(_ body: (any SQLConnection) throws -> Value) throws -> Value {
        try pool.unsafeRead { db in try body(Connection(db: db)) }
    }

    func write<Value>(_ body: (any SQLConnection) throws -> Value) throws -> Value {
        try checkFiles()
        return try pool.write { db in try body(Connection(db: db)) }
    }

    /// Refuses to write once the files under `path` are not the ones opened.
    private func checkFiles() throws {
        if let lost = lostFiles.withLock({ $0 }) { throw FilesReplaced(description: lost) }
        let problem: String?
        if FileIdentity(path) != opened.database {
            problem = "the database file \(path) was moved, replaced or deleted while checkoutd was using it"
        } else if opened.log != nil, FileIdentity(path + "-wal") != opened.log {
            problem = "the write-ahead log \(path)-wal was deleted or replaced while checkoutd was using it"
        } else {
            problem = nil
        }
        guard let problem else { return }
        // The log still open holds what was acknowledged: copy it into the database file.
        try? pool.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        let text = problem + "; restart checkoutd on a sound store"
        lostFiles.withLock { $0 = text }
        throw FilesReplaced(description: text)
    }

    private struct FilesReplaced: StoreFailure {
        let description: String
    }

    /// A file's device and inode, which stay the same while it is the same file.
    private struct FileIdentity: Equatable {
        let device: UInt64
        let inode: UInt64

        init?(_ path: String) {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            device = UInt64(status.st_dev)
            inode = UInt64(status.st_ino)
        }
    }

    func close() throws {
        try pool.close()
    }

    private struct Connection: SQLConnection {
        let db: Database

        func query(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]] {
            let arguments = StatementArguments(values.map(Self.databaseValue))
            // Statements are prepared once per connection and reused: preparing took as long as running them.
            let statement = try db.cachedStatement(sql: Self.sqliteParameters(sql))
            return try Row.fetchAll(statement, arguments: arguments).map { row in
                (0..<row.count).map { Self.value(row[$0] as DatabaseValue) }
            }
        }

        /// `$1` becomes `?1`: SQLite would read `$1` as a parameter named "$1".
        /// Every query passes through here, so it works on bytes (`$` and `'` are ASCII).
        static func sqliteParameters(_ sql: String) -> String {
            var previous = UInt8(ascii: " ")
            let bytes = sql.utf8.map { byte in
                defer { previous = byte }
                return byte == UInt8(ascii: "$") && previous != UInt8(ascii: "'") ? UInt8(ascii: "?") : byte
            }
            return String(decoding: bytes, as: UTF8.self)
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
