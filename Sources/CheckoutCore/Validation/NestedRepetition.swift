/// Finds, in a regular expression, a group repeated without bound that itself
/// holds a repetition without bound: `(a+)+`, `(\w*\s?)*`, `(x+y){2,}`. A
/// backtracking engine (Swift's `Regex` is one) tries every way of sharing the
/// characters among the inner and the outer repetition before it gives up, so a
/// value of a few dozen characters that almost matches takes exponential time:
/// `^(a+)+$` held the whole service for 37 s on 20 `a`s and a `!`. The catalog
/// is operator data, and checkoutd refuses such a pattern when it loads it.
///
/// A repetition is unbounded when its quantifier is `*`, `+` or `{n,}`; one made
/// possessive (`a++`, `a*+`) or put in an atomic group (`(?>a+)`) never gives
/// characters back, so it does not count. This is the "star height" rule of
/// regular-expression linters: it refuses some patterns that are safe
/// (`( [a-z]+)*`, where the space keeps the repetitions apart; `( [a-z]++)*` says
/// the same and is taken), and does not find every slow one: a bounded range
/// repeated without bound (`(a{1,2})+`) or alternatives that match the same
/// text (`(a|a)+`) still backtrack exponentially.
enum NestedRepetition {
    /// A description of the first group repeated without bound around an unbounded
    /// repetition in `pattern` (its text, e.g. `(a+)+`); nil when there is none.
    /// The pattern is read as the syntax of `Regex` has it; text that is not a
    /// valid pattern is read as far as it goes.
    static func first(in pattern: String) -> String? {
        let characters = Array(pattern)
        /// Per open group: where it starts, whether it is atomic, whether it holds an unbounded repetition.
        var groups: [(start: Int, isAtomic: Bool, holdsUnbounded: Bool)] = [(0, false, false)]
        var index = 0
        while index < characters.count {
            switch characters[index] {
            case "\\":
                index = afterEscape(characters, index)
            case "[":
                index = afterClass(characters, index)
            case "(":
                let isAtomic = characters[index...].starts(with: "(?>")
                groups.append((index, isAtomic, false))
                index += 1
                continue
            case ")":
                guard groups.count > 1 else { index += 1; continue }
                let group = groups.removeLast()
                let atomHoldsUnbounded = group.holdsUnbounded && !group.isAtomic
                index += 1
                let quantifier = readQuantifier(characters, index)
                if quantifier.isUnbounded && atomHoldsUnbounded {
                    return String(characters[group.start..<quantifier.end])
                }
                index = quantifier.end
                groups[groups.count - 1].holdsUnbounded =
                    groups[groups.count - 1].holdsUnbounded || atomHoldsUnbounded || quantifier.isUnbounded
                continue
            default:
                index += 1
            }
            let quantifier = readQuantifier(characters, index)
            index = quantifier.end
            if quantifier.isUnbounded { groups[groups.count - 1].holdsUnbounded = true }
        }
        return nil
    }

    /// The quantifier at `index`, if any: where it ends (past a lazy `?` or a
    /// possessive `+`), and whether it repeats without bound and may give back.
    private static func readQuantifier(_ characters: [Character], _ index: Int) -> (end: Int, isUnbounded: Bool) {
        guard index < characters.count else { return (index, false) }
        var end = index
        var unbounded = false
        switch characters[index] {
        case "*", "+":
            unbounded = true
            end += 1
        case "?":
            end += 1
        case "{":
            guard let (close, hasUpperBound) = braceQuantifier(characters, index) else { return (index, false) }
            unbounded = !hasUpperBound
            end = close + 1
        default:
            return (index, false)
        }
        if end < characters.count, characters[end] == "?" {
            end += 1
        } else if end < characters.count, characters[end] == "+" {
            // Possessive: what it took is never given back to the rest of the pattern.
            return (end + 1, false)
        }
        return (end, unbounded)
    }

    /// `{n}`, `{n,}`, `{n,m}` or `{,m}` at `index`: where its `}` is and whether it
    /// names an upper bound; nil when the brace is a literal.
    private static func braceQuantifier(_ characters: [Character], _ index: Int) -> (Int, Bool)? {
        var position = index + 1
        var lower = 0, upper = 0, sawComma = false
        while position < characters.count, characters[position] != "}" {
            let character = characters[position]
            if character == "," && !sawComma {
                sawComma = true
            } else if character.isASCII, character.isNumber {
                if sawComma { upper += 1 } else { lower += 1 }
            } else {
                return nil
            }
            position += 1
        }
        guard position < characters.count, lower + upper > 0 else { return nil }
        return (position, !sawComma || upper > 0)
    }

    /// Past the escape at `index`: `\d`, `\.`, and `\p{…}`, `\x{…}`, `\u{…}`, `\N{…}` with their braces.
    private static func afterEscape(_ characters: [Character], _ index: Int) -> Int {
        var position = index + 2
        if position < characters.count, characters[position] == "{",
           "pPxuNk".contains(characters[index + 1]) {
            while position < characters.count, characters[position] != "}" { position += 1 }
            position += 1
        }
        return min(position, characters.count)
    }

    /// Past the character class that opens at `index`, nested classes (`[[:alpha:]]`,
    /// `[a-z--[aeiou]]`) and escapes included; a `]` first in a class is a member.
    private static func afterClass(_ characters: [Character], _ index: Int) -> Int {
        var depth = 0
        var position = index
        while position < characters.count {
            switch characters[position] {
            case "\\":
                position = afterEscape(characters, position)
                continue
            case "[":
                depth += 1
                position += 1
                if position < characters.count, characters[position] == "^" { position += 1 }
                if position < characters.count, characters[position] == "]" { position += 1 }
                continue
            case "]":
                depth -= 1
                if depth == 0 { return position + 1 }
            default:
                break
            }
            position += 1
        }
        return characters.count
    }
}
