import CheckoutCore
import JSONRPC

/// The `encryption.*` namespace: the platform's public key, which hosts may pin
/// or use to check what `paymentRequest.encrypt` produced.
enum EncryptionMethods {
    static let routes: [any CheckoutMethod.Type] = [PublicKey.self]

    /// `encryption.publicKey`: the key id and the DER SubjectPublicKeyInfo, base64.
    enum PublicKey: CheckoutMethod {
        static let name = "encryption.publicKey"
        static let access = StateAccess.reads

        struct Params: Decodable, Sendable {
            let clientSessionId: ClientIdentifier
        }

        struct Result: Encodable, Sendable {
            let keyId: String
            let publicKey: String
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            _ = try service.sessions.session(id: params.clientSessionId.value)
            let key = try service.platformKey.key()
            return Result(keyId: key.keyId, publicKey: Base64.standard(key.publicKeyDER))
        }
    }
}
