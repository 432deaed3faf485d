/// Where the platform key is kept between processes: sealed in the `--data`
/// store, shared by every process on it. Without a store the service keeps the
/// key it generates in memory.
public protocol PlatformKeyStore: Sendable {
    associatedtype Failure: Error

    /// The stored key; a store without one keeps the key `generate` makes, unless
    /// another process stored one first, which is then returned.
    func platformKey(generatingWith generate: () throws(PlatformKeyError) -> PlatformKey) throws(Failure) -> PlatformKey
}
