@testable import CheckoutCore
import Testing

/// The platform key: PEM import, the size floor, and the RFC 7638 key id.
@Suite struct PlatformKeyTests {
    @Test func thumbprintMatchesRFC7638Example() {
        // RFC 7638 §3.1: the example RSA key and its thumbprint.
        let modulus = Base64.bytes(url: "0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw")!
        let exponent = Base64.bytes(url: "AQAB")!
        #expect(PlatformKey.thumbprint(modulus: modulus, exponent: exponent) == "NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs")
    }

    @Test func aGeneratedKeyRoundTripsThroughPKCS8PEM() throws {
        let key = try PlatformKey.generate()
        #expect(key.bits == 2048)
        let again = try PlatformKey(pemRepresentation: key.pkcs8PEMRepresentation)
        #expect(again.keyId == key.keyId)
        #expect(again.publicKeyDER == key.publicKeyDER)
        #expect(key.keyId.count == 43)
    }

    @Test(arguments: ["", "not a key", "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n"])
    func refusesWhatIsNotAPrivateKey(text: String) {
        #expect(throws: PlatformKeyError.notAnRSAPrivateKey) { try PlatformKey(pemRepresentation: text) }
    }
}
