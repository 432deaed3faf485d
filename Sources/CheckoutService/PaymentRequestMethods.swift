import CheckoutCore
import JSONRPC

/// The `paymentRequest.*` namespace: the customer's input for one product, checked
/// (and, with encryption, prepared for the merchant's server) — API.md section 4
/// "Payment requests".
enum PaymentRequestMethods {
    static let routes: [any CheckoutMethod.Type] = [Validate.self, Encrypt.self]

    /// `paymentRequest.validate`: every problem of the values for the product's fields.
    enum Validate: CheckoutMethod {
        static let name = "paymentRequest.validate"
        static let access = StateAccess.reads

        struct Params: Decodable, Sendable, ParamsChecking {
            let clientSessionId: ClientIdentifier
            let paymentProductId: Int
            let accountOnFileId: String?
            let values: [String: String]
            /// Only these fields are judged (`[field validateValue:]`), required included.
            let fields: [String]?

            static let maximumFields = 50

            func check(_ checks: inout ParamChecks) {
                checks.refuseCardNumber(in: accountOnFileId, at: "/accountOnFileId")
                if let fields {
                    checks.require((1...Self.maximumFields).contains(fields.count), at: "/fields",
                                   "must name 1 to \(Self.maximumFields) fields")
                    checks.require(Set(fields).count == fields.count, at: "/fields", "must name each field once")
                }
            }
        }

        struct Result: Encodable, Sendable {
            let valid: Bool
            let errors: [ValidationError]
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            let request = try service.paymentRequest(
                clientSessionId: params.clientSessionId, paymentProductId: params.paymentProductId,
                accountOnFileId: params.accountOnFileId)
            if let fields = params.fields {
                let problems = fields.enumerated().filter { request.product.field(id: $0.element) == nil }.map {
                    ParamProblem(path: "/fields/\($0.offset)", message: "product \(request.product.id) has no such field")
                }
                if !problems.isEmpty { throw RPCError.invalidParams(problems) }
            }
            let errors = service.judgement(of: params.values, in: request, onlyFields: params.fields.map(Set.init)).errors
            return Result(valid: errors.isEmpty, errors: errors)
        }
    }
}

extension PaymentRequestMethods {
    /// `paymentRequest.encrypt`: the validated input as a JWE for the platform key,
    /// with the client meta info beside it. Reads the session in its turn, on a
    /// worker: RSA and AES work is worth moving off the reading thread, and one
    /// key serves every worker without a lock.
    enum Encrypt: CheckoutMethod {
        static let name = "paymentRequest.encrypt"
        static let access = StateAccess.reads
        static let placement = Placement.worker

        struct Params: Decodable, Sendable, Hashable, ParamsChecking {
            let clientSessionId: ClientIdentifier
            let paymentProductId: Int
            let accountOnFileId: String?
            let tokenize: Bool?
            let values: [String: String]
            let alg: KeyEncryptionAlgorithm?

            func check(_ checks: inout ParamChecks) {
                checks.refuseCardNumber(in: accountOnFileId, at: "/accountOnFileId")
            }
        }

        struct Result: Encodable, Sendable {
            let encryptedCustomerInput: String
            let encodedClientMetaInfo: String
        }

        static func handle(_ params: Params, service: CheckoutService, context: RequestContext) throws -> Result {
            let request = try service.paymentRequest(
                clientSessionId: params.clientSessionId, paymentProductId: params.paymentProductId,
                accountOnFileId: params.accountOnFileId)
            let judgement = service.judgement(of: params.values, in: request)
            guard judgement.errors.isEmpty else { throw CheckoutError.validationFailed(judgement.errors) }
            let input = CustomerInput(
                clientSessionId: request.session.clientSessionId, nonce: RandomUUID.make(),
                paymentProductId: request.product.id, accountOnFileId: request.accountOnFile?.id,
                tokenize: params.tokenize ?? false, paymentValues: judgement.paymentValues)
            let metaInfo = ClientMetaInfo(sdkName: CheckoutService.name, sdkVersion: CheckoutService.version,
                                          appIdentifier: request.session.appIdentifier)
            let plaintext = try JSONTextEncoder.encode(input)
            let key = try service.platformKey.key()
            let encrypted: String
            do {
                encrypted = try CompactJWE.encrypt(plaintext, for: key, algorithm: params.alg ?? .rsaOAEP)
            } catch {
                throw CheckoutError.encryptionFailed(detail: "\(error)")
            }
            return Result(encryptedCustomerInput: encrypted,
                          encodedClientMetaInfo: Base64.standard(try JSONTextEncoder.encode(metaInfo)))
        }
    }
}

/// The session, product and account on file a payment request is made with.
struct PaymentRequestScope: Sendable {
    let session: Session
    let product: PaymentProduct
    let accountOnFile: AccountOnFile?
}

extension CheckoutService {
    /// Looks up what a payment request names: the live session, the product if the
    /// session is offered it (as the catalog has it), and the session's account on
    /// file for that product.
    func paymentRequest(
        clientSessionId: ClientIdentifier, paymentProductId: Int, accountOnFileId: String?
    ) throws(CheckoutError) -> PaymentRequestScope {
        let session = try sessions.session(id: clientSessionId.value)
        let product = try offeredProduct(id: paymentProductId, for: session)
        guard let accountOnFileId else { return PaymentRequestScope(session: session, product: product, accountOnFile: nil) }
        guard let account = session.accountsOnFile.first(where: {
            $0.paymentProductId == paymentProductId && $0.id == accountOnFileId
        }) else {
            throw .unknownAccountOnFile(accountOnFileId: accountOnFileId, paymentProductId: paymentProductId)
        }
        return PaymentRequestScope(session: session, product: product, accountOnFile: account)
    }

    /// The validation errors of `values` for the request's product, in the
    /// session's locale, and the values unmasked.
    func judgement(of values: [String: String], in request: PaymentRequestScope,
                   onlyFields: Set<String>? = nil) -> PaymentRequestValidation.Judgement {
        PaymentRequestValidation.judge(
            product: request.product, values: values, accountOnFile: request.accountOnFile,
            currentMonth: configuration.clock.currentMonth(), locale: request.session.context.locale, onlyFields: onlyFields,
            productsOfCard: { configuration.iinTable.paymentProducts(ofCardNumber: $0, brands: configuration.brands) })
    }
}
