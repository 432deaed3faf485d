import Dispatch
@testable import JSONRPC
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Many threads writing lines at once through one CoalescedOutput: every line
/// reaches the pipe exactly once and whole.
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
                output.write(Array("{\"thread\":\(thread),\"line\":\(line),\"padding\":\"\(String(repeating: "x", count: line % 97))\"}\n".utf8))
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
}
