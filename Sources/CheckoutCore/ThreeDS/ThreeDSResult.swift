/// The answer of `threeDS.authenticate` and `threeDS.challenge` (BlueSnap's 3-D Secure
/// result with the EMV 3DS values a merchant passes on to its authorisation):
/// `{status, transStatus?, eci?, authenticationValue?, dsTransId, threeDSVersion, liabilityShift, errorDescription?, challenge?}`.
public struct ThreeDSResult: Sendable, Hashable, Codable {
    public var status: ThreeDSStatus
    /// The EMV 3DS `transStatus`; absent when no authentication message carried one.
    public var transStatus: TransStatus?
    /// The scheme's Electronic Commerce Indicator; present exactly for Y, A, N, U and R.
    public var eci: String?
    /// The cardholder authentication value (CAVV, AAV): standard base64 of 20 random
    /// bytes, present exactly for Y and A.
    public var authenticationValue: String?
    /// The directory server's transaction id, a version 4 UUID; the same in the
    /// `CHALLENGE_REQUIRED` result and the final result of its challenge.
    public var dsTransId: String
    public var threeDSVersion: String
    /// True exactly for Y and A.
    public var liabilityShift: Bool
    /// What went wrong, present exactly when `status` is `THREE_DS_ERROR` (BlueSnap hands
    /// it over in the `BSErrors` of `authenticationWith3DS`'s completion).
    public var errorDescription: String?
    /// Present exactly when `status` is `CHALLENGE_REQUIRED`.
    public var challenge: ThreeDSChallenge?

    public init(
        status: ThreeDSStatus, transStatus: TransStatus? = nil, eci: String? = nil, authenticationValue: String? = nil,
        dsTransId: String, threeDSVersion: String, liabilityShift: Bool = false, errorDescription: String? = nil,
        challenge: ThreeDSChallenge? = nil
    ) {
        self.status = status
        self.transStatus = transStatus
        self.eci = eci
        self.authenticationValue = authenticationValue
        self.dsTransId = dsTransId
        self.threeDSVersion = threeDSVersion
        self.liabilityShift = liabilityShift
        self.errorDescription = errorDescription
        self.challenge = challenge
    }

    /// The final result of `outcome` for a card of `brandCode`: its ECI, for Y and A the
    /// liability shift and a fresh authentication value drawn from `generator`, and for
    /// `THREE_DS_ERROR` the outcome's error description.
    public init(
        outcome: ThreeDSOutcome, brandCode: String?, threeDSVersion: String, dsTransId: String,
        using generator: inout some RandomNumberGenerator
    ) {
        let shiftsLiability = outcome.transStatus?.shiftsLiability ?? false
        self.init(
            status: outcome.status, transStatus: outcome.transStatus,
            eci: outcome.transStatus.flatMap { ElectronicCommerceIndicator.value(for: $0, brandCode: brandCode) },
            authenticationValue: shiftsLiability ? AuthenticationValue.make(using: &generator) : nil,
            dsTransId: dsTransId, threeDSVersion: threeDSVersion, liabilityShift: shiftsLiability,
            errorDescription: outcome.status == .threeDSError
                ? outcome.errorDescription ?? ThreeDSOutcome.unspecifiedErrorDescription : nil)
    }

    /// `CHALLENGE_REQUIRED` with `transStatus` C: the customer must answer `challenge`.
    public init(challenge: ThreeDSChallenge, threeDSVersion: String, dsTransId: String) {
        self.init(status: .challengeRequired, transStatus: .challengeRequired, dsTransId: dsTransId,
                  threeDSVersion: threeDSVersion, challenge: challenge)
    }
}

/// A pending challenge: its id for `threeDS.challenge`, and when it stops being answerable.
public struct ThreeDSChallenge: Sendable, Hashable, Codable {
    public var challengeId: String
    public var expiresAt: Timestamp

    public init(challengeId: String, expiresAt: Timestamp) {
        self.challengeId = challengeId
        self.expiresAt = expiresAt
    }
}
