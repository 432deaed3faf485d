import Foundation
import JSONRPC
import Testing
#if canImport(Glibc)
import Glibc
#endif

#if os(Linux)
@Suite struct StandardIOTests {
    /// F_GETPIPE_SZ, asked of the other end to see that the buffer is the pipe's.
    private static let getPipeSize: Int32 = 1032

    /// What an unprivileged process can have: the preferred size, or the system's maximum if lower.
    private static var grantable: Int {
        let maximum = (try? String(contentsOfFile: "/proc/sys/fs/pipe-max-size", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? StandardIO.preferredPipeBufferBytes
        return min(StandardIO.preferredPipeBufferBytes, maximum)
    }

    private static func withPipe(_ body: (_ read: Int32, _ write: Int32) -> Void) {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]); close(ends[1]) }
        body(ends[0], ends[1])
    }

    @Test func aPipeGetsThePreferredBufferOnBothEnds() {
        Self.withPipe { read, write in
            #expect(fcntl(read, Self.getPipeSize) == 65_536)
            #expect(StandardIO.enlargePipeBuffer(write) == Self.grantable)
            #expect(Int(fcntl(read, Self.getPipeSize)) == Self.grantable)
        }
    }

    @Test func aSmallerRequestLeavesTheBufferAsItIs() {
        Self.withPipe { read, write in
            #expect(StandardIO.enlargePipeBuffer(read, to: 4096) == 65_536)
            #expect(fcntl(write, Self.getPipeSize) == 65_536)
        }
    }

    @Test func aDescriptorThatIsNoPipeIsLeftAlone() {
        let file = open("/dev/null", O_WRONLY)
        defer { close(file) }
        #expect(StandardIO.enlargePipeBuffer(file) == nil)
        #expect(StandardIO.enlargePipeBuffer(-1) == nil)
    }
}
#endif
