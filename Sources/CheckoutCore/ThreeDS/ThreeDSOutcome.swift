/// A final 3-D Secure outcome before the per-transaction values (ECI, authentication
/// value, transaction id) are added: the status and, when the issuer answered, its
/// `transStatus`.
public struct ThreeDSOutcome: Sendable, Hashable, Codable {
    public var status: ThreeDSStatus
    /// Nil when no authentication message carried one (bypass, not enrolled, errors,
    /// unsupported cards, a canceled challenge).
    public var transStatus: TransStatus?

    public init(_ status: ThreeDSStatus, transStatus: TransStatus? = nil) {
        self.status = status
        self.transStatus = transStatus
    }

    /// Y: authenticated.
    public static let succeeded = ThreeDSOutcome(.authenticationSucceeded, transStatus: .authenticated)
    /// A: an attempt was recorded; it counts as a success and shifts liability.
    public static let attempted = ThreeDSOutcome(.authenticationSucceeded, transStatus: .attempted)
    /// N: not authenticated.
    public static let failed = ThreeDSOutcome(.authenticationFailed, transStatus: .notAuthenticated)
    /// R: rejected by the issuer.
    public static let rejected = ThreeDSOutcome(.authenticationFailed, transStatus: .rejected)
    /// U: authentication could not be performed.
    public static let unavailable = ThreeDSOutcome(.authenticationUnavailable, transStatus: .unavailable)
    /// The card is not enrolled in 3-D Secure: unavailable, without a `transStatus`.
    public static let notEnrolled = ThreeDSOutcome(.authenticationUnavailable)
    public static let error = ThreeDSOutcome(.threeDSError)
    public static let bypassed = ThreeDSOutcome(.authenticationBypassed)
    public static let cardNotSupported = ThreeDSOutcome(.cardNotSupported)
    public static let canceled = ThreeDSOutcome(.authenticationCanceled)
}
