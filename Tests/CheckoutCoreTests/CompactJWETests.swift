import CheckoutCore
import Testing

/// The compact JWE `paymentRequest.encrypt` returns: its shape, its header, and a
/// round trip through the private key, for both key-wrapping algorithms.
@Suite struct CompactJWETests {
    static let key = try! PlatformKey.generate()

    @Test(arguments: KeyEncryptionAlgorithm.allCases)
    func roundTripsThroughThePrivateKey(algorithm: KeyEncryptionAlgorithm) throws {
        let plaintext = Array(#"{"paymentValues":[{"key":"cardNumber","value":"4111111111111111"}]}"#.utf8)
        let jwe = try CompactJWE.encrypt(plaintext, for: Self.key, algorithm: algorithm)
        let parts = jwe.split(separator: ".", omittingEmptySubsequences: false)
        #expect(parts.count == 5)
        let header = try #require(Base64.bytes(url: parts[0]))
        #expect(String(decoding: header, as: UTF8.self)
                == #"{"alg":"\#(algorithm.rawValue)","enc":"A256CBC-HS512","kid":"\#(Self.key.keyId)"}"#)
        #expect(Base64.bytes(url: parts[1])?.count == Self.key.bits / 8)
        #expect(Base64.bytes(url: parts[2])?.count == 16)
        #expect(Base64.bytes(url: parts[3])?.count == (plaintext.count / 16 + 1) * 16)
        #expect(Base64.bytes(url: parts[4])?.count == 32)
        #expect(!jwe.contains("=") && !jwe.contains("+") && !jwe.contains("/"))
        #expect(try CompactJWE.decrypt(jwe, with: Self.key) == plaintext)
    }

    @Test func freshKeyAndIVEveryTime() throws {
        let first = try CompactJWE.encrypt(Array("same".utf8), for: Self.key)
        let second = try CompactJWE.encrypt(Array("same".utf8), for: Self.key)
        let (a, b) = (first.split(separator: "."), second.split(separator: "."))
        #expect(a[0] == b[0])
        #expect(a[1] != b[1])
        #expect(a[2] != b[2])
        #expect(a[3] != b[3])
    }

    @Test func anotherKeyCannotOpenIt() throws {
        let jwe = try CompactJWE.encrypt(Array("secret".utf8), for: Self.key)
        let other = try PlatformKey.generate()
        #expect(throws: EncryptionError.self) { try CompactJWE.decrypt(jwe, with: other) }
    }

    @Test(arguments: ["a.b.c.d", "a.b.c.d.e.f", "!!.b.c.d.e", ""])
    func refusesMalformedText(text: String) {
        #expect(throws: EncryptionError.self) { try CompactJWE.decrypt(text, with: Self.key) }
    }
}
