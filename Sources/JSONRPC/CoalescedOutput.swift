import Synchronization

/// Responses that worker threads finish, written with as few `write(2)` calls as
/// the load allows. A thread that finds no write in progress becomes the writer:
/// it writes what is queued, then what other threads queued meanwhile, until the
/// queue is empty; the others only queue and go back to work.
///
/// While work the dispatcher queued has not started yet, responses are held (up
/// to `holdLimit` bytes): a pipelining host then gets them in bursts, and is
/// woken once per burst instead of once per response, which measured a fifth
/// more `paymentRequest.encrypt` throughput. The held responses are written as
/// soon as no queued work remains to start, so a host that waits for each
/// response before sending the next is never made to wait, and a slow request
/// that is running does not hold back the others' responses.
final class CoalescedOutput: DeferredResponses {
    /// About twenty encryption responses.
    static let holdLimit = 16_384

    private struct State {
        var queued: [UInt8] = []
        var isWriting = false

        /// True when the caller should write what is queued now.
        mutating func takeWriting(unstarted: Int) -> Bool {
            guard !isWriting, !queued.isEmpty else { return false }
            if unstarted > 0, queued.count < CoalescedOutput.holdLimit { return false }
            isWriting = true
            return true
        }
    }

    private let state = Mutex(State())
    /// Work items queued and not started. Kept apart from the lock, which the
    /// reading thread then never takes; it is read under the lock after a
    /// response is queued, so a response held because of an item is seen by
    /// that item's `workFinished`, which comes later.
    private let unstarted = Atomic<Int>(0)
    private let writer: ProtocolWriter

    init(writer: ProtocolWriter) {
        self.writer = writer
    }

    /// Queues `line` (whole lines) and returns once it is written, held, or
    /// another thread has taken on writing it.
    func deliver(_ line: [UInt8]) {
        let becameWriter = state.withLock { state in
            state.queued.append(contentsOf: line)
            return state.takeWriting(unstarted: unstarted.load(ordering: .sequentiallyConsistent))
        }
        if becameWriter { writeQueued() }
    }

    func workQueued() {
        unstarted.add(1, ordering: .sequentiallyConsistent)
    }

    func workStarted() {
        unstarted.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// Writes what is held once nothing queued is left to start. Every work item
    /// ends here after delivering, so a held response is written by the last
    /// item to finish at the latest.
    func workFinished() {
        if state.withLock({ $0.takeWriting(unstarted: unstarted.load(ordering: .sequentiallyConsistent)) }) { writeQueued() }
    }

    private func writeQueued() {
        var batch: [UInt8] = []
        while true {
            let hasMore = state.withLock { state in
                batch.removeAll(keepingCapacity: true)
                swap(&batch, &state.queued)
                if batch.isEmpty { state.isWriting = false }
                return !batch.isEmpty
            }
            guard hasMore else { return }
            writer.write(batch)
        }
    }
}
