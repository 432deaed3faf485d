import GRDB

/// The store's schema, one list of numbered migrations for SQLite and
/// PostgreSQL alike: the same tables and columns, written in each one's types
/// where the two differ (`SQLDialect`). A store's schema version is the number
/// of migrations applied to it; a newer checkoutd applies the missing ones in
/// one transaction, an older one refuses a store it does not know.
enum StoreMigrations {
    struct Migration: Sendable {
        let version: Int
        /// The name SQLite stores (GRDB's migrator) have recorded it under since version 1.
        let name: String
        let statements: @Sendable (SQLDialect) -> [String]
    }

    /// `PRAGMA application_id` of every checkoutd SQLite store: "CHKD".
    static let applicationID: Int32 = 0x4348_4B44

    static let all: [Migration] = [
        Migration(version: 1, name: "v1 tokens and sealed secrets") { dialect in
            // One column per StoredToken member; `sequence` keeps insertion order.
            // Same card = same customer, fingerprint and expiry: one row.
            // SQLite stores a row's values back to back in column order, so the
            // columns holding card digits (bin, last4_digits, alias) are kept apart
            // by letters: side by side, bin ‖ last4 ‖ alias would spell out whole
            // test numbers such as 4242424242424242.
            ["""
            CREATE TABLE token (
                sequence \(dialect.sequenceKey),
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
                created_at BIGINT NOT NULL
            )
            """,
             "CREATE UNIQUE INDEX token_same_card ON token (customer_id, fingerprint, expiry_date)",
             """
            CREATE TABLE store_key_check (
                singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                sealed_check \(dialect.blobType) NOT NULL
            )
            """,
             """
            CREATE TABLE platform_key (
                singleton INTEGER PRIMARY KEY CHECK (singleton = 1),
                sealed_pem \(dialect.blobType) NOT NULL
            )
            """]
        },
        Migration(version: 2, name: "v2 sessions and challenges") { _ in
            // A session row stays until forget_at (its expiry plus one more life),
            // so a lookup can still answer "expired"; the store's sweep removes it then.
            ["""
            CREATE TABLE session (
                client_session_id TEXT PRIMARY KEY,
                record TEXT NOT NULL,
                expires_at BIGINT NOT NULL,
                forget_at BIGINT NOT NULL
            )
            """,
             "CREATE INDEX session_forget_at ON session (forget_at)",
             """
            CREATE TABLE challenge (
                challenge_id TEXT PRIMARY KEY,
                record TEXT NOT NULL,
                expires_at BIGINT NOT NULL
            )
            """,
             "CREATE INDEX challenge_expires_at ON challenge (expires_at)"]
        },
        Migration(version: 3, name: "v3 token billing and shipping details") { _ in
            // The addresses a token keeps for a returning shopper (API.md 9.6), each
            // the JSON of an Address, NULL when the token has none: every token of
            // an older store reads back without details.
            ["ALTER TABLE token ADD COLUMN billing_details TEXT",
             "ALTER TABLE token ADD COLUMN shipping_details TEXT"]
        },
        Migration(version: 4, name: "v4 access sessions, payments and payment nonces") { _ in
            // Records are JSON text holding no card number or CVC (PaymentCard: bin,
            // last 4, masked alias, keyed fingerprint). An access session and a nonce
            // are taken or claimed by one conditional statement, so exactly once across
            // processes; expired ones are swept as new ones come. A session has at most
            // one payment per idempotency key (NULL keys never collide).
            ["""
            CREATE TABLE access_session (
                id TEXT PRIMARY KEY,
                kind TEXT NOT NULL,
                client_session_id TEXT NOT NULL,
                record TEXT NOT NULL,
                expires_at BIGINT NOT NULL
            )
            """,
             "CREATE INDEX access_session_expires_at ON access_session (expires_at)",
             """
            CREATE TABLE payment (
                id TEXT PRIMARY KEY,
                client_session_id TEXT NOT NULL,
                idempotency_key TEXT,
                status TEXT NOT NULL,
                record TEXT NOT NULL,
                created_at BIGINT NOT NULL
            )
            """,
             "CREATE UNIQUE INDEX payment_idempotency ON payment (client_session_id, idempotency_key)",
             """
            CREATE TABLE payment_nonce (
                nonce TEXT PRIMARY KEY,
                expires_at BIGINT NOT NULL
            )
            """,
             "CREATE INDEX payment_nonce_expires_at ON payment_nonce (expires_at)"]
        },
    ]

    static var latestVersion: Int { all.count }

    // MARK: SQLite, through GRDB's migrator (which version 1 stores were made with)

    static func sqliteMigrator(upTo version: Int = latestVersion) -> DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in all where migration.version <= version {
            migrator.registerMigration(migration.name) { db in
                for statement in migration.statements(.sqlite) { try db.execute(sql: statement) }
            }
        }
        return migrator
    }

    /// Runs the migrations that are not applied yet. GRDB's migrator reads what is
    /// applied before it opens each migration's transaction, so a second process
    /// starting at the same moment can fail on a migration the first one just
    /// committed; that failure, and only it, is followed by another pass.
    static func migrate(_ pool: DatabasePool, upTo version: Int = latestVersion) throws {
        let migrator = sqliteMigrator(upTo: version)
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
        let migrator = sqliteMigrator()
        return try pool.read { try migrator.hasBeenSuperseded($0) }
    }

    /// The number of migrations applied to a SQLite store.
    static func sqliteVersion(_ pool: DatabasePool) throws -> Int {
        let migrator = sqliteMigrator()
        return try pool.read { try migrator.appliedIdentifiers($0).count }
    }

    // MARK: PostgreSQL, with a table of applied versions

    /// Applies the missing migrations in one transaction, under an advisory lock
    /// so that processes starting together migrate once. Returns the version.
    static func migrate(_ database: PostgresDatabase, upTo version: Int = latestVersion) throws -> Int {
        try database.write { connection in
            try connection.execute("SELECT pg_advisory_xact_lock(\(Int64(applicationID)))")
            try connection.execute("""
                CREATE TABLE IF NOT EXISTS checkoutd_migration (version INTEGER PRIMARY KEY, name TEXT NOT NULL)
                """)
            let applied = try connection.query("SELECT version FROM checkoutd_migration ORDER BY version", [])
                .compactMap { $0.first?.integer }.map(Int.init)
            if let newest = applied.last, newest > latestVersion { throw StoreError.Problem.createdByNewerCheckoutd }
            for migration in all where migration.version <= version && !applied.contains(migration.version) {
                for statement in migration.statements(.postgresql) { try connection.execute(statement) }
                try connection.execute("INSERT INTO checkoutd_migration (version, name) VALUES ($1, $2)",
                                       [.integer(Int64(migration.version)), .text(migration.name)])
            }
            return max(applied.last ?? 0, version)
        }
    }
}
