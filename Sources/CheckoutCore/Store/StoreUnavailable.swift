/// The platform's store could not do what was asked: it is unreachable, full,
/// locked by another program, or no longer the store that was opened. Nothing
/// was changed. The message names the store and the operation, never a row's
/// data; the service answers `STORE_UNAVAILABLE`, which a client may retry.
public struct StoreUnavailable: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
