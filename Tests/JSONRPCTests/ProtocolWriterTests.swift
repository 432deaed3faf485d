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

        /// Reads `count` bytes on a thread of its own; the function returned
        /// waits for them.
        func readInBackground(_ count: Int) -> @Sendable () -> [UInt8] {
            let read = Mutex<[UInt8]>([])
            let done = DispatchSemaphore(value: 0)
            DispatchQueue(label: "reader").async {
                let bytes = self.read(count)
                read.withLock { $0 = bytes }
                done.signal()
            }
            return {
                done.wait()
                return read.withLock { $0 }
            }
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
        let read = output.readInBackground(frames.reduce(0) { $0 + $1.count })
        DispatchQueue.concurrentPerform(iterations: frames.count) { index in
            output.writer.write(frames[index])
        }
        let lines = read().split(separator: 0x0A, omittingEmptySubsequences: false).dropLast().map { Array($0) + [0x0A] }
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

    @Test func aLineWrittenInPartsGoesOutWholeAndFramesHandedInMeanwhileFollowIt() {
        let output = Output()
        let parts = (0..<8).map { index in Array(String(repeating: "\(index)", count: 20_000).utf8) }
        let others = (0..<4).map { index in Array("other \(index)\n".utf8) }
        let read = output.readInBackground(parts.reduce(1) { $0 + $1.count } + others.reduce(0) { $0 + $1.count })
        let succeeded = output.writer.writeLine { part in
            for (index, bytes) in parts.enumerated() {
                part(bytes)
                if index < others.count {
                    // Handed in by another thread in the middle of the line: it returns at once.
                    let returned = Self.onAnotherThread { output.writer.write(others[index]) }
                    #expect(returned.wait(timeout: .now() + 5) == .success)
                }
            }
            part([0x0A])
        }
        #expect(succeeded)
        let expected: [UInt8] = Array(parts.joined()) + [0x0A] + Array(others.joined())
        #expect(read() == expected)
    }

    @Test func partsHandedInFromSeveralThreadsInTheLinesOrderComeOutInThatOrder() {
        let output = Output()
        let parts = (0..<64).map { index in Array("[\(String(repeating: "p", count: 2000 + index))\(index)]".utf8) }
        let read = output.readInBackground(parts.reduce(1) { $0 + $1.count })
        // Each part is handed in by whichever thread comes next, under a lock that keeps the order.
        let next = Mutex(0)
        output.writer.writeLine { part in
            DispatchQueue.concurrentPerform(iterations: parts.count) { _ in
                next.withLock { index in
                    part(parts[index])
                    index += 1
                }
            }
            part([0x0A])
        }
        let expected: [UInt8] = Array(parts.joined()) + [0x0A]
        #expect(read() == expected)
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
