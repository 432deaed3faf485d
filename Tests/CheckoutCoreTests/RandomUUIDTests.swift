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

    @Test func freshUUIDsDiffer() {
        let uuids = Set((0..<1000).map { _ in RandomUUID.make() })
        #expect(uuids.count == 1000)
    }
}
