/// The cardholder authentication value an issuer returns for an authenticated or
/// attempted transaction (Visa CAVV, Mastercard AAV): 20 bytes, written in standard
/// base64 (28 characters). The simulator's are random.
enum AuthenticationValue {
    static let byteCount = 20

    static func make(using generator: inout some RandomNumberGenerator) -> String {
        Base64.standard((0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }
}
