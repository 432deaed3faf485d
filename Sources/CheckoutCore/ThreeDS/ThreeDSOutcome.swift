/// A final 3-D Secure outcome before the per-transaction values (ECI, authentication
/// value, transaction id) are added: the status, when the issuer answered its
/// `transStatus`, and for an error what went wrong.
public struct ThreeDSOutcome: Sendable, Hashable, Codable {
    public var status: ThreeDSStatus
    /// Nil when no authentication message carried one (bypass, not enrolled, errors,
    /// unsupported cards, a canceled challenge).
    public var transStatus: TransStatus?
    /// For `THREE_DS_ERROR` only: the error's description, which BlueSnap's
    /// `authenticationWith3DS` hands over in the `BSErrors` of its completion.
    public var errorDescription: String?

    public init(_ status: ThreeDSStatus, transStatus: TransStatus? = nil, errorDescription: String? = nil) {
        self.status = status
        self.transStatus = transStatus
        self.errorDescription = errorDescription
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
    /// THREE_DS_ERROR: the directory server answered the lookup with an error.
    public static let lookupFailed = ThreeDSOutcome(
        .threeDSError, errorDescription: "3-D Secure server error: the directory server answered the lookup with an error.")
    /// THREE_DS_ERROR: the directory server did not answer the lookup in time.
    public static let lookupTimedOut = ThreeDSOutcome(
        .threeDSError, errorDescription: "3-D Secure server error: the lookup timed out.")
    /// THREE_DS_ERROR: the challenge broke off with an error of the 3-D Secure servers.
    public static let challengeFailed = ThreeDSOutcome(
        .threeDSError, errorDescription: "3-D Secure internal error: the challenge ended in an error.")
    /// The description of a `THREE_DS_ERROR` outcome that carries none (one kept by an
    /// older checkoutd while its challenge was pending).
    public static let unspecifiedErrorDescription = "3-D Secure server error."
    public static let bypassed = ThreeDSOutcome(.authenticationBypassed)
    public static let cardNotSupported = ThreeDSOutcome(.cardNotSupported)
    public static let canceled = ThreeDSOutcome(.authenticationCanceled)
}
