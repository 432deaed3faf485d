/// What the directory server decided for one card: the flow, and what every result of
/// the authentication carries whatever its outcome.
public struct ThreeDSDecision: Sendable, Hashable {
    public var flow: ThreeDSFlow
    /// The brand whose ECI values apply (`ElectronicCommerceIndicator`); nil for an unknown card.
    public var brandCode: String?
    public var threeDSVersion: String

    public init(flow: ThreeDSFlow, brandCode: String?, threeDSVersion: String) {
        self.flow = flow
        self.brandCode = brandCode
        self.threeDSVersion = threeDSVersion
    }
}
