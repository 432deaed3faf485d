/// A digit trie over every brand's prefix entries.
///
/// A range is stored as the few trie nodes that cover it (`BrandPrefix.forEachCoveringPrefix`),
/// each remembering the entry's precedence: its length decides when a number has
/// matched it in full, and its length, kind and width decide which match wins.
struct BrandTrie: Sendable {
    /// An entry ending at a node: every number that reaches the node and has at least
    /// `precedence.length` digits matches it.
    struct Terminal: Sendable {
        let brandIndex: Int
        /// The entry's precedence, not the entry: a terminal holds no digits, so the
        /// walk copies matches without retaining anything.
        let precedence: BrandPrefix.Precedence

        init(brandIndex: Int, prefix: BrandPrefix) {
            self.brandIndex = brandIndex
            self.precedence = prefix.precedence
        }

        /// Precedence of the entries, then table order between brands.
        func wins(over other: Terminal) -> Bool {
            if precedence.ranks(before: other.precedence) { return true }
            if other.precedence.ranks(before: precedence) { return false }
            return brandIndex < other.brandIndex
        }
    }

    struct Node: Sendable {
        var terminals: [Terminal] = []
        /// Brands of the terminals strictly below this node.
        var brandsBelow = BrandSet()
    }

    /// The result of walking a number's digits down the trie.
    struct Walk {
        /// The brand of the winning entry among those matched in full.
        let winner: Int?
        /// Brands that the number or a continuation of it could be detected as.
        let possibleBrands: BrandSet
    }

    private var nodes = [Node()]
    /// Node `n`'s child for digit `d` at `10 * n + d`, -1 where there is none: one
    /// array for the whole trie rather than one per node.
    private var children = [Int32](repeating: -1, count: 10)

    /// `prefixLists[i]` holds the entries of brand `i`.
    init(prefixLists: [[BrandPrefix]]) {
        for (brandIndex, prefixes) in prefixLists.enumerated() {
            for prefix in prefixes {
                let terminal = Terminal(brandIndex: brandIndex, prefix: prefix)
                prefix.forEachCoveringPrefix { path in nodes[insert(path)].terminals.append(terminal) }
            }
        }
        // A child is always added after its parent, so going backwards every node's
        // children are complete before the node itself.
        for index in nodes.indices.reversed() {
            var below = BrandSet()
            for child in children[10 * index ..< 10 * index + 10] where child >= 0 {
                below.formUnion(nodes[Int(child)].brandsBelow)
                for terminal in nodes[Int(child)].terminals { below.insert(terminal.brandIndex) }
            }
            nodes[index].brandsBelow = below
        }
    }

    private mutating func insert(_ path: [UInt8]) -> Int {
        var index = 0
        for digit in path {
            let child = children[10 * index + Int(digit)]
            if child >= 0 {
                index = Int(child)
            } else {
                nodes.append(Node())
                children.append(contentsOf: repeatElement(-1, count: 10))
                children[10 * index + Int(digit)] = Int32(nodes.count - 1)
                index = nodes.count - 1
            }
        }
        return index
    }

    func walk(_ digits: [UInt8]) -> Walk {
        walk(digits, typedCount: digits.count)
    }

    /// The walk along `digits`, the first of `typedCount` digits typed (as many
    /// as the trie is deep, or all of them).
    func walk<Digits: RandomAccessCollection<UInt8>>(_ digits: Digits, typedCount: Int) -> Walk where Digits.Index == Int {
        var index = 0
        var winner: Terminal? = nil
        var pending = BrandSet()
        var depth = 0
        var consumedEveryDigit = true
        while true {
            for terminal in nodes[index].terminals {
                if terminal.precedence.length > typedCount {
                    pending.insert(terminal.brandIndex)
                } else if winner.map({ terminal.wins(over: $0) }) ?? true {
                    winner = terminal
                }
            }
            guard depth < digits.count else { break }
            let child = children[10 * index + Int(digits[depth])]
            guard child >= 0 else {
                consumedEveryDigit = false
                break
            }
            index = Int(child)
            depth += 1
        }
        var possible = pending
        if consumedEveryDigit { possible.formUnion(nodes[index].brandsBelow) }
        if let winner { possible.insert(winner.brandIndex) }
        return Walk(winner: winner?.brandIndex, possibleBrands: possible)
    }
}
