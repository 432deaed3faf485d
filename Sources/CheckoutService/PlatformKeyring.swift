import CheckoutCore
import Dispatch
import Synchronization

/// The key the service encrypts with: the one the operator configured, or else
/// one generated the first time it is needed and kept for the service's life.
/// The checkoutd binary without `--private-key` or `--data` starts the generation
/// in the background at start-up.
final class PlatformKeyring: Sendable {
    private let configured: PlatformKey?
    private let generated = Mutex<PlatformKey?>(nil)

    init(configured: PlatformKey?) {
        self.configured = configured
    }

    /// Starts generating the key on another thread when none was configured, so a
    /// fresh service answers its first requests without waiting for RSA key
    /// generation; whoever needs the key first waits for it.
    func prepareInBackground() {
        guard configured == nil else { return }
        DispatchQueue.global().async { _ = try? self.key() }
    }

    /// The platform key; a key that cannot be generated is `ENCRYPTION_FAILED`.
    func key() throws(CheckoutError) -> PlatformKey {
        if let configured { return configured }
        let result = generated.withLock { key -> Result<PlatformKey, PlatformKeyError> in
            if let key { return .success(key) }
            let fresh = Result { () throws(PlatformKeyError) in try PlatformKey.generate() }
            if case .success(let generated) = fresh { key = generated }
            return fresh
        }
        return try result.mapError { CheckoutError.encryptionFailed(detail: $0.description) }.get()
    }
}
