/// A digit trie over every brand's prefix entries.
///
/// A range is stored as the few trie nodes that cover it (`BrandPrefix.coveringPrefixes`),
/// each remembering the whole entry: the entry's own length decides when a number has
/// matched it in full, and its length, kind and width decide which match wins.
struct BrandTrie: Sendable {
    /// An entry ending at a node: every number that reaches the node and has at least
    /// `prefix.length` digits matches it.
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
        var children = [Int32](repeating: -1, count: 10)
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

    /// `prefixLists[i]` holds the entries of brand `i`.
    init(prefixLists: [[BrandPrefix]]) {
        for (brandIndex, prefixes) in prefixLists.enumerated() {
            for prefix in prefixes {
                for path in prefix.coveringPrefixes() {
                    nodes[insert(path)].terminals.append(Terminal(brandIndex: brandIndex, prefix: prefix))
                }
            }
        }
        for index in nodes.indices.reversed() {
            let children = nodes[index].children.map { $0 < 0 ? nil : nodes[Int($0)] }
            nodes[index].brandsBelow = children.reduce(into: BrandSet()) { brands, child in
                guard let child else { return }
                brands.formUnion(child.brandsBelow)
                for terminal in child.terminals { brands.insert(terminal.brandIndex) }
            }
        }
    }

    private mutating func insert(_ path: [UInt8]) -> Int {
        var index = 0
        for digit in path {
            let child = nodes[index].children[Int(digit)]
            if child >= 0 {
                index = Int(child)
            } else {
                nodes.append(Node())
                nodes[index].children[Int(digit)] = Int32(nodes.count - 1)
                index = nodes.count - 1
            }
        }
        return index
    }

    func walk(_ digits: [UInt8]) -> Walk {
        var index = 0
        var winner: Terminal? = nil
        var pending = BrandSet()
        var depth = 0
        var consumedEveryDigit = true
        while true {
            for terminal in nodes[index].terminals {
                if terminal.precedence.length > digits.count {
                    pending.insert(terminal.brandIndex)
                } else if winner.map({ terminal.wins(over: $0) }) ?? true {
                    winner = terminal
                }
            }
            guard depth < digits.count else { break }
            let child = nodes[index].children[Int(digits[depth])]
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
