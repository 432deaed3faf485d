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
    /// What the helper did with lent lines.
    private struct Outcome: ~Copyable {
        /// How many of the lent bytes it handled: whole lines from the start.
        var handledBytes = 0
        /// The responses to those lines, in order.
        var responses = JSONTextBuffer(capacity: 65_536)
    }

    /// Answers a line or limit event into the output, or declines it (false).
    typealias LineHandler = @Sendable (LineFramer.BorrowedEvent, inout JSONTextBuffer) -> Bool

    private let queue = DispatchQueue(label: "jsonrpc.later-lines")
    private let finished = DispatchSemaphore(value: 0)
    // The framer and the responses are kept from one hand-over to the next, so
    // their memory is reused: made anew each time on the helper's thread, they
    // came from fresh pages of its own allocator arena, and faulting those in
    // (36,700 faults per 400,000 pipelined requests; 1,730 with them kept)
    // cost more than writing responses in place saved.
    // The reading thread and the helper take turns, so the locks are never
    // contended; they make the hand-over between the two threads explicit.
    private let outcome = Mutex(Outcome())
    private let framer: Mutex<LineFramer>

    init(maxLineBytes: Int) {
        framer = Mutex(LineFramer(maxLineBytes: maxLineBytes))
    }

    /// Starts handling `lines` (whole lines, each ending in a newline) with
    /// `handler`. They are copied before this returns, straight into the
    /// helper's own framer: the caller's bytes are free again. Each `start` is
    /// followed by one `wait`.
    func start(_ lines: UnsafeRawBufferPointer, handler: @escaping LineHandler) {
        framer.withLock { framer in
            framer.removeAll()
            framer.append(lines)
        }
        queue.async { [self] in
            outcome.withLock { outcome in
                framer.withLock { framer in
                    outcome.responses.removeAll()
                    while framer.next(offering: { handler($0, &outcome.responses) }) {}
                    outcome.handledBytes = framer.consumedByteCount
                }
            }
            finished.signal()
        }
    }

    /// Waits for the lines given to `start` to be handled or declined, then
    /// gives `body` how many of their bytes were handled and the responses,
    /// which are valid only during the call.
    func wait<Answer>(_ body: (_ handledBytes: Int, _ responses: UnsafeRawBufferPointer) -> Answer) -> Answer {
        finished.wait()
        // The helper is idle until the next `start`, which comes after `body`
        // has run, so the responses stay valid and unchanged meanwhile.
        let (handledBytes, start, count) = outcome.withLock { ($0.handledBytes, $0.responses.written.baseAddress, $0.responses.count) }
        return body(handledBytes, UnsafeRawBufferPointer(start: start, count: count))
    }
}
