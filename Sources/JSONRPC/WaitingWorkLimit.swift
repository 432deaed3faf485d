import Dispatch
import Synchronization

/// Holds the threads that queue work (the reading thread) back while too much
/// work waits for a worker, and lets them go again only once the backlog is
/// down to half. Releasing one at every start (as a counting semaphore would)
/// woke the reading thread once per request under a pipelining host, each
/// wake-up a futex call on a worker's time; with the half-way mark it is woken
/// once per `limit / 2` requests.
final class WaitingWorkLimit: Sendable {
    private let limit: Int
    /// Items queued and not yet started, and items about to be queued by
    /// threads that are not parked.
    private let waiting = Atomic<Int>(0)
    /// How many queuing threads are parked, or about to be, on `wakeUp`.
    private let parked = Mutex(0)
    private let wakeUp = DispatchSemaphore(value: 0)

    init(limit: Int) {
        precondition(limit >= 1)
        self.limit = limit
    }

    /// The backlog at which parked threads go on.
    private var resumeMark: Int { limit / 2 }

    /// Called before an item is queued; returns at once while fewer than `limit`
    /// items wait, else once the backlog is down to half of it.
    func enqueue() {
        guard waiting.add(1, ordering: .sequentiallyConsistent).newValue > limit else { return }
        // Decided under the lock that `started` takes to wake parked threads: a
        // thread either sees the backlog already drained or is counted before
        // the worker that drains it looks. A parked thread's item is not counted,
        // or several parked threads could keep the backlog above the mark forever.
        let mustPark = parked.withLock { count in
            guard waiting.subtract(1, ordering: .sequentiallyConsistent).newValue > resumeMark else {
                waiting.add(1, ordering: .sequentiallyConsistent)
                return false
            }
            count += 1
            return true
        }
        guard mustPark else { return }
        wakeUp.wait()
        waiting.add(1, ordering: .sequentiallyConsistent)
    }

    /// Called by a worker as it starts an item.
    func started() {
        guard waiting.subtract(1, ordering: .sequentiallyConsistent).newValue <= resumeMark else { return }
        let parkedThreads = parked.withLock { count in
            defer { count = 0 }
            return count
        }
        for _ in 0..<parkedThreads { wakeUp.signal() }
    }
}
