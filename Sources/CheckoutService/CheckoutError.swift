import CheckoutCore
import JSONRPC

/// The domain errors of API.md section 3: codes from 1000 up, each with its
/// `data.reason` and the details that say which thing was wrong.
enum CheckoutError: Error, RPCErrorConvertible {
    case sessionNotFound(clientSessionId: String)
    case sessionExpired(clientSessionId: String, at: Timestamp)
    case currencyChangeNotAllowed(clientSessionId: String, from: String, to: String)
    case unknownProduct(paymentProductId: Int)
    case productNotAvailable(paymentProductId: Int, context: PaymentContext)
    case unknownAccountOnFile(accountOnFileId: String, paymentProductId: Int?)
    case unknownProductGroup(paymentProductGroupId: String)
    case validationFailed([ValidationError])
    case tokenNotFound(token: String)
    /// `path`: the JSON Pointer of the params member that named the currency.
    case unknownCurrency(currencyCode: String, path: String)
    /// `detail` says what failed; it never carries key material or plaintext.
    case encryptionFailed(detail: String)
    case threeDSDisabled(clientSessionId: String)
    case challengeNotFound(challengeId: String)
    /// The `--data` store cannot be reached now; nothing was changed.
    case storeUnavailable(StoreUnavailable)
    case sessionCompleted(clientSessionId: String)
    /// `path`: the params member that named it (`/cardSession`, `/cvcSession`).
    case accessSessionNotFound(session: String, path: String)
    case paymentNotFound(paymentId: String)
    /// `detail` says what was wrong, never with key material or anything decrypted.
    case decryptionFailed(detail: String)
    case replayedRequest
    case paymentNotCompletable(paymentId: String, status: PaymentStatus)

    var rpcError: RPCError {
        switch self {
        case .sessionNotFound(let id):
            return RPCError(code: 1001, message: "Session not found", reason: "SESSION_NOT_FOUND",
                            details: ["clientSessionId": .string(id)])
        case .sessionExpired(let id, let at):
            return RPCError(code: 1002, message: "Session expired", reason: "SESSION_EXPIRED",
                            details: ["clientSessionId": .string(id), "expiredAt": .string(at.rfc3339)])
        case .currencyChangeNotAllowed(let id, let from, let to):
            return RPCError(code: 1004, message: "Currency change not allowed", reason: "CURRENCY_CHANGE_NOT_ALLOWED",
                            details: ["clientSessionId": .string(id), "currencyCode": .string(to),
                                      "detail": .string("the session was opened with allowCurrencyChange false; it stays in \(from)")])
        case .unknownProduct(let id):
            return RPCError(code: 1101, message: "Unknown payment product", reason: "UNKNOWN_PRODUCT",
                            details: ["paymentProductId": .number(String(id))])
        case .productNotAvailable(let id, let context):
            return RPCError(
                code: 1102, message: "Payment product not available", reason: "PRODUCT_NOT_AVAILABLE",
                details: ["paymentProductId": .number(String(id)),
                          "detail": .string("not offered for \(context.countryCode), \(context.amountOfMoney.currencyCode) "
                                            + "\(context.amountOfMoney.amount)\(context.isRecurring ? ", recurring" : "") "
                                            + "or for the session's accepted brands")])
        case .unknownAccountOnFile(let id, let productId):
            var details: JSONObject = ["accountOnFileId": .string(id)]
            if let productId { details.members.append(.init(key: "paymentProductId", value: .number(String(productId)))) }
            return RPCError(code: 1103, message: "Unknown account on file", reason: "UNKNOWN_ACCOUNT_ON_FILE",
                            details: details)
        case .unknownProductGroup(let id):
            return RPCError(code: 1104, message: "Unknown payment product group", reason: "UNKNOWN_PRODUCT_GROUP",
                            details: ["paymentProductGroupId": .string(id),
                                      "detail": .string("no such group is offered in this session")])
        case .validationFailed(let errors):
            return RPCError(code: 1201, message: "Validation failed", reason: "VALIDATION_FAILED",
                            details: ["errors": .array(errors.map { (try? JSONTextEncoder.value(of: $0)) ?? .null })])
        case .tokenNotFound(let token):
            return RPCError(code: 1301, message: "Token not found", reason: "TOKEN_NOT_FOUND",
                            details: ["token": .string(token)])
        case .unknownCurrency(let code, let path):
            return RPCError(code: 1501, message: "Unknown currency", reason: "UNKNOWN_CURRENCY",
                            details: ["currencyCode": .string(code), "path": .string(path),
                                      "detail": .string("\(code) is not in the rates table")])
        case .encryptionFailed(let detail):
            return RPCError(code: 1502, message: "Encryption failed", reason: "ENCRYPTION_FAILED",
                            details: ["detail": .string(detail)])
        case .threeDSDisabled(let id):
            return RPCError(code: 1401, message: "3-D Secure disabled", reason: "THREE_DS_DISABLED",
                            details: ["clientSessionId": .string(id),
                                      "detail": .string("the session was opened with threeDS.enabled false")])
        case .challengeNotFound(let id):
            return RPCError(code: 1402, message: "Challenge not found", reason: "CHALLENGE_NOT_FOUND",
                            details: ["challengeId": .string(id),
                                      "detail": .string("no such challenge is pending: unknown, expired or already answered")])
        case .sessionCompleted(let id):
            return RPCError(code: 1003, message: "Session completed", reason: "SESSION_COMPLETED",
                            details: ["clientSessionId": .string(id),
                                      "detail": .string("the session ended with its captured payment (endOnPayment)")])
        case .accessSessionNotFound(let session, let path):
            return RPCError(code: 1302, message: "Access session not found", reason: "ACCESS_SESSION_NOT_FOUND",
                            details: ["session": .string(session), "path": .string(path),
                                      "detail": .string("no such access session in this checkout session: unknown, expired or already used")])
        case .paymentNotFound(let id):
            return RPCError(code: 1701, message: "Payment not found", reason: "PAYMENT_NOT_FOUND",
                            details: ["paymentId": .string(id)])
        case .decryptionFailed(let detail):
            return RPCError(code: 1702, message: "Decryption failed", reason: "DECRYPTION_FAILED",
                            details: ["path": .string("/encryptedCustomerInput"), "detail": .string(detail)])
        case .replayedRequest:
            return RPCError(code: 1703, message: "Replayed request", reason: "REPLAYED_REQUEST",
                            details: ["path": .string("/encryptedCustomerInput"),
                                      "detail": .string("this encryptedCustomerInput (its nonce) was already used for a payment")])
        case .paymentNotCompletable(let id, let status):
            return RPCError(code: 1704, message: "Payment not completable", reason: "PAYMENT_NOT_COMPLETABLE",
                            details: ["paymentId": .string(id), "status": .string(status.rawValue),
                                      "detail": .string("only a REDIRECTED payment waits for the customer's return")])
        case .storeUnavailable(let failure):
            return RPCError(code: 1601, message: "Store unavailable", reason: "STORE_UNAVAILABLE",
                            details: ["retryable": .bool(true), "detail": .string(failure.message)])
        }
    }
}
