/// Where `--data` puts the platform's state: a SQLite file, or a PostgreSQL
/// database named by a libpq connection URI (`postgres://…`, `postgresql://…`).
public enum StoreLocation: Sendable, Equatable {
    case sqlite(path: String)
    case postgresql(uri: String)

    /// Reads a `--data` value. Anything else with a scheme (`file:…`, `mysql://…`)
    /// is refused, so that it is never taken for a file name.
    public init(parsing text: String) throws(StoreError) {
        let lowered = text.lowercased()
        if lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://") {
            self = .postgresql(uri: text)
            return
        }
        guard !text.isEmpty else { throw StoreError(path: text, problem: .unsupportedLocation) }
        if let colon = text.firstIndex(of: ":"), !text[..<colon].contains("/"),
           text[..<colon].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == "." }) {
            throw StoreError(path: Self.masked(text), problem: .unsupportedLocation)
        }
        self = .sqlite(path: text)
    }

    /// The location as messages show it: a URI's password replaced by `***`.
    public var displayed: String {
        switch self {
        case .sqlite(let path): path
        case .postgresql(let uri): Self.masked(uri)
        }
    }

    /// `scheme://user:secret@host/db?password=secret` → `scheme://user:***@host/db?password=***`.
    static func masked(_ uri: String) -> String {
        var text = uri
        if let schemeEnd = text.range(of: "://"), let at = text[schemeEnd.upperBound...].firstIndex(of: "@") {
            let userInfo = schemeEnd.upperBound..<at
            if let colon = text[userInfo].firstIndex(of: ":") {
                text.replaceSubrange(text.index(after: colon)..<at, with: "***")
            }
        }
        if let query = text.firstIndex(of: "?") {
            let parameters = text[text.index(after: query)...].split(separator: "&", omittingEmptySubsequences: false)
                .map { parameter -> String in
                    parameter.lowercased().hasPrefix("password=") ? "password=***" : String(parameter)
                }
            text = String(text[...query]) + parameters.joined(separator: "&")
        }
        return text
    }
}

extension SQLPlatformStore {
    /// The schema version this checkoutd makes and migrates stores to.
    public static var latestSchemaVersion: Int { StoreMigrations.latestVersion }

    /// Opens the store at `location`, creating and migrating its schema as
    /// needed (`migratingUpTo` is for tests of older stores). A SQLite store's
    /// key file is `PATH.key`; a PostgreSQL store's is `storeKeyPath`, required,
    /// created with mode 0600 when missing. Fails, naming the store (password
    /// masked) and the problem, when it cannot be reached, was made by a newer
    /// checkoutd, or the key file is not its own.
    public static func open(
        _ location: StoreLocation, storeKeyPath: String? = nil, sessionTimeToLive: Int64,
        migratingUpTo chosenVersion: Int? = nil
    ) throws(StoreError) -> SQLPlatformStore {
        let version = chosenVersion ?? latestSchemaVersion
        switch location {
        case .sqlite(let path):
            let pool = try StoreDatabase.open(path: path, migratingUpTo: version)
            let database = SQLiteDatabase(pool: pool, reader: try StoreDatabase.openReader(path: path), path: path)
            let schemaVersion: Int
            do {
                schemaVersion = try StoreMigrations.sqliteVersion(pool)
            } catch {
                throw StoreError(path: path, problem: StoreDatabase.problem(opening: path, error))
            }
            let key = try storeKey(of: database, keyFile: StoreKeyFile(databasePath: path), location: path)
            return SQLPlatformStore(kind: .sqlite, location: path, schemaVersion: schemaVersion, database: database,
                                    storeKey: key, sessionTimeToLive: sessionTimeToLive)
        case .postgresql(let uri):
            let displayed = location.displayed
            guard let storeKeyPath else { throw StoreError(path: displayed, problem: .storeKeyRequired) }
            let database: PostgresDatabase
            let schemaVersion: Int
            do {
                database = try PostgresDatabase(uri: uri, displayedLocation: displayed)
                schemaVersion = try StoreMigrations.migrate(database, upTo: version)
            } catch let problem as StoreError.Problem {
                throw StoreError(path: displayed, problem: problem)
            } catch {
                throw StoreError(path: displayed, problem: .unreachable(reason: Self.reason(error)))
            }
            let key = try storeKey(of: database, keyFile: StoreKeyFile(keyPath: storeKeyPath), location: displayed)
            return SQLPlatformStore(kind: .postgresql, location: displayed, schemaVersion: schemaVersion,
                                    database: database, storeKey: key, sessionTimeToLive: sessionTimeToLive)
        }
    }

    /// The store key from `keyFile`, created when the store depends on none yet,
    /// and checked against the store's key check.
    private static func storeKey(of database: any SQLDatabase, keyFile: StoreKeyFile, location: String) throws(StoreError) -> StoreKey {
        do {
            let key: StoreKey
            if try StoreKeyCheck.isRecorded(in: database) {
                guard let existing = try keyFile.load() else { throw StoreError.Problem.keyFileMissing(keyPath: keyFile.path) }
                key = existing
            } else {
                key = try keyFile.loadOrCreate()
            }
            try StoreKeyCheck.verify(key, in: database, keyPath: keyFile.path)
            return key
        } catch let problem as StoreError.Problem {
            throw StoreError(path: location, problem: problem)
        } catch {
            throw StoreError(path: location, problem: .database(reason: reason(error)))
        }
    }
}
