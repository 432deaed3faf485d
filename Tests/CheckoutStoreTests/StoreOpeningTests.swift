import CheckoutStore
import Foundation
import GRDB
import Testing

/// What the store refuses to open, and the message that says why.
@Suite struct StoreOpeningTests {
    @Test func aSQLiteDatabaseOfAnotherProgramIsRefusedUntouched() throws {
        let directory = try TemporaryDirectory()
        let foreign = try DatabaseQueue(path: directory.database)
        try foreign.write { try $0.execute(sql: "CREATE TABLE orders (id INTEGER PRIMARY KEY)") }
        try foreign.close()

        let error = #expect(throws: StoreError.self) { try openSQLiteStore(directory.database) }
        #expect(error?.problem == .notCheckoutd)
        #expect(error?.description == "\(directory.database): is a SQLite database that checkoutd did not create; refusing to use it")
        #expect(directory.fileNames == ["store.db"])
        let journalMode = try DatabaseQueue(path: directory.database).read {
            try String.fetchOne($0, sql: "PRAGMA journal_mode")
        }
        #expect(journalMode == "delete")
    }

    @Test func anEmptyDatabaseWithAnotherApplicationIdIsRefused() throws {
        let directory = try TemporaryDirectory()
        let foreign = try DatabaseQueue(path: directory.database)
        try foreign.write { try $0.execute(sql: "PRAGMA application_id = 42") }
        try foreign.close()

        let error = #expect(throws: StoreError.self) { try openSQLiteStore(directory.database) }
        #expect(error?.problem == .notCheckoutd)
    }

    @Test func anEmptyFileBecomesAStore() throws {
        let directory = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: directory.database, contents: Data()))
        let vault = try openSQLiteStore(directory.database)
        #expect(try vault.tokens(customerId: "customer-1") == [])
    }

    @Test(arguments: [1, 100])
    func aFileThatIsNotSQLiteIsRefused(lines: Int) throws {
        let directory = try TemporaryDirectory()
        let text = String(repeating: "not a database\n", count: lines)
        try text.write(toFile: directory.database, atomically: false, encoding: .utf8)

        let error = #expect(throws: StoreError.self) { try openSQLiteStore(directory.database) }
        #expect(error?.problem == .notSQLite)
        #expect(error?.description == "\(directory.database): is not a SQLite database")
        #expect(directory.fileNames == ["store.db"])
        #expect(try String(contentsOfFile: directory.database, encoding: .utf8) == text)
    }

    @Test func aDatabaseInADirectoryThatDoesNotExistIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/missing/store.db"
        let error = #expect(throws: StoreError.self) { try openSQLiteStore(path) }
        #expect(error?.problem == .directoryMissing(directory: directory.path + "/missing"))
        #expect(error?.description == "\(path): cannot create the database: the directory \(directory.path)/missing does not exist")
    }

    @Test func aDirectoryIsNotADatabase() throws {
        let directory = try TemporaryDirectory()
        let error = #expect(throws: StoreError.self) { try openSQLiteStore(directory.path) }
        guard case .cannotOpen = error?.problem else {
            Issue.record("expected cannotOpen, got \(String(describing: error))")
            return
        }
    }

    @Test func aMissingKeyFileForAnExistingDatabaseIsRefused() throws {
        let directory = try TemporaryDirectory()
        try openSQLiteStore(directory.database).close()
        try FileManager.default.removeItem(atPath: directory.keyFile)

        let error = #expect(throws: StoreError.self) { try openSQLiteStore(directory.database) }
        #expect(error?.problem == .keyFileMissing(keyPath: directory.keyFile))
        #expect(error?.description.hasPrefix("\(directory.database): the key file \(directory.keyFile) is missing") == true)
        #expect(!FileManager.default.fileExists(atPath: directory.keyFile))
    }

    @Test func anotherStoresKeyFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        let other = try TemporaryDirectory()
        try openSQLiteStore(directory.database).close()
        try openSQLiteStore(other.database).close()
        try FileManager.default.removeItem(atPath: directory.keyFile)
        try FileManager.default.copyItem(atPath: other.keyFile, toPath: directory.keyFile)

        let error = #expect(throws: StoreError.self) { try openSQLiteStore(directory.database) }
        #expect(error?.problem == .keyFileDoesNotOpenDatabase(keyPath: directory.keyFile))
        #expect(error?.description == "\(directory.database): the key file \(directory.keyFile) does not open this database (it belongs to another database)")
    }

    @Test(arguments: [0, 5, 33, 64])
    func aKeyFileOfTheWrongSizeIsRefused(size: Int) throws {
        let directory = try TemporaryDirectory()
        try openSQLiteStore(directory.database).close()
        try Data(repeating: 7, count: size).write(to: URL(fileURLWithPath: directory.keyFile))

        let error = #expect(throws: StoreError.self) { try openSQLiteStore(directory.database) }
        #expect(error?.problem == .keyFileMalformed(keyPath: directory.keyFile))
    }

    @Test func anUnreadableKeyFileIsRefused() throws {
        let directory = try TemporaryDirectory()
        try openSQLiteStore(directory.database).close()
        try FileManager.default.removeItem(atPath: directory.keyFile)
        try FileManager.default.createDirectory(atPath: directory.keyFile, withIntermediateDirectories: false)

        let error = #expect(throws: StoreError.self) { try openSQLiteStore(directory.database) }
        guard case .keyFileUnreadable(let keyPath, _) = error?.problem else {
            Issue.record("expected keyFileUnreadable, got \(String(describing: error))")
            return
        }
        #expect(keyPath == directory.keyFile)
    }

    @Test func aKeyFileWithoutADatabaseIsAdopted() throws {
        let directory = try TemporaryDirectory()
        let first = try openSQLiteStore(directory.database)
        let fingerprintKey = first.fingerprintKey
        try first.close()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: directory.database + suffix) }

        #expect(try openSQLiteStore(directory.database).fingerprintKey == fingerprintKey)
    }
}
