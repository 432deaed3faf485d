import CheckoutCore
import CheckoutStore
import Foundation

/// A fresh directory for one test's store, removed with the value.
final class TemporaryDirectory: Sendable {
    let path: String

    init() throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("checkoutd-store-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// The path of the database file in this directory.
    var database: String { path + "/store.db" }
    var keyFile: String { database + ".key" }

    func bytes(of name: String) -> [UInt8] {
        FileManager.default.contents(atPath: path + "/" + name).map { Array($0) } ?? []
    }

    var fileNames: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }
}

/// A test card number; the vault is never given it, only what is derived from it.
let testCardNumber = "4111111111111111"

/// A token with every member set, fingerprinted under `vault`'s key.
func makeToken(
    _ id: String, customer: String = "customer-1", number: String = testCardNumber, expiry: String = "1230",
    in vault: any TokenVault
) -> StoredToken {
    StoredToken(
        id: id, customerId: customer, paymentProductId: 1, brand: "visa", bin: String(number.prefix(8)),
        last4Digits: String(number.suffix(4)),
        alias: String(number.prefix(6)) + String(repeating: "X", count: number.count - 10) + String(number.suffix(4)),
        expiryDate: expiry, cardholderName: "Wile E. Coyote", issuingCountry: "NL", cardType: .credit,
        fingerprint: vault.fingerprintKey.fingerprint(ofCardNumber: number),
        createdAt: Timestamp(secondsSinceEpoch: 1_795_000_000))
}

/// Whether `needle` occurs anywhere in `haystack`.
func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, haystack.count >= needle.count else { return false }
    return (0...(haystack.count - needle.count)).contains { start in
        haystack[start..<(start + needle.count)].elementsEqual(needle)
    }
}

/// The SQLite store at `path`, as `--data PATH` opens it.
func openSQLiteStore(_ path: String) throws(StoreError) -> SQLPlatformStore {
    try SQLPlatformStore.open(.sqlite(path: path), sessionTimeToLive: 3600)
}
