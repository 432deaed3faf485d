/// A first-in first-out queue with amortised O(1) append and removal at the front.
struct FIFOQueue<Element: Sendable>: Sendable {
    private var storage: [Element] = []
    private var head = 0

    var first: Element? { head < storage.count ? storage[head] : nil }
    var isEmpty: Bool { head == storage.count }
    var count: Int { storage.count - head }

    mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Removes the front element; the storage is compacted once half of it is spent.
    mutating func removeFirst() {
        precondition(head < storage.count, "removeFirst on an empty queue")
        head += 1
        if head >= 32 && head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
    }
}
