#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import GRDB
import GRDBSQLite
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
    /// Where reads run: one read-only connection beside the pool's writer.
    private let reader: DatabaseQueue
    let dialect = SQLDialect.sqlite
    let path: String
    private let opened: (database: FileIdentity?, log: FileIdentity?)
    private let lostFiles = Mutex<String?>(nil)

    init(pool: DatabasePool, reader: DatabaseQueue, path: String) {
        self.pool = pool
        self.reader = reader
        self.path = path
        opened = (FileIdentity(path), FileIdentity(path + "-wal"))
    }

    /// Reads run on the reader, without a transaction of their own: every read
    /// the store makes is one statement, which SQLite runs on one snapshot anyway.
    func read<Value>(_ body: (any SQLConnection) throws -> Value) throws -> Value {
        try reader.unsafeRead { db in try body(Connection(db: db)) }
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
        try reader.close()
        try pool.close()
    }

    private struct Connection: SQLConnection {
        let db: Database

        /// Runs `sql` on its statement from GRDB's cache (prepared once per
        /// connection) through SQLite's own calls: bind, step, read the columns.
        /// The parameters' bytes live in one buffer for the whole run, so they
        /// are bound without copies (`SQLITE_STATIC`).
        func query(_ sql: String, _ values: [SQLValue]) throws -> [[SQLValue]] {
            let statement = try db.cachedStatement(sql: Self.sqliteParameters(sql))
            let handle = statement.sqliteStatement
            var bytes: [UInt8] = []
            var ranges: [Range<Int>] = []
            for value in values {
                let start = bytes.count
                switch value {
                case .text(let text): bytes.append(contentsOf: text.utf8)
                case .blob(let blob): bytes.append(contentsOf: blob)
                case .null, .integer: break
                }
                ranges.append(start..<bytes.count)
            }
            bytes.append(0) // a non-empty buffer, so an empty text or blob still has an address
            return try bytes.withUnsafeBufferPointer { buffer in
                sqlite3_reset(handle)
                sqlite3_clear_bindings(handle)
                defer { sqlite3_reset(handle) }
                for (index, value) in values.enumerated() {
                    let position = Int32(index + 1)
                    // Every range lies inside `buffer`: it was cut from `bytes` above.
                    let start = buffer.baseAddress! + ranges[index].lowerBound
                    let count = Int32(ranges[index].count)
                    let code: Int32 = switch value {
                    case .null: sqlite3_bind_null(handle, position)
                    case .integer(let integer): sqlite3_bind_int64(handle, position, integer)
                    case .text: start.withMemoryRebound(to: CChar.self, capacity: ranges[index].count + 1) {
                        sqlite3_bind_text(handle, position, $0, count, nil)
                    }
                    case .blob: sqlite3_bind_blob(handle, position, start, count, nil)
                    }
                    guard code == SQLITE_OK else { throw error(code, sql: sql) }
                }
                var rows: [[SQLValue]] = []
                while true {
                    let code = sqlite3_step(handle)
                    if code == SQLITE_DONE { return rows }
                    guard code == SQLITE_ROW else { throw error(code, sql: sql) }
                    rows.append((0..<sqlite3_column_count(handle)).map { Self.column($0, of: handle) })
                }
            }
        }

        private func error(_ code: Int32, sql: String) -> DatabaseError {
            DatabaseError(resultCode: ResultCode(rawValue: code),
                          message: sqlite3_errmsg(db.sqliteConnection).map { String(cString: $0) }, sql: sql)
        }

        /// The value in `column` of the row `handle` is on, by its storage class.
        private static func column(_ column: Int32, of handle: SQLiteStatement) -> SQLValue {
            switch sqlite3_column_type(handle, column) {
            case SQLITE_INTEGER, SQLITE_FLOAT:
                return .integer(sqlite3_column_int64(handle, column))
            case SQLITE_TEXT:
                let count = Int(sqlite3_column_bytes(handle, column))
                guard let text = sqlite3_column_text(handle, column) else { return .text("") }
                return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
            case SQLITE_BLOB:
                let count = Int(sqlite3_column_bytes(handle, column))
                guard let blob = sqlite3_column_blob(handle, column) else { return .blob([]) }
                return .blob(Array(UnsafeRawBufferPointer(start: blob, count: count)))
            default:
                return .null
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
    }
}
