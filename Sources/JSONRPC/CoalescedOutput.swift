import Synchronization

/// Responses that worker threads finish, written with as few `write(2)` calls as
/// the load allows. A thread that finds no write in progress becomes the writer:
/// it writes what is queued, then what other threads queued meanwhile, until the
/// queue is empty; the others only queue and go back to work. Under a pipelining
/// host this turns one write per response into one per burst; a lone response is
/// written at once by the thread that made it.
final class CoalescedOutput: Sendable {
    private struct State {
        var queued: [UInt8] = []
        var isWriting = false
    }

    private let state = Mutex(State())
    private let writer: ProtocolWriter

    init(writer: ProtocolWriter) {
        self.writer = writer
    }

    /// Queues `bytes` (whole lines) and returns once they are written or another
    /// thread has taken on writing them.
    func write(_ bytes: [UInt8]) {
        let becameWriter = state.withLock { state in
            state.queued.append(contentsOf: bytes)
            guard !state.isWriting else { return false }
            state.isWriting = true
            return true
        }
        guard becameWriter else { return }
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
