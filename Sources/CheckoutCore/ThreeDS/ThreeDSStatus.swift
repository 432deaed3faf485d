/// The outcome of a 3-D Secure authentication as BlueSnap's `authenticationWith3DS`
/// reports it, plus `CHALLENGE_REQUIRED` while the customer still has to answer a challenge.
public enum ThreeDSStatus: String, Sendable, Hashable, CaseIterable, Codable {
    /// The issuer authenticated the customer, or recorded an attempt (`transStatus` Y or A).
    case authenticationSucceeded = "AUTHENTICATION_SUCCEEDED"
    /// Authentication was skipped by configuration (the session's `threeDS.bypass`, or the issuer).
    case authenticationBypassed = "AUTHENTICATION_BYPASSED"
    /// 3-D Secure is not available for this card (`transStatus` U, or the card is not enrolled).
    case authenticationUnavailable = "AUTHENTICATION_UNAVAILABLE"
    /// The customer was not authenticated (`transStatus` N, or R when the issuer rejected it).
    case authenticationFailed = "AUTHENTICATION_FAILED"
    /// The lookup or the challenge ended in an error of the 3-D Secure servers.
    case threeDSError = "THREE_DS_ERROR"
    /// The card's brand or 3-D Secure version is not supported (3-D Secure 1 only).
    case cardNotSupported = "CARD_NOT_SUPPORTED"
    /// The customer canceled the challenge.
    case authenticationCanceled = "AUTHENTICATION_CANCELED"
    /// The issuer wants a challenge: answer it with `threeDS.challenge` (`transStatus` C).
    case challengeRequired = "CHALLENGE_REQUIRED"
}
