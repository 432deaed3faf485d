import Dispatch
import Foundation
import JSONRPC
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

#if os(Linux)
@Suite struct ProtocolWriterTests {
    /// A pipe with a 64 KiB buffer (the kernel's default), and a writer on its write end.
    private final class Output: Sendable {
        let readEnd: Int32
        let writeEnd: Int32
        let writer: ProtocolWriter

        init() {
            var ends: [Int32] = [0, 0]
            precondition(pipe(&ends) == 0)
            readEnd = ends[0]
            writeEnd = ends[1]
            writer = ProtocolWriter(descriptor: writeEnd)
        }

        deinit {
            close(readEnd)
            close(writeEnd)
        }

        /// Reads until `count` bytes came (or the pipe ends).
        func read(_ count: Int) -> [UInt8] {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while bytes.count < count {
                let got = buffer.withUnsafeMutableBytes { Glibc.read(readEnd, $0.baseAddress, min($0.count, count - bytes.count)) }
                if got <= 0 { break }
                bytes += buffer[0..<got]
            }
            return bytes
        }
    }

    /// Runs `body` on a thread of its own; the semaphore is signalled when it returns.
    private static func onAnotherThread(_ body: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let returned = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            body()
            returned.signal()
        }
        return returned
    }

    @Test func aFrameHandedInWhileAnotherIsWrittenGoesOutWholeAfterItAndItsThreadGoesOn() {
        let output = Output()
        let first = [UInt8](repeating: UInt8(ascii: "a"), count: 200_000) + [0x0A]
        // The pipe holds 64 KiB: the first frame's writer blocks until somebody reads.
        let firstReturned = Self.onAnotherThread { output.writer.write(first) }
        #expect(firstReturned.wait(timeout: .now() + 0.2) == .timedOut)
        let second = Array("second\n".utf8)
        // Handed over: its thread goes on while the first frame still waits for the reader.
        let secondReturned = Self.onAnotherThread { output.writer.write(second) }
        #expect(secondReturned.wait(timeout: .now() + 5) == .success)
        let written = output.read(first.count + second.count)
        #expect(written == first + second)
        #expect(firstReturned.wait(timeout: .now() + 10) == .success)
    }

    @Test func framesFromManyThreadsNeverInterleave() {
        let output = Output()
        let frames = (0..<64).map { index in Array("\(String(repeating: "x", count: 3000 + index))\(index)\n".utf8) }
        let reader = DispatchQueue(label: "reader")
        let total = frames.reduce(0) { $0 + $1.count }
        let read = Mutex<[UInt8]>([])
        let done = DispatchSemaphore(value: 0)
        reader.async {
            let bytes = output.read(total)
            read.withLock { $0 = bytes }
            done.signal()
        }
        DispatchQueue.concurrentPerform(iterations: frames.count) { index in
            output.writer.write(frames[index])
        }
        done.wait()
        let lines = read.withLock { $0 }.split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { Array($0) + [0x0A] }
        #expect(lines.count == frames.count)
        #expect(Set(lines) == Set(frames))
    }

    @Test func aThreadWaitsForRoomWhenAMegabyteIsQueued() {
        let output = Output()
        let block = [UInt8](repeating: UInt8(ascii: "b"), count: 300_000) + [0x0A]
        // One thread blocks writing (nobody reads), the next queues past the limit, the third must wait.
        let blockReturned = Self.onAnotherThread { output.writer.write(block) }
        #expect(blockReturned.wait(timeout: .now() + 0.2) == .timedOut)
        let big = [UInt8](repeating: UInt8(ascii: "c"), count: ProtocolWriter.queueLimit) + [0x0A]
        let bigReturned = Self.onAnotherThread { output.writer.write(big) }
        #expect(bigReturned.wait(timeout: .now() + 5) == .success)
        let thirdReturned = Self.onAnotherThread { output.writer.write(Array("third\n".utf8)) }
        #expect(thirdReturned.wait(timeout: .now() + 0.2) == .timedOut)
        let written = output.read(block.count + big.count + 6)
        #expect(written == block + big + Array("third\n".utf8))
        #expect(thirdReturned.wait(timeout: .now() + 10) == .success)
        #expect(blockReturned.wait(timeout: .now() + 10) == .success)
    }

    @Test func afterTheHostIsGoneEveryWriteFails() {
        let output = Output()
        close(output.readEnd)
        signal(SIGPIPE, SIG_IGN)
        #expect(!output.writer.write(Array("lost\n".utf8)))
        #expect(output.writer.isClosed)
        #expect(!output.writer.write(Array("later\n".utf8)))
    }
}
#endif
