import Dispatch
import Synchronization

/// A second thread for a host that pipelines cheap requests. The reading thread
/// lends it the later half of the lines one read brought and handles the first
/// half itself; the helper handles its lines up to the first one that must run
/// in order (see `Dispatcher.handleIfIndependent`) and gives the rest back.
///
/// Only independent requests, and lines answered with an error, run here, so no
/// request sees another's effects out of order; the reading thread writes the
/// helper's responses after its own, so they also leave in line order. The
/// helper took 0.1–0.2 ms to start after a hand-over on these virtual
/// machines, so it is lent lines only when a read brings hundreds of requests
/// (`Connection.minimumLentBytes`), whose half outweighs that.
final class LaterLinesHelper: Sendable {
    /// What the helper did with lent lines. Sendable because its buffer owns
    /// its memory (it never starts in scratch space) and is passed, not shared.
    struct Outcome: ~Copyable, @unchecked Sendable {
        /// How many of the lent bytes it handled: whole lines from the start.
        var handledBytes: Int
        /// The responses to those lines, in order.
        var responses: JSONTextBuffer
    }

    /// Answers a line or limit event into the output, or declines it (false).
    typealias LineHandler = @Sendable (LineFramer.BorrowedEvent, inout JSONTextBuffer) -> Bool

    private let maxLineBytes: Int
    private let queue = DispatchQueue(label: "jsonrpc.later-lines")
    private let finished = DispatchSemaphore(value: 0)
    private let outcome = Mutex<Outcome?>(nil)

    init(maxLineBytes: Int) {
        self.maxLineBytes = maxLineBytes
    }

    /// Starts handling `lines` (whole lines, each ending in a newline) with
    /// `handler`. Each `start` is followed by one `wait`.
    func start(_ lines: [UInt8], handler: @escaping LineHandler) {
        queue.async { [self] in
            // About as many bytes as the lines: a response is of a request's size.
            var output = JSONTextBuffer(capacity: lines.count)
            var framer = LineFramer(maxLineBytes: maxLineBytes)
            framer.append(lines)
            while framer.next(offering: { handler($0, &output) }) {}
            var finishedOutcome: Outcome? = Outcome(handledBytes: framer.consumedByteCount, responses: output)
            outcome.withLock { $0 = finishedOutcome.take() }
            finished.signal()
        }
    }

    /// Waits for the lines given to `start` to be handled or declined.
    func wait() -> Outcome {
        finished.wait()
        return outcome.withLock { $0.take()! }
    }
}
