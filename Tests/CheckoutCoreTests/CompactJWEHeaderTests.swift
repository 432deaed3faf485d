import CheckoutCore
import Testing

/// Opening a JWE another library made: the header is read by the caller (its
/// JSON layout varies by library) and then judged member by member.
@Suite struct CompactJWEHeaderTests {
    static let key = try! PlatformKey.generate()
    static let plaintext = Array(#"{"nonce":"n"}"#.utf8)

    func open(_ header: JWEHeader?, algorithm: KeyEncryptionAlgorithm = .rsaOAEP) throws(EncryptionError) -> [UInt8] {
        let jwe = try CompactJWE.encrypt(Self.plaintext, for: Self.key, algorithm: algorithm)
        return try CompactJWE.decrypt(jwe, with: Self.key, readingHeader: { _ in header })
    }

    @Test(arguments: KeyEncryptionAlgorithm.allCases)
    func aHeaderNamingTheAlgorithmWithOrWithoutThisKeysIdOpens(_ algorithm: KeyEncryptionAlgorithm) throws {
        #expect(try open(JWEHeader(alg: algorithm.rawValue, enc: "A256CBC-HS512", kid: nil), algorithm: algorithm) == Self.plaintext)
        #expect(try open(JWEHeader(alg: algorithm.rawValue, enc: "A256CBC-HS512", kid: Self.key.keyId), algorithm: algorithm)
                == Self.plaintext)
    }

    @Test(arguments: [
        JWEHeader(alg: "RSA-OAEP", enc: "A256CBC-HS512", kid: "another key"),
        JWEHeader(alg: "RSA1_5", enc: "A256CBC-HS512", kid: nil),
        JWEHeader(alg: "RSA-OAEP", enc: "A128GCM", kid: nil),
        JWEHeader(alg: "RSA-OAEP", enc: "A256CBC-HS512", kid: nil, compressed: true),
        JWEHeader(alg: "RSA-OAEP", enc: "A256CBC-HS512", kid: nil, critical: true),
    ] as [JWEHeader?] + [nil])
    func anyOtherHeaderIsMalformed(_ header: JWEHeader?) {
        #expect {
            try open(header)
        } throws: { error in
            if case EncryptionError.malformed = error { return true }
            return false
        }
    }

    @Test func theWrongAlgorithmForTheWrappedKeyDoesNotOpen() {
        #expect(throws: EncryptionError.authenticationFailed) {
            try open(JWEHeader(alg: "RSA-OAEP-256", enc: "A256CBC-HS512", kid: nil), algorithm: .rsaOAEP)
        }
    }
}
