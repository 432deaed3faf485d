#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The sidecar file `PATH.key` that holds the store key, readable by its owner
/// only (mode 0600). It is created once, atomically: the key is written to a
/// private file made with `O_CREAT|O_EXCL`, then linked into place, so a reader
/// never sees a partial key; of two processes that create it at once, the one
/// whose link fails reads the other's.
struct StoreKeyFile {
    let path: String

    /// The key file beside a SQLite database: `PATH.key`.
    init(databasePath: String) {
        path = databasePath + ".key"
    }

    /// The key file `--store-key` names (PostgreSQL stores).
    init(keyPath: String) {
        path = keyPath
    }

    /// The key in the file; nil when there is no file.
    func load() throws(StoreError.Problem) -> StoreKey? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            throw .keyFileUnreadable(keyPath: path, reason: Self.lastError())
        }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: StoreKey.byteCount + 1)
        while bytes.count <= StoreKey.byteCount {
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR { continue }
                throw .keyFileUnreadable(keyPath: path, reason: Self.lastError())
            }
            if count == 0 { break }
            bytes += chunk[..<count]
        }
        guard let key = StoreKey(bytes: bytes) else { throw .keyFileMalformed(keyPath: path) }
        return key
    }

    /// The key in the file, or a fresh one written to a new file when there is none.
    func loadOrCreate() throws(StoreError.Problem) -> StoreKey {
        if let key = try load() { return key }
        let fresh = StoreKey.random()
        let draft = "\(path).\(getpid()).\(UInt64.random(in: 0 ... .max)).tmp"
        try create(fresh, at: draft)
        defer { unlink(draft) }
        if link(draft, path) != 0 {
            guard errno == EEXIST else { throw .keyFileNotCreated(keyPath: path, reason: Self.lastError()) }
            // Another process created it first: its key is the store's.
            guard let winner = try load() else { throw .keyFileMissing(keyPath: path) }
            return winner
        }
        syncDirectory()
        return fresh
    }

    /// Writes `key` to a new file at `draft`, mode 0600, and flushes it to disk.
    private func create(_ key: StoreKey, at draft: String) throws(StoreError.Problem) {
        let descriptor = open(draft, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .keyFileNotCreated(keyPath: path, reason: Self.lastError()) }
        defer { close(descriptor) }
        let bytes = key.bytes
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                let reason = Self.lastError()
                unlink(draft)
                throw .keyFileNotCreated(keyPath: path, reason: reason)
            }
            written += count
        }
        guard fsync(descriptor) == 0 else {
            let reason = Self.lastError()
            unlink(draft)
            throw .keyFileNotCreated(keyPath: path, reason: reason)
        }
    }

    /// Makes the new directory entry durable, as the database's commits are.
    private func syncDirectory() {
        let directory = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let descriptor = open(directory.isEmpty ? "/" : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
