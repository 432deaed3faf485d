import CheckoutCore
import Testing

@Suite struct RandomUUIDTests {
    @Test func hasTheVersion4TextForm() {
        for _ in 0..<200 {
            let uuid = RandomUUID.make()
            let groups = uuid.split(separator: "-", omittingEmptySubsequences: false)
            #expect(groups.map(\.count) == [8, 4, 4, 4, 12])
            #expect(uuid.allSatisfy { "0123456789abcdef-".contains($0) })
            #expect(groups[2].first == "4")
            #expect("89ab".contains(groups[3].first!))
        }
    }

    /// Each generated word gives its bytes lowest first; bytes 6 and 8 then take the
    /// version (0100) and variant (10) bits, as RFC 9562 §5.4 lays them out.
    @Test func writesTheBytesInOrderWithTheVersionAndVariantBits() {
        struct Words: RandomNumberGenerator {
            var words: [UInt64] = [0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210]
            mutating func next() -> UInt64 { words.removeFirst() }
        }
        var generator = Words()
        #expect(RandomUUID.make(using: &generator) == "efcdab89-6745-4301-9032-547698badcfe")
    }

    /// About one random UUID in 200 has digits that make a card number; those are drawn again.
    @Test func neverHoldsACardNumber() {
        for _ in 0..<5_000 {
            let uuid = RandomUUID.make()
            #expect(!EmbeddedCardNumber.isPresent(in: uuid), "\(uuid)")
        }
        struct Words: RandomNumberGenerator {
            // The first two words make 42424242-4242-42ab-8def-abcdefabcdef, whose first
            // twelve digits pass Luhn; the next two the UUID of the test above.
            var words: [UInt64] = [0xab42_4242_4242_4242, 0xefcd_abef_cdab_efcd, 0x0123_4567_89ab_cdef, 0xfedc_ba98_7654_3210]
            mutating func next() -> UInt64 { words.removeFirst() }
        }
        var generator = Words()
        #expect(RandomUUID.make(using: &generator) == "efcdab89-6745-4301-9032-547698badcfe")
    }

    @Test func freshUUIDsDiffer() {
        let uuids = Set((0..<1000).map { _ in RandomUUID.make() })
        #expect(uuids.count == 1000)
    }
}
