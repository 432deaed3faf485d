import Dispatch
import Synchronization

/// Writes one line in the parts `produce` hands to its argument, each as it
/// comes, with no other line between them: `ProtocolWriter.writeLine(inParts:)`.
public typealias LinePartsWriter = @Sendable (_ produce: (_ part: @escaping @Sendable ([UInt8]) -> Void) -> Void) -> Void

/// A batch's answer line written in parts as its entries are answered, so a
/// host can read and decode the first answers while the service works out the
/// rest. Entries are answered in any order (runs of them on every core, calls
/// that touch state later); their responses are written in the batch's order,
/// each waiting for the ones before it. A part is written once `partBytes` are
/// ready, or when the next answer waits for a worker. Every part but the last
/// ends with `,` and a TAB, the one byte that marks it: JSON allows whitespace
/// between array elements, and a raw TAB appears nowhere else in the service's
/// output (strings escape it), so a host may decode the answers before the last
/// TAB while the rest comes.
final class BatchAnswerParts: BatchAnswer {
    /// What a part holds before it is written (unless the next answer waits
    /// for a worker): a few dozen typical responses, about what a host reads
    /// from a pipe at once.
    static let partBytes = 16_384

    private struct State {
        /// Each entry's outcome once known (`.later` while a worker runs it).
        var outcomes: [EntryOutcome?]
        /// The first entry not added to `text`.
        var next = 0
        /// What is ready and not written yet.
        var text: [UInt8]
        /// Responses added to `text` so far, over all parts.
        var added = 0
        /// True when `text` starts a part: its first response needs no comma.
        var startsPart = true
    }

    private let state: Mutex<State>
    private let answers: Int
    private let write: @Sendable ([UInt8]) -> Void
    private let written = DispatchSemaphore(value: 0)

    /// - Parameters:
    ///   - answers: how many responses the batch has (notifications have none); at least one.
    ///   - earlier: lines answered before the batch, written ahead of it.
    init(count: Int, answers: Int, earlier: [UInt8], write: @escaping @Sendable ([UInt8]) -> Void) {
        var text = earlier
        text.reserveCapacity(earlier.count + 2 * Self.partBytes)
        text.append(UInt8(ascii: "["))
        state = Mutex(State(outcomes: Array(repeating: nil, count: count), text: text))
        self.answers = answers
        self.write = write
    }

    func ran(_ positions: Range<Int>, _ outcomes: [EntryOutcome?]) {
        state.withLock { state in
            for (position, outcome) in zip(positions, outcomes) where outcome != nil {
                state.outcomes[position] = outcome
            }
            advance(&state)
        }
    }

    func settle(_ position: Int, _ outcome: EntryOutcome) {
        state.withLock { state in
            state.outcomes[position] = outcome
            advance(&state)
        }
    }

    func complete(_ position: Int, _ response: [UInt8]) {
        state.withLock { state in
            state.outcomes[position] = .answered(response)
            advance(&state)
        }
    }

    /// Returns once the whole line is written (handed to `write`).
    func waitUntilWritten() {
        written.wait()
    }

    /// Adds the responses that are next in order and writes a part each time
    /// one is full, so parts are cut at the same answers whatever order the
    /// runs end in; what is ready also goes out when the next answer waits for
    /// a worker. Writes the line's end after the last entry.
    private func advance(_ state: inout State) {
        let count = state.outcomes.count
        guard state.next < count else { return }
        while state.next < count, let outcome = state.outcomes[state.next], !outcome.isLater {
            if case .answered(let response) = outcome {
                if !state.startsPart { state.text.append(UInt8(ascii: ",")) }
                state.text.append(contentsOf: response)
                state.added += 1
                state.startsPart = false
                if state.text.count >= Self.partBytes { writePart(&state) }
            }
            state.outcomes[state.next] = EntryOutcome.none
            state.next += 1
        }
        if state.next == count {
            state.text.append(contentsOf: "]\n".utf8)
            write(state.text)
            state.text = []
            written.signal()
        } else if state.outcomes[state.next]?.isLater == true && !state.startsPart {
            writePart(&state)
        }
    }

    /// Writes what `text` holds as a part, marked, unless no answer follows it.
    private func writePart(_ state: inout State) {
        guard state.added < answers else { return }
        state.text.append(contentsOf: ",\t".utf8)
        write(state.text)
        state.text.removeAll(keepingCapacity: true)
        state.startsPart = true
    }
}
