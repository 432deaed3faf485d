import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The catalog's regular expressions, compiled once per thread. Compiling a
/// pattern costs 10–25 µs against well under 1 µs to match it, but `Regex` is
/// not `Sendable`, so a compiled pattern is only ever used by the thread that
/// compiled it: entries are keyed by thread and pattern. A thread that ends
/// leaves its entries to the next thread given its id, which is safe because the
/// two never run at once; the table is cleared if it ever grows past its bound.
enum CompiledPatterns {
    private static let table = Mutex<[Key: CompiledPattern]>([:])
    private static let maximumEntries = 4096

    private struct Key: Hashable {
        let thread: UInt
        let pattern: String
    }

    /// The pattern compiled for the calling thread; nil when it does not compile.
    static func regex(_ pattern: String) -> Regex<AnyRegexOutput>? {
        let key = Key(thread: UInt(bitPattern: Int(bitPattern: pthread_self())), pattern: pattern)
        if let cached = table.withLock({ $0[key] }) { return cached.regex }
        let compiled = CompiledPattern(regex: try? Regex(pattern))
        table.withLock { entries in
            if entries.count >= maximumEntries { entries.removeAll() }
            entries[key] = compiled
        }
        return compiled.regex
    }
}

/// A compiled pattern in the table. `@unchecked Sendable`: the table hands it
/// only to the thread that compiled it (see `CompiledPatterns`).
private final class CompiledPattern: @unchecked Sendable {
    let regex: Regex<AnyRegexOutput>?

    init(regex: Regex<AnyRegexOutput>?) {
        self.regex = regex
    }
}
