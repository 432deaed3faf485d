@testable import CheckoutStore
import CheckoutCore
import Foundation
import GRDB
import Testing

/// What is on disk: no card number, no key in clear text, a private key file, durable commits.
@Suite struct StoreSecrecyTests {
    @Test func theDatabaseFilesHoldNoCardNumberAndNoKey() throws {
        let directory = try TemporaryDirectory()
        let vault = try openSQLiteStore(directory.database)
        let platformKey = try vault.platformKey(generatingWith: PlatformKey.generate)
        for customer in 0..<3 {
            _ = try vault.save(makeToken("tok-\(customer)", customer: "customer-\(customer)", in: vault))
        }
        let pem = platformKey.pkcs8PEMRepresentation
        let base64 = pem.split(separator: "\n").filter { !$0.hasPrefix("-----") }.joined()
        let der = try #require(Data(base64Encoded: base64))
        let secrets: [(String, [UInt8])] = [
            ("the card number", Array(testCardNumber.utf8)),
            ("the store key", directory.bytes(of: "store.db.key")),
            ("the private key's PEM body", Array(base64.prefix(64).utf8)),
            ("the private key's DER", Array(der.suffix(64))),
        ]
        #expect(secrets[1].1.count == 32)

        let alias = Array(makeToken("tok-0", in: vault).alias.utf8)

        func search() {
            let files = directory.fileNames.filter { $0.hasPrefix("store.db") && $0 != "store.db.key" }
            for file in files {
                let bytes = directory.bytes(of: file)
                for (name, secret) in secrets {
                    #expect(!contains(bytes, secret), "\(name) is in \(file)")
                }
            }
            // The search sees the tokens: what is meant to be stored is found.
            #expect(files.contains { contains(directory.bytes(of: $0), alias) })
        }
        #expect(directory.fileNames.contains("store.db-wal"))
        search()
        try vault.close()
        search()
    }

    @Test func theKeyFileIsReadableByItsOwnerOnly() throws {
        let directory = try TemporaryDirectory()
        _ = try openSQLiteStore(directory.database)
        let attributes = try FileManager.default.attributesOfItem(atPath: directory.keyFile)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect((attributes[.size] as? NSNumber)?.intValue == 32)
    }

    @Test func commitsAreSyncedToTheWriteAheadLog() throws {
        let directory = try TemporaryDirectory()
        let vault = try openSQLiteStore(directory.database)
        let (journalMode, synchronous, busyTimeout, applicationID) = try (vault.database as! SQLiteDatabase).pool.writeWithoutTransaction { db in
            (try String.fetchOne(db, sql: "PRAGMA journal_mode"), try Int.fetchOne(db, sql: "PRAGMA synchronous"),
             try Int.fetchOne(db, sql: "PRAGMA busy_timeout"), try Int32.fetchOne(db, sql: "PRAGMA application_id"))
        }
        #expect(journalMode == "wal")
        #expect(synchronous == 2)  // FULL
        #expect((busyTimeout ?? 0) >= 5000)
        #expect(applicationID == StoreMigrations.applicationID)
    }
}
