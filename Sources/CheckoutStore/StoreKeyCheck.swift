/// A known value sealed with the store key and kept in the database: a key file
/// that is not the database's own is refused at start-up, not discovered later
/// when a sealed secret fails to open.
enum StoreKeyCheck {
    private static let value = Array("checkoutd store key check".utf8)

    /// Whether the database already depends on a key file.
    static func isRecorded(in database: any SQLDatabase) throws -> Bool {
        try database.read { connection in
            try connection.scalar("SELECT COUNT(*) FROM store_key_check")?.integer ?? 0 > 0
        }
    }

    /// Checks that `key` opens the database's key check, first recording one sealed
    /// with `key` when there is none (the first process to record it wins).
    static func verify(_ key: StoreKey, in database: any SQLDatabase, keyPath: String) throws {
        let sealed = try database.write { connection in
            try connection.execute("""
                INSERT INTO store_key_check (singleton, sealed_check) VALUES (1, $1) ON CONFLICT (singleton) DO NOTHING
                """, [.blob(key.seal(value, as: .keyCheck))])
            return try connection.scalar("SELECT sealed_check FROM store_key_check")?.blob
        }
        guard let sealed, key.open(sealed, as: .keyCheck) == value else {
            throw StoreError.Problem.keyFileDoesNotOpenDatabase(keyPath: keyPath)
        }
    }
}
