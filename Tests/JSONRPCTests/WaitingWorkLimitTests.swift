import Dispatch
@testable import JSONRPC
import Synchronization
import Testing

/// The reading thread is held once `limit` items wait, let go only when the
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
        limit.started()
        Thread.sleep(0.05)
        let returnedAtThree = returned.isRaised
        #expect(!returnedAtThree, "three counted (the fifth item included) is not yet half of four")
        limit.started()
        #expect(done.wait(timeout: .now() + 5) == .success, "down to half: the reader goes on")
    }

    /// One producer and a pool of consumers racing over many items: every item
    /// is queued and started, and the producer is never stranded.
    @Test(arguments: [1, 2, 7, 64])
    func neverStrandsTheProducer(_ size: Int) {
        let limit = WaitingWorkLimit(limit: size)
        let queue = DispatchQueue(label: "consumers", attributes: .concurrent)
        let group = DispatchGroup()
        let started = Counter()
        let items = 20_000
        let producer = DispatchSemaphore(value: 0)
        Thread.detach {
            for _ in 0..<items {
                limit.enqueue()
                group.enter()
                queue.async {
                    limit.started()
                    started.add()
                    group.leave()
                }
            }
            producer.signal()
        }
        #expect(producer.wait(timeout: .now() + 60) == .success)
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(started.value == items)
    }
}

final class Flag: Sendable {
    private let raised = Atomic<Bool>(false)
    func raise() { raised.store(true, ordering: .sequentiallyConsistent) }
    var isRaised: Bool { raised.load(ordering: .sequentiallyConsistent) }
}

final class Counter: Sendable {
    private let count = Atomic<Int>(0)
    func add() { count.add(1, ordering: .relaxed) }
    var value: Int { count.load(ordering: .relaxed) }
}
