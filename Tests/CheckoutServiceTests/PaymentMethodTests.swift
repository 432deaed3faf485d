import CheckoutCore
@testable import CheckoutService
import JSONRPC
import Testing

@Suite("accessSessions.* and payments.*")
struct PaymentMethodTests {
    let harness = ServiceHarness()

    func session(_ id: String, amount: Int = 2999, options: String = "") throws {
        _ = try harness.call("session.init", #"{"clientSessionId":"\#(id)","customerId":"cus_1","requirements":{"withEmail":false},"context":{"amountOfMoney":{"amount":\#(amount),"currencyCode":"EUR"},"countryCode":"NL"}\#(options)}"#).get()
    }

    func cardSession(_ id: String, _ number: String = "4242424242424242") throws -> String {
        let created = try harness.call("accessSessions.create", #"{"clientSessionId":"\#(id)","card":{"cardNumber":"\#(number)","expiryDate":"12/30","cvc":"123"}}"#).get()
        return try #require(created["card"]?["session"]?.stringValue)
    }

    func reason(_ result: Result<JSONValue, RPCError>) -> String? {
        guard case .failure(let error) = result else { return nil }
        return error.reason
    }

    func pay(_ id: String, _ source: String) throws -> Result<JSONValue, RPCError> {
        try harness.call("payments.create", #"{"clientSessionId":"\#(id)",\#(source)}"#)
    }

    @Test func aCardSessionPaysOnceAndKeepsNoNumber() throws {
        try session("s")
        let card = try cardSession("s")
        let payment = try pay("s", #""cardSession":"\#(card)""#).get()
        #expect(payment["status"] == .string("CAPTURED"))
        #expect(payment["card"] == .object(["brand": .string("visa"), "bin": .string("424242"),
                                            "last4Digits": .string("4242"), "expiryDate": .string("1230")]))
        #expect(try reason(pay("s", #""cardSession":"\#(card)""#)) == "ACCESS_SESSION_NOT_FOUND")
        let id = try #require(payment["id"]?.stringValue)
        #expect(try harness.call("payments.get", #"{"paymentId":"\#(id)"}"#).get() == payment)
    }

    @Test func anAccessSessionBelongsToItsCheckoutSession() throws {
        try session("s")
        try session("t")
        let card = try cardSession("s")
        #expect(try reason(pay("t", #""cardSession":"\#(card)""#)) == "ACCESS_SESSION_NOT_FOUND")
        #expect(try pay("s", #""cardSession":"\#(card)""#).get()["status"] == .string("CAPTURED"), "the wrong session used nothing up")
    }

    @Test func aCallThatFailsUsesNoAccessSessionUp() throws {
        try session("s")
        let amex = try harness.call("tokens.create", #"{"clientSessionId":"s","card":{"cardNumber":"3782 822463 10005","expiryDate":"12/30"}}"#).get()
        let token = try #require(amex["token"]?.stringValue)
        let cvc = try harness.call("accessSessions.create", #"{"clientSessionId":"s","cvc":"123"}"#).get()
        let cvcSession = try #require(cvc["cvc"]?["session"]?.stringValue)
        guard case .failure(let error) = try pay("s", #""token":"\#(token)","cvcSession":"\#(cvcSession)""#) else {
            Issue.record("a 3-digit CVC was taken for an Amex token")
            return
        }
        #expect(error.reason == "VALIDATION_FAILED")
        #expect(error.data["errors"]?.at(pointer: "/0/fieldId") == .string("cvcSession"))
        #expect(error.data["errors"]?.at(pointer: "/0/errorMessageId") == .string("length"))
        let visa = try #require(try harness.call("tokens.create", #"{"clientSessionId":"s","card":{"cardNumber":"4242424242424242","expiryDate":"12/30"}}"#).get()["token"]?.stringValue)
        #expect(try pay("s", #""token":"\#(visa)","cvcSession":"\#(cvcSession)""#).get()["status"] == .string("CAPTURED"),
                "the refused call left the CVC session in place")
    }

    @Test func aChallengeLeavesThePaymentPendingUntilItIsAnswered() throws {
        try session("s", amount: 5000)
        let pending = try pay("s", #""cardSession":"\#(try cardSession("s"))""#).get()
        #expect(pending["status"] == .string("PENDING_CHALLENGE"))
        let challengeId = try #require(pending["merchantAction"]?["challengeId"]?.stringValue)
        let id = try #require(pending["id"]?.stringValue)
        _ = try harness.call("threeDS.challenge", #"{"challengeId":"\#(challengeId)","code":"0000"}"#).get()
        let decided = try harness.call("payments.get", #"{"paymentId":"\#(id)"}"#).get()
        #expect(decided["status"] == .string("REJECTED") && decided["merchantAction"] == nil)
        #expect(decided["statusOutput"]?["errors"]?.at(pointer: "/0/code") == .string("AUTHENTICATION_FAILED"))
    }

    @Test func endOnPaymentCompletesTheSessionForEverythingButSessionGet() throws {
        try session("s", options: #","endOnPayment":true"#)
        _ = try pay("s", #""mobilePaymentData":"w","paymentProductId":302"#).get()
        #expect(try harness.call("session.get", #"{"clientSessionId":"s"}"#).get()["completed"] == .bool(true))
        for (method, params) in [("products.list", ""), ("session.changeCurrency", #","currencyCode":"USD""#),
                                 ("session.close", ""), ("card.validate", #","pan":"4""#)] {
            #expect(try harness.failureReason(method, #"{"clientSessionId":"s"\#(params)}"#) == "SESSION_COMPLETED", "\(method)")
        }
        #expect(try harness.call("session.get", #"{"clientSessionId":"s"}"#).get()["context"]?["amountOfMoney"]?["currencyCode"]
                == .string("EUR"), "the refused currency change changed nothing")
    }

    @Test func aRejectedPaymentDoesNotCompleteTheSession() throws {
        try session("s", options: #","endOnPayment":true"#)
        _ = try pay("s", #""cardSession":"\#(try cardSession("s", "4000000000000002"))""#).get()
        #expect(try harness.call("products.list", #"{"clientSessionId":"s"}"#).get()["paymentProducts"] != nil)
    }

    @Test func aSessionRequiring3DSWithItSwitchedOffTakesNoCard() throws {
        try session("s", options: #","threeDS":{"enabled":false,"required":true}"#)
        #expect(try reason(pay("s", #""cardSession":"\#(try cardSession("s"))""#)) == "THREE_DS_DISABLED")
        #expect(try pay("s", #""mobilePaymentData":"w","paymentProductId":302"#).get()["status"] == .string("CAPTURED"))
    }

    @Test func anIdempotencyKeyReturnsTheFirstPayment() throws {
        try session("s")
        let first = try pay("s", #""mobilePaymentData":"w","paymentProductId":320,"idempotencyKey":"k1""#).get()
        #expect(try pay("s", #""cardSession":"\#(try cardSession("s"))","idempotencyKey":"k1""#).get() == first)
    }

    @Test func theSourcesAreExclusiveAndCVCSessionsGoWithTokens() throws {
        try session("s")
        #expect(try harness.invalidParamPaths("payments.create", #"{"clientSessionId":"s"}"#) == ["/encryptedCustomerInput"])
        #expect(try harness.invalidParamPaths("payments.create", #"{"clientSessionId":"s","cardSession":"a","token":"b"}"#)
                == ["/encryptedCustomerInput"])
        #expect(try harness.invalidParamPaths("payments.create", #"{"clientSessionId":"s","cardSession":"a","cvcSession":"b"}"#)
                == ["/cvcSession"])
        #expect(try harness.invalidParamPaths("payments.create", #"{"clientSessionId":"s","mobilePaymentData":"w"}"#)
                == ["/paymentProductId"])
        #expect(try harness.invalidParamPaths("payments.create", #"{"clientSessionId":"s","mobilePaymentData":"w","paymentProductId":840}"#)
                == ["/paymentProductId"])
    }

    @Test func anEncryptedInputIsOpenedOnceForItsOwnSession() throws {
        try session("s")
        try session("t")
        let encrypted = try harness.call("paymentRequest.encrypt", #"{"clientSessionId":"s","paymentProductId":1,"values":{"cardNumber":"4242424242424242","expiryDate":"1230","cvv":"123"}}"#).get()
        let jwe = try #require(encrypted["encryptedCustomerInput"]?.stringValue)
        guard case .failure(let foreign) = try pay("t", #""encryptedCustomerInput":"\#(jwe)""#) else {
            Issue.record("another session's input was accepted")
            return
        }
        #expect(foreign.reason == "DECRYPTION_FAILED" && foreign.code == 1702)
        #expect(try pay("s", #""encryptedCustomerInput":"\#(jwe)""#).get()["status"] == .string("CAPTURED"))
        #expect(try reason(pay("s", #""encryptedCustomerInput":"\#(jwe)""#)) == "REPLAYED_REQUEST")
        #expect(try reason(pay("s", #""encryptedCustomerInput":"\#(jwe.dropLast(3))""#)) == "DECRYPTION_FAILED")
    }

    @Test func onlyARedirectedPaymentCanBeCompleted() throws {
        try session("s")
        let captured = try pay("s", #""mobilePaymentData":"w","paymentProductId":302"#).get()
        let id = try #require(captured["id"]?.stringValue)
        #expect(try harness.failureReason("payments.complete", #"{"paymentId":"\#(id)","outcome":"approve"}"#)
                == "PAYMENT_NOT_COMPLETABLE")
        #expect(try harness.failureReason("payments.get", #"{"paymentId":"pay_none"}"#) == "PAYMENT_NOT_FOUND")
    }
}
