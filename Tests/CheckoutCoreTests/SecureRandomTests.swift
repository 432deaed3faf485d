@testable import CheckoutCore
import Dispatch
import Synchronization
import Testing

/// SecureRandom gives whole buffers of the system generator's bytes
/// pool that hands each byte out once.
@Suite struct SecureRandomTests {
    @Test(arguments: [0, 1, 7, 16, 80, 257, 4096])
    func givesExactlyTheBytesAskedFor(_ count: Int) {
        #expect(SecureRandom.bytes(count).count == count)
    }

    @Test func drawsDoNotRepeat() {
        let draws = Set((0..<1000).map { _ in SecureRandom.bytes(16) })
        #expect(draws.count == 1000)
    }

    /// Each thread draws from a pool of its own: threads drawing at once must
    /// still never be handed the same bytes.
    @Test func drawsOnManyThreadsAtOnceDoNotRepeat() {
        let draws = Mutex<[[UInt8]]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let mine = (0..<500).map { _ in SecureRandom.bytes(16) }
            draws.withLock { $0 += mine }
        }
        let all = draws.withLock { $0 }
        #expect(all.count == 4000)
        #expect(Set(all).count == 4000)
    }

    /// A buffer left partly unfilled would show as missing values or a pile of zeros.
    @Test func everyByteValueTurnsUpInALargeDraw() {
        var seen = [Int](repeating: 0, count: 256)
        for byte in SecureRandom.bytes(65_536) { seen[Int(byte)] += 1 }
        #expect(seen.allSatisfy { $0 > 0 })
        // Each value is expected 256 times; 512 is more than 16 standard deviations away.
        #expect(seen.allSatisfy { $0 < 512 })
    }
}
