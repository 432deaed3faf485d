import CheckoutCore
import CheckoutStore
import Dispatch
import Synchronization
import Testing

/// Two vaults on one file stand for two checkoutd processes: each its own pool,
/// its own writer connection, the same WAL database.
@Suite struct SharedStoreTests {
    @Test func twoVaultsSavingFromManyThreadsLoseNothingAndShareDeduplication() throws {
        let directory = try TemporaryDirectory()
        let vaults = [try openSQLiteStore(directory.database), try openSQLiteStore(directory.database)]
        #expect(vaults[0].fingerprintKey == vaults[1].fingerprintKey)
        let customers = 4
        let cardsPerCustomer = 25
        let returned = Mutex<[String: Set<String>]>([:])
        let failures = Mutex<[String]>([])

        // Every card is saved twice, once through each vault, from different threads.
        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let vault = vaults[worker % 2]
            let customer = "customer-\(worker / 2)"
            for card in 0..<cardsPerCustomer {
                let number = "4000" + String(100_000_000_000 + card * 7919).suffix(12)
                let token = makeToken("tok-\(worker)-\(card)", customer: customer, number: number, in: vault)
                do {
                    let stored = try vault.save(token)
                    returned.withLock { _ = $0["\(customer)/\(number)", default: []].insert(stored.id) }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }
        }

        #expect(failures.withLock { $0 } == [])
        let tokensPerCard = returned.withLock { $0 }
        #expect(tokensPerCard.count == customers * cardsPerCustomer)
        #expect(tokensPerCard.values.allSatisfy { $0.count == 1 })
        for customer in 0..<customers {
            let listed = try vaults[customer % 2].tokens(customerId: "customer-\(customer)")
            #expect(listed.count == cardsPerCustomer)
            #expect(Set(listed.map(\.id)) == Set(tokensPerCard.filter { $0.key.hasPrefix("customer-\(customer)/") }
                .flatMap(\.value)))
        }
    }

    @Test func racingProcessesEndUpWithOnePlatformKey() throws {
        let directory = try TemporaryDirectory()
        let vaults = [try openSQLiteStore(directory.database), try openSQLiteStore(directory.database)]
        let candidates = try (0..<2).map { _ in try PlatformKey.generate() }
        let keyIds = Mutex<[String]>([])

        DispatchQueue.concurrentPerform(iterations: 8) { worker in
            let candidate = candidates[worker % 2]
            let key = try? vaults[worker % 2].platformKey { () throws(PlatformKeyError) -> PlatformKey in candidate }
            keyIds.withLock { $0.append(key?.keyId ?? "failed") }
        }

        let distinct = Set(keyIds.withLock { $0 })
        #expect(distinct.count == 1)
        #expect(Set(candidates.map(\.keyId)).isSuperset(of: distinct))
    }

    @Test func storesOpenedAtTheSameTimeOnANewPathShareOneKeyFile() throws {
        // Many rounds: the races (turning WAL on, migrating, creating the key file)
        // are lost only now and then.
        for _ in 0..<25 {
            let directory = try TemporaryDirectory()
            let fingerprintKeys = Mutex<[CardFingerprintKey]>([])
            let failures = Mutex<[String]>([])

            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                do {
                    let vault = try openSQLiteStore(directory.database)
                    fingerprintKeys.withLock { $0.append(vault.fingerprintKey) }
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
            }

            try #require(failures.withLock { $0 } == [])
            #expect(Set(fingerprintKeys.withLock { $0 }).count == 1)
            #expect(directory.fileNames.filter { $0.hasSuffix(".tmp") } == [])
        }
    }
}
