@testable import CheckoutCore
import Testing

/// BrandSet answers as a `Set<Int>` of the same indices would, and lists them in ascending order.
@Suite("Brand sets")
struct BrandSetTests {
    static let memberLists: [[Int]] = [[], [0], [63], [0, 63], [5, 3, 1], Array(0..<64), [12, 12, 7], [40, 2, 33, 2]]

    @Test(arguments: memberLists)
    func behavesAsASetOfItsIndices(_ members: [Int]) {
        var set = BrandSet()
        for member in members { set.insert(member) }
        let reference = Set(members)
        #expect(Array(set) == reference.sorted())
        #expect(set.isEmpty == reference.isEmpty)
        for index in -1...64 {
            #expect(set.contains(index) == reference.contains(index), "\(index)")
        }
    }

    @Test func unionHoldsTheMembersOfBoth() {
        for first in Self.memberLists {
            for second in Self.memberLists {
                var union = BrandSet()
                var other = BrandSet()
                for member in first { union.insert(member) }
                for member in second { other.insert(member) }
                union.formUnion(other)
                #expect(Array(union) == Set(first + second).sorted())
            }
        }
    }
}
