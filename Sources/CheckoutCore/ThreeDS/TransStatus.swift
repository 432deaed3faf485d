/// The EMV 3-D Secure transaction status (`transStatus` of the ARes/RRes messages).
public enum TransStatus: String, Sendable, Hashable, CaseIterable, Codable {
    /// Y: authentication verification successful.
    case authenticated = "Y"
    /// N: not authenticated, transaction denied.
    case notAuthenticated = "N"
    /// A: attempts processing performed; not authenticated, but a proof of the attempt is provided.
    case attempted = "A"
    /// U: authentication could not be performed (technical or other problem).
    case unavailable = "U"
    /// R: authentication rejected by the issuer.
    case rejected = "R"
    /// C: challenge required; the cardholder must answer the issuer's challenge.
    case challengeRequired = "C"

    /// True for Y and A: an authenticated or attempted transaction moves the fraud
    /// liability from the merchant to the issuer.
    public var shiftsLiability: Bool { self == .authenticated || self == .attempted }
}
