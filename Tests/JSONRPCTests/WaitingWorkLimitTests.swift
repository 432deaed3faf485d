import Dispatch
@testable import JSONRPC
import Synchronization
import Testing

/// Queuing threads are held once `limit` items wait, let go only when the
/// backlog is down to half, and never left parked.
@Suite struct WaitingWorkLimitTests {
    @Test func holdsAtTheLimitAndResumesAtHalf() {
        let limit = WaitingWorkLimit(limit: 4)
        for _ in 0..<4 { limit.enqueue() }
        let returned = Flag()
        let done = DispatchSemaphore(value: 0)
        Thread.detach {
            limit.enqueue()
            returned.raise()
            done.signal()
        }
        Thread.sleep(0.05)
        let returnedEarly = returned.isRaised
        #expect(!returnedEarly, "a fifth item waits")
        limit.started()
        Thread.sleep(0.05)
        let returnedAtThree = returned.isRaised
        #expect(!returnedAtThree, "three waiting is not yet half of four")
        limit.started()
        #expect(done.wait(timeout: .now() + 5) == .success, "down to half: the reader goes on")
    }

    /// Producers and a pool of consumers racing over many items: every item is
    /// queued and started, and no producer is left parked.
    @Test(arguments: [(1, 1), (2, 1), (7, 1), (64, 1), (1, 3), (4, 3), (64, 4)])
    func neverStrandsAProducer(_ size: Int, _ producers: Int) {
        let limit = WaitingWorkLimit(limit: size)
        let queue = DispatchQueue(label: "consumers", attributes: .concurrent)
        let group = DispatchGroup()
        let started = Counter()
        let itemsPerProducer = 20_000 / producers
        let finished = DispatchSemaphore(value: 0)
        for _ in 0..<producers {
            Thread.detach {
                for _ in 0..<itemsPerProducer {
                    limit.enqueue()
                    group.enter()
                    queue.async {
                        limit.started()
                        started.add()
                        group.leave()
                    }
                }
                finished.signal()
            }
        }
        for _ in 0..<producers {
            #expect(finished.wait(timeout: .now() + 60) == .success)
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(started.value == itemsPerProducer * producers)
    }
}

final class Flag: Sendable {
    private let raised = Atomic<Bool>(false)
    func raise() { raised.store(true, ordering: .sequentiallyConsistent) }
    var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }
}

final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    /// Adds one and returns the new count.
    @discardableResult func add() -> Int { count.add(1, ordering: .relaxed).newValue }
    var value: Int { count.load(ordering: .relaxed) }
}
