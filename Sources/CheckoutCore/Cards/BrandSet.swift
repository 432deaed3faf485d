/// A set of brand indices in one machine word. The trie keeps one per node and
/// fills one per walk; as `Set<Int>` those were a hash table allocated on every
/// card number typed. A table therefore holds at most `capacity` brands.
struct BrandSet: Sendable, Hashable, Sequence {
    static let capacity = UInt64.bitWidth

    private var bits: UInt64 = 0

    init() {}

    var isEmpty: Bool { bits == 0 }

    func contains(_ index: Int) -> Bool {
        (0..<Self.capacity).contains(index) && bits & (1 << UInt64(index)) != 0
    }

    mutating func insert(_ index: Int) {
        precondition((0..<Self.capacity).contains(index), "a brand table holds at most \(Self.capacity) brands")
        bits |= 1 << UInt64(index)
    }

    mutating func formUnion(_ other: BrandSet) {
        bits |= other.bits
    }

    /// The indices in ascending order.
    func makeIterator() -> Iterator {
        Iterator(remaining: bits)
    }

    struct Iterator: IteratorProtocol {
        var remaining: UInt64

        mutating func next() -> Int? {
            guard remaining != 0 else { return nil }
            let index = remaining.trailingZeroBitCount
            remaining &= remaining - 1
            return index
        }
    }
}
