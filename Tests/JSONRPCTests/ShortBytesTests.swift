@testable import JSONRPC
import Testing

/// `ShortBytes.equal` answers what comparing byte by byte answers, for every
/// length its loads distinguish (and past them), with a difference at every position.
@Suite struct ShortBytesTests {
    @Test(arguments: 0...40)
    func equalRangesAreEqualAndAnyDifferentByteIsFound(_ count: Int) {
        let left = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for position in -1..<count {
            var right = left
            if position >= 0 { right[position] ^= 0x20 }
            let equal = left.withUnsafeBytes { l in
                right.withUnsafeBytes { r in ShortBytes.equal(l.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, r.baseAddress ?? UnsafeRawPointer(bitPattern: 1)!, count: count) }
            }
            #expect(equal == (position < 0), "length \(count), byte \(position) changed")
        }
    }
}
