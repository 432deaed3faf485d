/// Where a `Dispatcher` sends the responses of work that completes on worker
/// threads. The sink is also told when such work is queued, started and
/// finished, so that one writing to a pipe can hold responses while more work
/// is waiting to start and write them in one burst (see `CoalescedOutput`).
public protocol DeferredResponses: Sendable {
    /// A whole response line (or batch line), newline included.
    func deliver(_ line: [UInt8])
    func workQueued()
    func workStarted()
    /// Called after the work item has delivered whatever it had to deliver.
    func workFinished()
}

extension DeferredResponses {
    public func workQueued() {}
    public func workStarted() {}
    public func workFinished() {}
}

/// A sink that hands each line to a closure as it comes.
struct DeliverEachLine: DeferredResponses {
    let handler: @Sendable ([UInt8]) -> Void

    func deliver(_ line: [UInt8]) { handler(line) }
}
