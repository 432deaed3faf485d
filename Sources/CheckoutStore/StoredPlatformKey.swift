import CheckoutCore
import Foundation
import GRDB

extension SQLiteTokenVault {
    /// The platform key kept in the store, sealed with the store key. A store that
    /// has none gets one from `generate`; when several processes do this at once,
    /// the first key stored wins and every process returns it.
    public func platformKey(
        generatingWith generate: () throws(PlatformKeyError) -> PlatformKey
    ) throws(StoreError) -> PlatformKey {
        if let stored = try storedPlatformKey() { return stored }
        let fresh: PlatformKey
        do {
            fresh = try generate()
        } catch {
            throw StoreError(path: path, problem: .platformKeyNotGenerated(error))
        }
        let sealed = storeKey.seal(Array(fresh.pkcs8PEMRepresentation.utf8), as: .platformKey)
        let kept = try platformKeyAccess { pool in
            try pool.write { db in
                try db.execute(sql: "INSERT OR IGNORE INTO platform_key (singleton, sealed_pem) VALUES (1, ?)",
                               arguments: [Data(sealed)])
                return try Self.sealedPlatformKey(db)
            }
        }
        if kept == sealed { return fresh }
        guard let kept else { throw StoreError(path: path, problem: .storedPlatformKeyUnusable) }
        return try openPlatformKey(kept)
    }

    private func storedPlatformKey() throws(StoreError) -> PlatformKey? {
        let sealed = try platformKeyAccess { pool in try pool.read(Self.sealedPlatformKey) }
        return try sealed.map(openPlatformKey)
    }

    private func openPlatformKey(_ sealed: [UInt8]) throws(StoreError) -> PlatformKey {
        guard let pem = storeKey.open(sealed, as: .platformKey).flatMap({ String(validating: $0, as: UTF8.self) }),
              let key = try? PlatformKey(pemRepresentation: pem)
        else { throw StoreError(path: path, problem: .storedPlatformKeyUnusable) }
        return key
    }

    private static func sealedPlatformKey(_ db: Database) throws -> [UInt8]? {
        try Data.fetchOne(db, sql: "SELECT sealed_pem FROM platform_key").map { Array($0) }
    }

    private func platformKeyAccess<Value>(_ body: (DatabasePool) throws -> Value) throws(StoreError) -> Value {
        do {
            return try body(pool)
        } catch {
            throw StoreError(path: path, problem: StoreDatabase.problem(opening: path, error))
        }
    }
}
