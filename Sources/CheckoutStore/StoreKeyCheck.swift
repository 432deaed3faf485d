import Foundation
import GRDB

/// A known value sealed with the store key and kept in the database: a key file
/// that is not the database's own is refused at start-up, not discovered later
/// when a sealed secret fails to open.
enum StoreKeyCheck {
    private static let value = Array("checkoutd store key check".utf8)

    /// Whether the database already depends on a key file.
    static func isRecorded(in pool: DatabasePool) throws -> Bool {
        try pool.read { db in
            try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM store_key_check)") ?? false
        }
    }

    /// Checks that `key` opens the database's key check, first recording one sealed
    /// with `key` when there is none (the first process to record it wins).
    static func verify(_ key: StoreKey, in pool: DatabasePool, keyPath: String) throws {
        let sealed = try pool.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO store_key_check (singleton, sealed_check) VALUES (1, ?)",
                           arguments: [Data(key.seal(value, as: .keyCheck))])
            return try Data.fetchOne(db, sql: "SELECT sealed_check FROM store_key_check").map { Array($0) }
        }
        guard let sealed, key.open(sealed, as: .keyCheck) == value else {
            throw StoreError.Problem.keyFileDoesNotOpenDatabase(keyPath: keyPath)
        }
    }
}
