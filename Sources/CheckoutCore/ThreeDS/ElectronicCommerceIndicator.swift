/// The Electronic Commerce Indicator a scheme assigns to a 3-D Secure outcome
/// (`reference/3ds-test-cards.md`): Mastercard uses `02` authenticated, `01` attempted,
/// `00` not authenticated; Visa, Amex, Discover, JCB, Diners, UnionPay and Cartes
/// Bancaires (and any other brand) use `05`, `06` and `07`.
public enum ElectronicCommerceIndicator {
    /// The ECI of `transStatus` for a card of `brandCode`; nil for `C`, which is no outcome yet.
    public static func value(for transStatus: TransStatus, brandCode: String?) -> String? {
        let isMastercard = brandCode?.lowercased() == "mastercard"
        switch transStatus {
        case .authenticated: return isMastercard ? "02" : "05"
        case .attempted: return isMastercard ? "01" : "06"
        case .notAuthenticated, .unavailable, .rejected: return isMastercard ? "00" : "07"
        case .challengeRequired: return nil
        }
    }
}
