import GRDB

/// The tables of a checkoutd store, created and evolved by a GRDB migrator, and
/// the application id that marks a SQLite file as one.
enum StoreSchema {
    /// `PRAGMA application_id` of every checkoutd store: "CHKD".
    static let applicationID: Int32 = 0x4348_4B44

    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1 tokens and sealed secrets") { db in
            // One column per StoredToken member; `sequence` keeps insertion order.
            // Same card = same customer, fingerprint and expiry: one row.
            // SQLite stores a row's values back to back in column order, so the
            // columns holding card digits (bin, last4_digits, alias) are kept apart
            // by letters: side by side, bin ‖ last4 ‖ alias would spell out whole
            // test numbers such as 4242424242424242.
            try db.execute(sql: """
                CREATE TABLE token (
                    sequence INTEGER PRIMARY KEY AUTOINCREMENT,
                    id TEXT NOT NULL UNIQUE,
                    customer_id TEXT NOT NULL,
                    bin TEXT NOT NULL,
                    brand TEXT NOT NULL,
                    last4_digits TEXT NOT NULL,
                    card_type TEXT,
                    alias TEXT NOT NULL,
                    cardholder_name TEXT,
                    expiry_date TEXT NOT NULL,
                    issuing_country TEXT,
                    payment_product_id INTEGER NOT NULL,
                    fingerprint TEXT NOT NULL,
                    created_at INTEGER NOT NULL
                );
                CREATE UNIQUE INDEX token_same_card ON token (customer_id, fingerprint, expiry_date);
                CREATE TABLE store_key_check (
                    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                    sealed_check BLOB NOT NULL
                );
                CREATE TABLE platform_key (
                    singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                    sealed_pem BLOB NOT NULL
                );
                """)
        }
        return migrator
    }

    /// Runs the migrations that are not applied yet. GRDB's migrator reads what is
    /// applied before it opens each migration's transaction, so a second process
    /// starting at the same moment can fail on a migration the first one just
    /// committed; that failure, and only it, is followed by another pass.
    static func migrate(_ pool: DatabasePool) throws {
        let migrator = migrator
        var applied = try pool.read { try migrator.appliedIdentifiers($0) }
        while true {
            do {
                try migrator.migrate(pool)
                return
            } catch {
                let now = try pool.read { try migrator.appliedIdentifiers($0) }
                if now == applied { throw error }
                applied = now
            }
        }
    }

    /// Whether a newer checkoutd applied migrations this one does not know.
    static func isSuperseded(_ pool: DatabasePool) throws -> Bool {
        let migrator = migrator
        return try pool.read { try migrator.hasBeenSuperseded($0) }
    }
}
