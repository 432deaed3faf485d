#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Random bytes from the operating system's cryptographically secure generator,
/// through `arc4random_buf(3)`: on Linux (glibc 2.36 and later, which the
/// binary needs anyway) that is one `getrandom(2)` call for the whole request.
///
/// The bytes are fetched 4 KiB at a time into a pool and each is handed out once,
/// then overwritten in the pool. An encryption draws 96 bytes (a nonce, a key and
/// an IV); drawing them with a system call each profiled at 3% of an
/// encryption's CPU, mostly the kernel setting up its generator per call.
/// (`getentropy(3)`, used before, stops at 256 bytes: sixteen calls per refill.)
///
/// Each thread has a pool of its own, so encryptions running at once on two
/// workers share nothing here: one pool behind a lock, taken three times per
/// encryption, passed the lock's and the pool's cache lines between the CPUs
/// (it was seldom contended); a pool per thread measured 3–4% more pipelined
/// encryptions. A thread's pool is zeroed and freed when the thread exits.
/// checkoutd never forks, so no two processes can share a pool's contents.
enum SecureRandom {
    static func bytes(_ count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            currentThreadPool().pointee.take(into: UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
    }

    /// The calling thread's pool, made on its first draw.
    private static func currentThreadPool() -> UnsafeMutablePointer<RandomPool> {
        if let existing = pthread_getspecific(poolKey) {
            return existing.assumingMemoryBound(to: RandomPool.self)
        }
        let pool = UnsafeMutablePointer<RandomPool>.allocate(capacity: 1)
        pool.initialize(to: RandomPool(capacity: 4096, source: systemFill))
        guard pthread_setspecific(poolKey, pool) == 0 else { fatalError("pthread_setspecific failed") }
        return pool
    }

    /// The thread-specific slot of each thread's pool; its destructor zeroes and
    /// frees the pool of a thread that exits.
    private static let poolKey: pthread_key_t = {
        var key = pthread_key_t()
        let created = pthread_key_create(&key) { pool in
            #if canImport(Darwin)
            let pool = pool.assumingMemoryBound(to: RandomPool.self)
            #else
            guard let pool = pool?.assumingMemoryBound(to: RandomPool.self) else { return }
            #endif
            pool.deinitialize(count: 1)
            pool.deallocate()
        }
        guard created == 0 else { fatalError("pthread_key_create failed: \(created)") }
        return key
    }()

    private static func systemFill(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let start = buffer.baseAddress else { return }
        #if canImport(Musl)
        // musl has no arc4random_buf; getentropy(3) fills at most 256 bytes a call.
        var filled = 0
        while filled < buffer.count {
            let count = min(256, buffer.count - filled)
            guard getentropy(start + filled, count) == 0 else { fatalError("getentropy failed: errno \(errno)") }
            filled += count
        }
        #else
        arc4random_buf(start, buffer.count)
        #endif
    }
}

/// Bytes from `source`, fetched `capacity` at a time and handed out in order,
/// each exactly once: a taken byte is zeroed in the pool at once.
///
/// `@unchecked Sendable`: it owns its storage, and `SecureRandom` only reaches it
/// from the one thread whose pool it is.
struct RandomPool: ~Copyable, @unchecked Sendable {
    private let storage: UnsafeMutableRawBufferPointer
    private var next: Int
    private let source: @Sendable (UnsafeMutableRawBufferPointer) -> Void

    init(capacity: Int, source: @escaping @Sendable (UnsafeMutableRawBufferPointer) -> Void) {
        precondition(capacity > 0)
        storage = .allocate(byteCount: capacity, alignment: 8)
        storage.initializeMemory(as: UInt8.self, repeating: 0)
        next = capacity
        self.source = source
    }

    deinit {
        storage.initializeMemory(as: UInt8.self, repeating: 0)
        storage.deallocate()
    }

    mutating func take(into destination: UnsafeMutableRawBufferPointer) {
        var filled = 0
        while filled < destination.count {
            if next == storage.count {
                source(storage)
                next = 0
            }
            let count = min(destination.count - filled, storage.count - next)
            let taken = UnsafeMutableRawBufferPointer(rebasing: storage[next..<(next + count)])
            UnsafeMutableRawBufferPointer(rebasing: destination[filled..<(filled + count)]).copyMemory(from: UnsafeRawBufferPointer(taken))
            taken.initializeMemory(as: UInt8.self, repeating: 0)
            next += count
            filled += count
        }
    }
}
