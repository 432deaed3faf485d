#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// How a connection's two threads share its input: one at a time holds the
/// turn to read, and each handles what it read while the other reads on.
///
/// Reads are numbered in the order they were made. A read's answers are
/// written only after those of every earlier read, so answers leave in line
/// order; a line that must run in order waits until every earlier read is
/// answered, so it sees the effects of every line before it. The holder of the
/// turn passes it on, with the unfinished last line of its read, only when
/// the read brought many whole lines: a lock-step host is served by one thread
/// throughout, and the second starts at the first large read.
///
/// The input ends once, at a numbered read: at end of input, a failed read, a
/// stop or a closed output. No turn is taken after that, and reads after the
/// one it ended at are abandoned unanswered (a stop makes the lines after it as
/// if never read). Once two threads serve, the holder waits for input together
/// with `endSignal`, which the end makes readable, so no thread stays blocked
/// in `read` after the input has ended elsewhere.
final class ReadingTurns: Sendable {
    private struct State {
        var holder = 0
        /// The number the holder's next read takes.
        var nextRead = 0
        /// The unfinished line passed with the turn, for its next holder to read on from.
        var unfinished: [UInt8] = []
        var ending: (read: Int, reason: Connection.StopReason)?
        var endSignal: (reading: Int32, writing: Int32)?

        func isAbandoned(_ read: Int) -> Bool { ending.map { $0.read < read } ?? false }
    }

    private let state = ConditionLock(State())
    /// Reads answered: every read numbered below this one. Changed with the
    /// lock held, read without it on the hot path.
    private let answered = Atomic<Int>(0)
    /// The descriptor `endSignal` makes readable, or -1 while one thread serves.
    private let endSignalDescriptor = Atomic<Int32>(-1)

    deinit {
        if let signal = state.withLock({ $0.endSignal }) {
            close(signal.reading)
            close(signal.writing)
        }
    }

    /// Waits for `thread`'s turn to read and returns the number its read takes,
    /// having put the unfinished line passed with the turn into `framer`
    /// (emptied first); nil once the input has ended.
    func take(_ thread: Int, into framer: inout LineFramer) -> Int? {
        state.withLock(waitingUntil: { $0.holder == thread || $0.ending != nil }) { state in
            guard state.ending == nil else { return nil }
            framer.removeAll()
            framer.append(state.unfinished)
            return state.nextRead
        }
    }

    /// What passing the turn did.
    enum Passing {
        /// The turn stays: the input has ended, or a second thread could not
        /// be made ready (no descriptors left for its end signal).
        case kept
        case passed
        /// Passed for the first time: the caller starts the second thread.
        case passedToNewThread
    }

    /// Passes the turn from `thread`, whose read numbered `read` left the
    /// unfinished line in `unfinished` (swapped out, so its buffer is reused).
    func pass(from thread: Int, after read: Int, unfinished: inout [UInt8]) -> Passing {
        state.changeAndWake { state in
            guard state.ending == nil else { return .kept }
            var startsThread = false
            if state.endSignal == nil {
                var descriptors: [Int32] = [-1, -1]
                guard pipe(&descriptors) == 0 else { return .kept }
                state.endSignal = (descriptors[0], descriptors[1])
                endSignalDescriptor.store(descriptors[0], ordering: .releasing)
                startsThread = true
            }
            state.holder = 1 - thread
            state.nextRead = read + 1
            swap(&state.unfinished, &unfinished)
            return startsThread ? .passedToNewThread : .passed
        }
    }

    /// The descriptor to wait on beside the input before a read, made readable
    /// by the end; nil while only one thread serves.
    var endSignal: Int32? {
        let descriptor = endSignalDescriptor.load(ordering: .acquiring)
        return descriptor < 0 ? nil : descriptor
    }

    /// Whether every read before `read` is answered.
    func areAnswered(before read: Int) -> Bool {
        answered.load(ordering: .acquiring) >= read
    }

    /// Waits until every read before `read` is answered; false when `read` is
    /// abandoned instead.
    func waitForEarlierReads(before read: Int) -> Bool {
        if areAnswered(before: read) { return true }
        return state.withLock(waitingUntil: { answered.load(ordering: .relaxed) >= read || $0.isAbandoned(read) }) {
            !$0.isAbandoned(read)
        }
    }

    /// Answers `read` by calling `write` once every earlier read is answered,
    /// then counts it answered. False, without calling `write`, when `read` is
    /// abandoned; false also when `write` returns false, which ends the input
    /// at `read` with a closed output.
    func answer(_ read: Int, by write: () -> Bool) -> Bool {
        guard waitForEarlierReads(before: read) else { return false }
        guard write() else {
            end(at: read, .outputClosed)
            return false
        }
        // Until the turn is first passed no other thread exists to wait.
        if endSignal == nil {
            answered.store(read + 1, ordering: .releasing)
        } else {
            state.changeAndWake { _ in answered.store(read + 1, ordering: .releasing) }
        }
        return true
    }

    /// Ends the input at `read`: no turn is taken after this and later reads are
    /// abandoned. An end at an earlier read takes the place of one at a later
    /// read (two threads may meet a stop at once); otherwise the first end stays.
    func end(at read: Int, _ reason: Connection.StopReason) {
        state.changeAndWake { state in
            if let ending = state.ending, ending.read <= read { return }
            state.ending = (read, reason)
            if let signal = state.endSignal {
                var byte: UInt8 = 1
                _ = write(signal.writing, &byte, 1)
            }
        }
    }

    /// Why the input ended.
    var reason: Connection.StopReason? {
        state.withLock { $0.ending?.reason }
    }
}
