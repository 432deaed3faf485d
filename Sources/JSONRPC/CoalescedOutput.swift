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

    /// The largest emptied buffer kept for the next batch; a larger one (after a
    /// burst the host was slow to read) is given back.
    static let spareCapacityLimit = 65_536

    private struct State {
        var queued: [UInt8] = []
        /// The buffer the last write emptied. The next writer takes it, so the
        /// queue gets a buffer with capacity instead of regrowing from nothing
        /// (through a dozen reallocations) after every write.
        var spare: [UInt8] = []
        var isWriting = false

        /// The buffer to write with when the caller should write what is queued
        /// now, else nil.
        mutating func takeWriting(unstarted: Int) -> [UInt8]? {
            guard !isWriting, !queued.isEmpty else { return nil }
            if unstarted > 0, queued.count < CoalescedOutput.holdLimit { return nil }
            isWriting = true
            var buffer: [UInt8] = []
            swap(&buffer, &spare)
            return buffer
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
        let writeBuffer = state.withLock { state in
            state.queued.append(contentsOf: line)
            return state.takeWriting(unstarted: unstarted.load(ordering: .sequentiallyConsistent))
        }
        if let writeBuffer { writeQueued(with: writeBuffer) }
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
        if let writeBuffer = state.withLock({ $0.takeWriting(unstarted: unstarted.load(ordering: .sequentiallyConsistent)) }) {
            writeQueued(with: writeBuffer)
        }
    }

    /// Writes batches until the queue is empty. Each time the queue is taken, the
    /// emptied `batch` takes its place; the last one emptied is kept as the spare.
    private func writeQueued(with batch: consuming [UInt8]) {
        while true {
            let hasMore = state.withLock { state in
                batch.removeAll(keepingCapacity: true)
                swap(&batch, &state.queued)
                guard batch.isEmpty else { return true }
                state.isWriting = false
                if batch.capacity <= Self.spareCapacityLimit { swap(&batch, &state.spare) }
                return false
            }
            guard hasMore else { return }
            writer.write(batch)
        }
    }
}
