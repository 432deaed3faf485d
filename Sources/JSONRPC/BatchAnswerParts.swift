import Synchronization

/// Writes one line in the parts `produce` hands to its argument, each as it
/// comes, with no other line between them: `ProtocolWriter.writeLine(inParts:)`.
public typealias LinePartsWriter = @Sendable (_ produce: (_ part: @escaping @Sendable ([UInt8]) -> Void) -> Void) -> Void

/// A batch's answer line written in parts as the runs of its calls finish, so a
/// host can read and decode the first answers while the service works out the
/// rest. Runs finish in any order; their responses are written in the batch's
/// order, a run's waiting for the runs before it. A part is written once
/// `partBytes` are ready. Every part but the last ends with `,` and a TAB, the
/// one byte that marks it: JSON allows whitespace between array elements, and
/// a raw TAB appears nowhere else in the service's output (strings escape it),
/// so a host may decode the answers before the last TAB while the rest comes.
final class BatchAnswerParts: Sendable {
    /// The least a part holds (but the last): a few dozen typical responses,
    /// about what a host reads from a pipe at once.
    static let partBytes = 16_384

    private struct State {
        /// The responses of each run that finished but waits for an earlier one.
        var finishedRuns: [[EntryOutcome]?]
        /// The first run not yet added to `text`.
        var nextRun = 0
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

    /// - Parameters:
    ///   - answers: how many responses the batch has (notifications have none).
    ///   - earlier: lines answered before the batch, written ahead of it.
    init(runs: Int, answers: Int, earlier: [UInt8], write: @escaping @Sendable ([UInt8]) -> Void) {
        var text = earlier
        text.reserveCapacity(earlier.count + 2 * Self.partBytes)
        text.append(UInt8(ascii: "["))
        state = Mutex(State(finishedRuns: Array(repeating: nil, count: runs), text: text))
        self.answers = answers
        self.write = write
    }

    /// Run `run` finished with these outcomes; writes the parts it completes.
    func finished(_ run: Int, _ outcomes: [EntryOutcome?]) {
        state.withLock { state in
            state.finishedRuns[run] = outcomes.compactMap { $0 }
            while state.nextRun < state.finishedRuns.count, let ready = state.finishedRuns[state.nextRun] {
                state.finishedRuns[state.nextRun] = nil
                state.nextRun += 1
                for case .answered(let response) in ready {
                    if !state.startsPart { state.text.append(UInt8(ascii: ",")) }
                    state.text.append(contentsOf: response)
                    state.added += 1
                    state.startsPart = false
                }
                if state.text.count >= Self.partBytes && state.added < answers {
                    state.text.append(contentsOf: ",\t".utf8)
                    write(state.text)
                    state.text.removeAll(keepingCapacity: true)
                    state.startsPart = true
                }
            }
        }
    }

    /// Every run finished: writes the rest of the line.
    func finish() {
        state.withLock { state in
            state.text.append(contentsOf: "]\n".utf8)
            write(state.text)
            state.text = []
        }
    }
}
