/// Who prepared a payment request, sent beside it as `encodedClientMetaInfo`
/// (standard base64 of this object's JSON), as the Online Payments SDKs do.
public struct ClientMetaInfo: Sendable, Hashable, Encodable {
    /// The operating system and architecture checkoutd was built for, e.g. `Linux/x86_64`.
    public var platformIdentifier: String
    /// `checkoutd/<version>`.
    public var sdkIdentifier: String
    public var sdkCreator: String
    /// The host application named in `session.init`; absent when it named none.
    public var appIdentifier: String?

    public init(sdkName: String, sdkVersion: String, appIdentifier: String?) {
        self.platformIdentifier = Self.platform
        self.sdkIdentifier = "\(sdkName)/\(sdkVersion)"
        self.sdkCreator = sdkName
        self.appIdentifier = appIdentifier
    }

    static var platform: String {
        #if os(Linux)
        let system = "Linux"
        #elseif os(macOS)
        let system = "macOS"
        #else
        let system = "unknown"
        #endif
        #if arch(x86_64)
        return system + "/x86_64"
        #elseif arch(arm64)
        return system + "/arm64"
        #else
        return system
        #endif
    }
}
