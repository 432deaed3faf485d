import CheckoutCore
import CheckoutService
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads the files named by `--catalog`, `--card-brands`, `--private-key` and their kind, for start-up.
enum DataFileReader {
    /// The file at `path`, decoded by `load`; any failure names the flag, the file and the problem.
    static func load<Value>(
        _ path: String, flag: String, _ load: (String, String) throws(DataFileError) -> Value
    ) throws(StartupFailure) -> Value {
        let text = try self.text(of: path, flag: flag)
        do {
            return try load(text, path)
        } catch {
            throw StartupFailure("\(flag) \(path) does not match its schema:\n\(error)")
        }
    }

    /// The platform key in the PEM file at `path` (`--private-key`).
    static func platformKey(_ path: String, flag: String) throws(StartupFailure) -> PlatformKey {
        let text = try self.text(of: path, flag: flag)
        do {
            return try PlatformKey(pemRepresentation: text)
        } catch {
            throw StartupFailure("\(flag) \(path): \(error)")
        }
    }

    /// The whole file at `path` as UTF-8 text.
    private static func text(of path: String, flag: String) throws(StartupFailure) -> String {
        guard let handle = fopen(path, "rb") else {
            throw StartupFailure("\(flag) \(path): cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&chunk, 1, chunk.count, handle)
            bytes += chunk[..<count]
            if count < chunk.count { break }
        }
        if ferror(handle) != 0 {
            throw StartupFailure("\(flag) \(path): cannot be read (\(String(cString: strerror(errno))))")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw StartupFailure("\(flag) \(path): is not UTF-8 text")
        }
        return text
    }
}

/// Start-up cannot go on (a bad data file or key); checkoutd prints the message and exits 2.
struct StartupFailure: Error {
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
