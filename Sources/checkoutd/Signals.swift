import Dispatch
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What a crash leaves behind: the exit status, and nothing else.
///
/// The Swift runtime's backtracer catches the crash signals and prints each
/// register with the bytes it points to, on stderr: with card numbers and CVCs of
/// requests in flight (and, after a SIGQUIT, the process could go on serving).
/// checkoutd gives those signals back their default action, so a crash or a
/// SIGQUIT ends the process at once, by the signal, printing nothing; and keeps
/// no core file, which would hold the same memory.
enum CrashReports {
    /// The signals the backtracer takes over (SIGQUIT is its "print a backtrace" request).
    static let signals = [SIGQUIT, SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV]

    /// Call first in `main`, before a request's bytes can be in memory.
    static func silence() {
        for number in signals where !isIgnored(number) { signal(number, SIG_DFL) }
        var limit = rlimit()
        #if os(Linux)
        let core = __rlimit_resource_t(RLIMIT_CORE.rawValue)
        #else
        let core = RLIMIT_CORE
        #endif
        if getrlimit(core, &limit) == 0 {
            limit.rlim_cur = 0
            _ = setrlimit(core, &limit)
        }
    }
}

/// SIGTERM, SIGINT and SIGHUP, taken by a thread of checkoutd's own with
/// `sigwait`, so that what they do runs as ordinary code, not in a signal handler.
///
/// Each asks the connection to stop as `service.shutdown` does: it stops reading
/// after the line in hand (at once when it waits for input), answers what it
/// read and exits 0. A signal the process was started with ignored (`nohup`
/// ignores SIGHUP, a shell's background job SIGINT) stays ignored.
struct StopSignals: Sendable {
    /// The signals taken, by number.
    let numbers: [Int32]

    static let candidates = [SIGTERM, SIGINT, SIGHUP]

    /// Blocks the signals in this thread, and so in every thread started later,
    /// which inherit its mask: call it before the process starts any thread, or
    /// one that did not block them could take a signal's default action.
    static func block() -> StopSignals {
        let numbers = candidates.filter { !isIgnored($0) }
        var set = Self.set(of: numbers)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        return StopSignals(numbers: numbers)
    }

    /// Calls `body` with each of the signals that arrives, on a thread of its own,
    /// for the rest of the process's life. A signal that came since `block` is
    /// taken at once.
    func watch(_ body: @escaping @Sendable (Int32) -> Void) {
        guard !numbers.isEmpty else { return }
        let numbers = self.numbers
        // A queue of its own is served by libdispatch's overcommitting pool, so the
        // thread this blocks for good is one it starts for it; and libdispatch's
        // threads block every signal, which sigwait needs.
        DispatchQueue(label: "checkoutd.signals").async {
            var set = Self.set(of: numbers)
            while true {
                var number: Int32 = 0
                if sigwait(&set, &number) == 0 { body(number) }
            }
        }
    }

    static func name(of number: Int32) -> String {
        switch number {
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        case SIGHUP: "SIGHUP"
        default: "signal \(number)"
        }
    }

    private static func set(of numbers: [Int32]) -> sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for number in numbers { sigaddset(&set, number) }
        return set
    }
}

/// True when the signal's action is to be ignored (as the process was started, or set since).
private func isIgnored(_ number: Int32) -> Bool {
    var current = sigaction()
    guard sigaction(number, nil, &current) == 0 else { return false }
    #if canImport(Darwin)
    let handler = current.__sigaction_u.__sa_handler
    #else
    let handler = current.__sigaction_handler.sa_handler
    #endif
    return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
}
