import CheckoutCore
import JSONRPC

// The values the benchmark's hot paths write, `card.validate`'s result and
// `paymentRequest.encrypt`'s plaintext and meta info, write their JSON text
// directly instead of through their `Encodable` conformances, which profiled at
// more than half of a `card.validate` request. Each writes the same members in
// the same order as its `encode(to:)`, and `DirectResultTextTests` holds the two
// to the same bytes.

extension CardValidationResult: JSONTextWritable {
    public func write(to json: inout JSONTextWriter) {
        write(to: &json, brandText: nil)
    }

    /// With `brandText`, the brand's JSON text written beforehand, copied in.
    func write(to json: inout JSONTextWriter, brandText: UnsafeRawBufferPointer?) {
        json.object { json in
            if let brandText { json.member("cardBrand", prewritten: brandText) } else { json.member("cardBrand", cardBrand) }
            json.member("pan", pan, valid: #""pan":{"state":"valid","errors":[]}"#)
            json.member("expiryDate", expiryDate, valid: #""expiryDate":{"state":"valid","errors":[]}"#)
            json.member("cvc", cvc, valid: #""cvc":{"state":"valid","errors":[]}"#)
            json.member("validationSuccess", validationSuccess)
        }
    }
}

private extension JSONTextWriter {
    /// A field's state when it was given. A valid state, most of a
    /// `card.validate` result, is `validMember`: the member's whole text, name
    /// included, copied in one piece.
    mutating func member(_ key: StaticString, _ state: FieldState?, valid validMember: StaticString) {
        guard let state else { return }
        if state.isValid { member(prewritten: validMember) } else { member(key, state) }
    }
}

extension CardBrand: JSONTextWritable {
    public func write(to json: inout JSONTextWriter) {
        json.object { json in
            json.member("code", code)
            json.member("name", name)
            json.member("paymentProductId", paymentProductId)
            json.member("panLengths", panLengths)
            json.member("cvcLength", cvcLength)
            json.member("mask", mask)
        }
    }
}

extension FieldState: JSONTextWritable {
    /// The valid state, which has no errors, is always the same text: three
    /// of them make most of a `card.validate` result after the brand.
    public func write(to json: inout JSONTextWriter) {
        if state == .valid && errors.isEmpty { return json.value(prewritten: #"{"state":"valid","errors":[]}"#) }
        json.object { json in
            json.member("state", state)
            json.member("errors", errors)
        }
    }
}

extension CardFieldRules: JSONTextWritable {
    public func write(to json: inout JSONTextWriter) {
        json.array(self)
    }
}

// The raw values as fixed strings: a `String` raw value is made on every use.
extension FieldState.State: JSONTextWritable {
    public func write(to json: inout JSONTextWriter) {
        switch self {
        case .valid: json.string("valid" as StaticString)
        case .incomplete: json.string("incomplete" as StaticString)
        case .invalid: json.string("invalid" as StaticString)
        }
    }
}

extension CardFieldRule: JSONTextWritable {
    public func write(to json: inout JSONTextWriter) {
        switch self {
        case .format: json.string("format" as StaticString)
        case .length: json.string("length" as StaticString)
        case .luhn: json.string("luhn" as StaticString)
        case .expirationDate: json.string("expirationDate" as StaticString)
        case .allowedInContext: json.string("allowedInContext" as StaticString)
        }
    }
}

extension CustomerInput: JSONTextWritable {
    public func write(to json: inout JSONTextWriter) {
        json.object { json in
            json.member("clientSessionId", clientSessionId)
            json.member("nonce", nonce)
            json.member("paymentProductId", paymentProductId)
            json.memberIfPresent("accountOnFileId", accountOnFileId)
            if tokenize { json.member("tokenize", true) }
            json.member("paymentValues", paymentValues)
        }
    }
}

extension CustomerInput.PaymentValue: JSONTextWritable {
    public func write(to json: inout JSONTextWriter) {
        json.object { json in
            json.member("key", key)
            json.member("value", value)
        }
    }
}

extension ClientMetaInfo: JSONTextWritable {
    public func write(to json: inout JSONTextWriter) {
        json.object { json in
            json.member("platformIdentifier", platformIdentifier)
            json.member("sdkIdentifier", sdkIdentifier)
            json.member("sdkCreator", sdkCreator)
            json.memberIfPresent("appIdentifier", appIdentifier)
        }
    }
}
