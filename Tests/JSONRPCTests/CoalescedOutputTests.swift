import Dispatch
@testable import JSONRPC
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Many threads writing lines at once through one CoalescedOutput: every line
/// reaches the pipe exactly once and whole. Lines are held while queued work
/// has not started, and written when it has all started and finished.
@Suite struct CoalescedOutputTests {
    @Test func everyLineArrivesOnceAndWhole() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        let output = CoalescedOutput(writer: ProtocolWriter(descriptor: ends[1]))
        let threads = 8
        let linesPerThread = 2000
        let collected = Mutex<[UInt8]>([])
        let reader = DispatchSemaphore(value: 0)
        let readEnd = ends[0]
        Thread.detach {
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                collected.withLock { $0.append(contentsOf: buffer[0..<count]) }
            }
            reader.signal()
        }
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for line in 0..<linesPerThread {
                output.deliver(Array("{\"thread\":\(thread),\"line\":\(line),\"padding\":\"\(String(repeating: "x", count: line % 97))\"}\n".utf8))
            }
        }
        close(ends[1])
        reader.wait()
        close(readEnd)

        let lines = collected.withLock { String(decoding: $0, as: UTF8.self) }.split(separator: "\n")
        #expect(lines.count == threads * linesPerThread)
        var seen = Set<String>()
        for line in lines {
            #expect(line.hasPrefix("{\"thread\":") && line.hasSuffix("\"}"), "a line was cut or interleaved: \(line)")
            #expect(seen.insert(String(line)).inserted, "a line arrived twice: \(line)")
        }
    }

    @Test func linesWaitWhileQueuedWorkHasNotStarted() throws {
        let pipe = OutputPipe()
        let output = pipe.output
        output.deliver(Array("alone\n".utf8))
        #expect(pipe.available() == Array("alone\n".utf8), "with no work queued a line is written at once")

        output.workQueued()
        output.workQueued()
        output.deliver(Array("first\n".utf8))
        #expect(pipe.available().isEmpty, "held while two items wait to start")
        output.workStarted()
        output.workFinished()
        #expect(pipe.available().isEmpty, "held while one item waits to start")
        output.workStarted()
        #expect(pipe.available().isEmpty, "held until an item finishes")
        output.deliver(Array("second\n".utf8))
        #expect(pipe.available() == Array("first\nsecond\n".utf8), "written in one burst once nothing waits to start")
        output.workFinished()
        #expect(pipe.available().isEmpty)
    }

    @Test func aFinishedItemWritesWhatOthersLeftHeld() throws {
        let pipe = OutputPipe()
        let output = pipe.output
        output.workQueued()
        output.deliver(Array("held\n".utf8)) // say, a cancellation answered by the reading thread
        #expect(pipe.available().isEmpty)
        output.workStarted()
        output.workFinished() // a notification: it delivers nothing
        #expect(pipe.available() == Array("held\n".utf8))
    }

    @Test func heldLinesAreWrittenOnceTheyReachTheLimit() throws {
        let pipe = OutputPipe()
        let output = pipe.output
        output.workQueued()
        let line = Array((String(repeating: "x", count: 1023) + "\n").utf8)
        var delivered: [UInt8] = []
        while delivered.count + line.count < CoalescedOutput.holdLimit {
            output.deliver(line)
            delivered += line
        }
        #expect(pipe.available().isEmpty)
        output.deliver(line)
        delivered += line
        #expect(pipe.available() == delivered)
    }

    /// The writer recycles the buffers it empties: bursts of many sizes, small
    /// after large and around the hold limit, each arrive whole and alone.
    @Test(arguments: [[1, 100, 5000, 16_000, 17_000, 40_000, 10, 3], [40_000, 1, 40_000, 2]])
    func burstAfterBurstArrivesWhole(sizes: [Int]) throws {
        let pipe = OutputPipe()
        let output = pipe.output
        for size in sizes {
            output.workQueued()
            var burst: [UInt8] = []
            while burst.count < size {
                let line = Array("\(size)-\(burst.count)\n".utf8)
                output.deliver(line)
                burst += line
            }
            output.workStarted()
            output.workFinished()
            #expect(pipe.available() == burst, "burst of \(size) bytes")
        }
    }
}

/// A CoalescedOutput writing into a pipe whose other end the test reads without blocking.
final class OutputPipe {
    let output: CoalescedOutput
    private let ends: [Int32]

    init() {
        var ends: [Int32] = [0, 0]
        precondition(Glibc.pipe(&ends) == 0)
        self.ends = ends
        output = CoalescedOutput(writer: ProtocolWriter(descriptor: ends[1]))
    }

    deinit {
        close(ends[0])
        close(ends[1])
    }

    /// The bytes waiting in the pipe.
    func available() -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: 65536)
        var received: [UInt8] = []
        while true {
            var poller = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 0) == 1 else { return received }
            let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
            guard count > 0 else { return received }
            received += buffer[0..<count]
        }
    }
}
