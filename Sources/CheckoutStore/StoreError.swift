import CheckoutCore

/// Why the store at a path or URI cannot be opened, or its platform key not kept.
/// The message names the location (a URI's password masked) and the problem,
/// never a key or a token's card data:
/// `/var/lib/shop.db: the key file /var/lib/shop.db.key is missing; …`.
public struct StoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public enum Problem: Error, Sendable, Hashable {
        /// The directory the database would be created in does not exist.
        case directoryMissing(directory: String)
        /// SQLite could not create or open the file (the reason SQLite gives).
        case cannotOpen(reason: String)
        /// The file exists and is not a SQLite database.
        case notSQLite
        /// A SQLite database made by another program (tables, another application id).
        case notCheckoutd
        /// A newer checkoutd changed the database in ways this one does not know.
        case createdByNewerCheckoutd
        /// The database already holds secrets sealed with a key file that is gone.
        case keyFileMissing(keyPath: String)
        /// The key file exists but cannot be read.
        case keyFileUnreadable(keyPath: String, reason: String)
        /// The key file is not 32 bytes, so it was not written by checkoutd.
        case keyFileMalformed(keyPath: String)
        /// The key file cannot be created next to the database.
        case keyFileNotCreated(keyPath: String, reason: String)
        /// The key file is a valid key, but not the one this database was sealed with.
        case keyFileDoesNotOpenDatabase(keyPath: String)
        /// The sealed platform key in the database does not open or is not a key.
        case storedPlatformKeyUnusable
        /// No platform key could be generated for the store.
        case platformKeyNotGenerated(PlatformKeyError)
        /// SQLite failed while setting the store up (the reason SQLite gives).
        case database(reason: String)
        /// The PostgreSQL server could not be reached or refused the connection.
        case unreachable(reason: String)
        /// A PostgreSQL store needs `--store-key`.
        case storeKeyRequired
        /// Neither a file path nor a PostgreSQL URI.
        case unsupportedLocation
    }

    /// The database path the operator gave, or the URI with its password masked.
    public var path: String
    public var problem: Problem

    public init(path: String, problem: Problem) {
        self.path = path
        self.problem = problem
    }

    /// `PATH: problem`, ready to follow the flag's name.
    public var description: String { "\(path): \(problem.text)" }
}

extension StoreError.Problem {
    var text: String {
        switch self {
        case .directoryMissing(let directory):
            "cannot create the database: the directory \(directory) does not exist"
        case .cannotOpen(let reason):
            "cannot create or open the database (\(reason))"
        case .notSQLite:
            "is not a SQLite database"
        case .notCheckoutd:
            "is a SQLite database that checkoutd did not create; refusing to use it"
        case .createdByNewerCheckoutd:
            "was last changed by a newer checkoutd; use that version"
        case .keyFileMissing(let keyPath):
            "the key file \(keyPath) is missing, and this database was sealed with it; "
                + "restore the key file, or start with a new database"
        case .keyFileUnreadable(let keyPath, let reason):
            "the key file \(keyPath) cannot be read (\(reason))"
        case .keyFileMalformed(let keyPath):
            "the key file \(keyPath) is not a checkoutd key file (it must hold exactly 32 bytes)"
        case .keyFileNotCreated(let keyPath, let reason):
            "the key file \(keyPath) cannot be created (\(reason))"
        case .keyFileDoesNotOpenDatabase(let keyPath):
            "the key file \(keyPath) does not open this database (it belongs to another database)"
        case .storedPlatformKeyUnusable:
            "the platform key stored in the database cannot be opened with the key file"
        case .platformKeyNotGenerated(let reason):
            "cannot create the platform key: \(reason)"
        case .database(let reason):
            "the database failed (\(reason))"
        case .unreachable(let reason):
            "cannot reach the database (\(reason))"
        case .storeKeyRequired:
            "a PostgreSQL store needs --store-key PATH, the key file every process on the store shares"
        case .unsupportedLocation:
            "is neither a file path nor a PostgreSQL URI (postgres://… or postgresql://…)"
        }
    }
}
