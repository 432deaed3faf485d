import Dispatch
import Synchronization

/// Decides when and where each request runs, from what it does to shared state
/// (`StateAccess`), so that every request sees the effects of every line before
/// it while reads still run side by side.
///
/// Requests that read or write state form stages in line order: a write is a
/// stage of its own, and consecutive reads share one. Only the first stage
/// runs; when it is done, the next one starts. So a read waits for every
/// earlier write, a write waits for every earlier read and write, and reads
/// between two writes run in parallel. Requests that touch no state join no
/// stage and run at once. This is sourcekit-lsp's message dependency tracker
/// with the service's state as its one document.
///
/// A request that may run at once and is placed `.inline` (or `.inlineWhenIdle`
/// with nothing else in flight) runs on the reading thread (`schedule` returns
/// true); everything else runs on a worker. The
/// reading thread is held back while `maxWaiting` queued requests wait for
/// their turn, until half of them have started.
final class RequestScheduler: Sendable {
    private struct Stage {
        let isWrite: Bool
        /// Queued jobs that start with the stage.
        var waiting: [@Sendable () -> Void] = []
        /// Jobs of the stage running on workers.
        var running = 0
    }

    private struct State {
        /// Stages in line order; the first is the one running.
        var stages: [Stage] = []
        /// Jobs queued in stages that have not started.
        var waitingCount = 0
        /// True while the reading thread is parked on `backlogCleared`.
        var readerParked = false
    }

    private enum Decision { case runHere, startOnWorker, queued }

    private let state = Mutex(State())
    private let workers: DispatchQueue
    private let unfinished = DispatchGroup()
    private let backlogCleared = DispatchSemaphore(value: 0)
    private let maxWaiting: Int

    init(workers: DispatchQueue, maxWaiting: Int) {
        precondition(maxWaiting >= 1)
        self.workers = workers
        self.maxWaiting = maxWaiting
    }

    /// Schedules a request. Returns true when the caller must run it now, on
    /// this thread (`job` is then dropped); otherwise `job` runs on a worker
    /// once every request it must follow is done. `inputIsIdle` says whether
    /// no more input is waiting, for `.inlineWhenIdle`.
    func schedule(_ access: StateAccess, _ requested: Placement, inputIsIdle: () -> Bool = { false },
                  _ job: @escaping @Sendable () -> Void) -> Bool {
        let idleInput = requested == .inlineWhenIdle && inputIsIdle()
        let decision: Decision = state.withLock { state in
            let placement: Placement = switch requested {
            case .inlineWhenIdle: idleInput && state.stages.isEmpty ? .inline : .worker
            case let other: other
            }
            switch access {
            case .none:
                return placement == .inline ? .runHere : .startOnWorker
            case .reads:
                let readsRunning = state.stages.count == 1 && !state.stages[0].isWrite
                if state.stages.isEmpty || readsRunning {
                    if placement == .inline { return .runHere }
                    if state.stages.isEmpty { state.stages.append(Stage(isWrite: false)) }
                    state.stages[0].running += 1
                    return .startOnWorker
                }
                if state.stages[state.stages.count - 1].isWrite { state.stages.append(Stage(isWrite: false)) }
                state.stages[state.stages.count - 1].waiting.append(job)
                return queued(&state)
            case .writes:
                if state.stages.isEmpty {
                    if placement == .inline { return .runHere }
                    state.stages.append(Stage(isWrite: true, running: 1))
                    return .startOnWorker
                }
                state.stages.append(Stage(isWrite: true, waiting: [job]))
                return queued(&state)
            }
        }
        switch decision {
        case .runHere:
            return true
        case .startOnWorker:
            start(job, inStage: access != .none)
        case .queued:
            waitWhileBacklogged()
        }
        return false
    }

    /// Counts a job just queued as unfinished. This happens under the lock that
    /// queued it: once that is released, the job ahead of it may end and start
    /// it, and it may end and leave the group before this thread would get
    /// to enter it.
    private func queued(_ state: inout State) -> Decision {
        state.waitingCount += 1
        unfinished.enter()
        return .queued
    }

    /// Waits until every queued and running job has finished.
    func waitUntilIdle() {
        unfinished.wait()
    }

    private func start(_ job: @escaping @Sendable () -> Void, inStage: Bool, entered: Bool = false) {
        if !entered { unfinished.enter() }
        workers.async { [self] in
            job()
            finished(inStage: inStage)
        }
    }

    /// A job is done: when it was its stage's last, the next stage starts.
    private func finished(inStage: Bool) {
        if inStage {
            let (next, wakeReader) = state.withLock { state -> ([@Sendable () -> Void], Bool) in
                state.stages[0].running -= 1
                guard state.stages[0].running == 0, state.stages[0].waiting.isEmpty else { return ([], false) }
                state.stages.removeFirst()
                guard !state.stages.isEmpty else { return ([], false) }
                let next = state.stages[0].waiting
                state.stages[0].waiting = []
                state.stages[0].running = next.count
                state.waitingCount -= next.count
                let wakeReader = state.readerParked && state.waitingCount <= maxWaiting / 2
                if wakeReader { state.readerParked = false }
                return (next, wakeReader)
            }
            if wakeReader { backlogCleared.signal() }
            // Queued jobs entered the group when they were queued.
            for job in next { start(job, inStage: true, entered: true) }
        }
        unfinished.leave()
    }

    private func waitWhileBacklogged() {
        let mustPark = state.withLock { state in
            guard state.waitingCount >= maxWaiting else { return false }
            state.readerParked = true
            return true
        }
        if mustPark { backlogCleared.wait() }
    }
}
