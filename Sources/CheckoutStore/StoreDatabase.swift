import Foundation
import GRDB

/// Opens the SQLite file of a store: refuses a file that is not a SQLite database
/// or that another program made before touching it, then opens a WAL pool that
/// several checkoutd processes can share, claims a fresh file and migrates it.
enum StoreDatabase {
    /// How long a connection waits for another process's transaction to finish.
    static let busyTimeout: TimeInterval = 10

    static func open(path: String, migratingUpTo version: Int = StoreMigrations.latestVersion) throws(StoreError) -> DatabasePool {
        do {
            if hasContent(path) { try probe(path) }
            let pool = try makePool(path)
            try pool.writeWithoutTransaction { db in
                // GRDB sets NORMAL when it turns WAL on; an acknowledged token must
                // survive a power cut too, so every commit syncs the WAL.
                try db.execute(sql: "PRAGMA synchronous = FULL")
                try db.inTransaction(.immediate) {
                    if try ownership(db) == .unclaimed {
                        try db.execute(sql: "PRAGMA application_id = \(StoreMigrations.applicationID)")
                    }
                    return .commit
                }
            }
            if try StoreMigrations.isSuperseded(pool) { throw StoreError.Problem.createdByNewerCheckoutd }
            try StoreMigrations.migrate(pool, upTo: version)
            return pool
        } catch let problem as StoreError.Problem {
            throw StoreError(path: path, problem: problem)
        } catch {
            throw StoreError(path: path, problem: problem(opening: path, error))
        }
    }

    /// A read-only connection beside the pool, for the reads the reading thread
    /// makes one at a time: lending it costs less than a pool's reader.
    static func openReader(path: String) throws(StoreError) -> DatabaseQueue {
        var configuration = Configuration()
        configuration.label = "checkoutd.store.reader"
        configuration.readonly = true
        configuration.busyMode = .timeout(busyTimeout)
        do {
            return try DatabaseQueue(path: path, configuration: configuration)
        } catch {
            throw StoreError(path: path, problem: problem(opening: path, error))
        }
    }

    private static var configuration: Configuration {
        var configuration = Configuration()
        configuration.label = "checkoutd.store"
        configuration.busyMode = .timeout(busyTimeout)
        configuration.maximumReaderCount = 4
        return configuration
    }

    /// A pool on `path`, whose writer turns WAL on. That switch needs every other
    /// connection out of the way, and when another process is opening the same new
    /// file at that moment SQLite answers BUSY without waiting; so it is retried
    /// until the busy timeout has passed.
    private static func makePool(_ path: String) throws -> DatabasePool {
        let deadline = ContinuousClock.now.advanced(by: .seconds(busyTimeout))
        while true {
            do {
                return try DatabasePool(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && ContinuousClock.now < deadline {
                Thread.sleep(forTimeInterval: 0.01)
            }
        }
    }

    /// Looks at an existing file through a plain connection, which changes
    /// nothing in it (the pool would turn on WAL first).
    private static func probe(_ path: String) throws {
        var configuration = Configuration()
        configuration.busyMode = .timeout(busyTimeout)
        let queue = try DatabaseQueue(path: path, configuration: configuration)
        defer { try? queue.close() }
        _ = try queue.read(ownership)
    }

    private enum Ownership {
        /// Marked with checkoutd's application id.
        case checkoutd
        /// Empty, with no application id: checkoutd may claim it.
        case unclaimed
    }

    /// Whose database this is; another program's is `StoreError.Problem.notCheckoutd`.
    private static func ownership(_ db: Database) throws -> Ownership {
        let applicationID = try Int32.fetchOne(db, sql: "PRAGMA application_id") ?? 0
        if applicationID == StoreMigrations.applicationID { return .checkoutd }
        let isEmpty = try !(Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM sqlite_master)") ?? false)
        if applicationID == 0 && isEmpty { return .unclaimed }
        throw StoreError.Problem.notCheckoutd
    }

    private static func hasContent(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_size > 0
    }

    /// The problem an open failure reveals, in SQLite's words where it has them.
    static func problem(opening path: String, _ error: any Error) -> StoreError.Problem {
        guard let error = error as? DatabaseError else { return .database(reason: "\(error)") }
        switch error.resultCode {
        case .SQLITE_NOTADB:
            return .notSQLite
        case .SQLITE_CANTOPEN:
            let directory = (path as NSString).deletingLastPathComponent
            var isDirectory: ObjCBool = false
            if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
                return .directoryMissing(directory: directory)
            }
            return .cannotOpen(reason: reason(error))
        default:
            return .database(reason: reason(error))
        }
    }

    /// `SQLite error 5: database is locked`: the code and SQLite's message, never
    /// the statement or its arguments.
    static func reason(_ error: DatabaseError) -> String {
        "SQLite error \(error.extendedResultCode.rawValue): \(error.message ?? "unknown")"
    }
}
