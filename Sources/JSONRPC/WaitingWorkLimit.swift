import Dispatch
import Synchronization

/// Holds the reading thread back while too much work waits for a worker, and
/// lets it go again only once the backlog is down to half. Releasing it at every
/// start (as a counting semaphore would) woke it once per request under a
/// pipelining host, each wake-up a futex call on a worker's time; with the
/// half-way mark it is woken once per `limit / 2` requests.
final class WaitingWorkLimit: Sendable {
    private let limit: Int
    private let waiting = Atomic<Int>(0)
    private let readerIsParked = Atomic<Bool>(false)
    private let wakeUp = DispatchSemaphore(value: 0)

    init(limit: Int) {
        precondition(limit >= 1)
        self.limit = limit
    }

    /// The count (the reader's pending item included) at which a parked reader goes on.
    private var resumeMark: Int { max(1, limit / 2) }

    /// Called by the one thread that queues work, before it queues an item;
    /// returns at once while fewer than `limit` items wait, else once the
    /// backlog is down to about half of it. The count includes the item about
    /// to be queued until a worker starts it.
    func enqueue() {
        guard waiting.add(1, ordering: .sequentiallyConsistent).newValue > limit else { return }
        readerIsParked.store(true, ordering: .sequentiallyConsistent)
        // The backlog may have drained between the count and the flag; whoever
        // clears the flag first decides whether a wake-up is owed.
        if waiting.load(ordering: .sequentiallyConsistent) <= resumeMark,
           readerIsParked.compareExchange(expected: true, desired: false, ordering: .sequentiallyConsistent).exchanged {
            return
        }
        wakeUp.wait()
    }

    /// Called by a worker as it starts an item.
    func started() {
        let remaining = waiting.subtract(1, ordering: .sequentiallyConsistent).newValue
        guard remaining <= resumeMark, readerIsParked.load(ordering: .sequentiallyConsistent),
              readerIsParked.compareExchange(expected: true, desired: false, ordering: .sequentiallyConsistent).exchanged
        else { return }
        wakeUp.signal()
    }
}
