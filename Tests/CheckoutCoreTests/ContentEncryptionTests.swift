import CheckoutCore
import Testing

/// RFC 7518 Appendix B.3, "Test Cases for AES_256_CBC_HMAC_SHA_512": the
/// known-answer test for the `A256CBC-HS512` composition.
@Suite struct ContentEncryptionTests {
    static let key = Array(UInt8(0x00)...UInt8(0x3f))
    static let plaintext = Array(("A cipher system must not be required to be secret, and it must be able to fall "
                                  + "into the hands of the enemy without inconvenience").utf8)
    static let iv = hex("1a f3 8c 2d c2 b9 6f fd d8 66 94 09 23 41 bc 04")
    static let additionalData = Array("The second principle of Auguste Kerckhoffs".utf8)
    static let ciphertext = hex("""
        4a ff aa ad b7 8c 31 c5 da 4b 1b 59 0d 10 ff bd 3d d8 d5 d3 02 42 35 26 91 2d a0 37 ec bc c7 bd
        82 2c 30 1d d6 7c 37 3b cc b5 84 ad 3e 92 79 c2 e6 d1 2a 13 74 b7 7f 07 75 53 df 82 94 10 44 6b
        36 eb d9 70 66 29 6a e6 42 7e a7 5c 2e 08 46 a1 1a 09 cc f5 37 0d c8 0b fe cb ad 28 c7 3f 09 b3
        a3 b7 5e 66 2a 25 94 41 0a e4 96 b2 e2 e6 60 9e 31 e6 e0 2c c8 37 f0 53 d2 1f 37 ff 4f 51 95 0b
        be 26 38 d0 9d d7 a4 93 09 30 80 6d 07 03 b1 f6
        """)
    static let tag = hex("4d d3 b4 c0 88 a7 f4 5c 21 68 39 64 5b 20 12 bf 2e 62 69 a8 c5 6a 81 6d bc 1b 26 77 61 95 5b c5")

    @Test func sealsTheRFC7518KnownAnswer() throws {
        let sealed = try A256CBCHS512.seal(Self.plaintext, key: Self.key, iv: Self.iv, additionalData: Self.additionalData)
        #expect(sealed.ciphertext == Self.ciphertext)
        #expect(sealed.tag == Self.tag)
    }

    @Test func opensTheRFC7518KnownAnswer() throws {
        let opened = try A256CBCHS512.open(A256CBCHS512.Sealed(ciphertext: Self.ciphertext, tag: Self.tag),
                                           key: Self.key, iv: Self.iv, additionalData: Self.additionalData)
        #expect(opened == Self.plaintext)
    }

    @Test(arguments: ["ciphertext", "tag", "iv", "additionalData"])
    func refusesAnyAlteredPart(part: String) {
        var ciphertext = Self.ciphertext, tag = Self.tag, iv = Self.iv, additionalData = Self.additionalData
        switch part {
        case "ciphertext": ciphertext[5] ^= 1
        case "tag": tag[31] ^= 0x80
        case "iv": iv[0] ^= 1
        default: additionalData.append(0x20)
        }
        #expect(throws: EncryptionError.authenticationFailed) {
            try A256CBCHS512.open(A256CBCHS512.Sealed(ciphertext: ciphertext, tag: tag),
                                  key: Self.key, iv: iv, additionalData: additionalData)
        }
    }

    /// The known answer pads a whole block; every other remainder is checked
    /// here. `open` removes the padding with swift-crypto's own PKCS#7 check, so a
    /// wrong pad byte or length fails it.
    @Test(arguments: 0...48)
    func padsEveryLengthToWholeBlocks(length: Int) throws {
        let plaintext = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 5) }
        let sealed = try A256CBCHS512.seal(plaintext, key: Self.key, iv: Self.iv, additionalData: Self.additionalData)
        #expect(sealed.ciphertext.count == (length / 16 + 1) * 16)
        let opened = try A256CBCHS512.open(sealed, key: Self.key, iv: Self.iv, additionalData: Self.additionalData)
        #expect(opened == plaintext)
    }

    @Test func refusesAKeyOfTheWrongSize() {
        #expect(throws: EncryptionError.contentEncryptionFailed) {
            try A256CBCHS512.seal(Self.plaintext, key: Array(Self.key.prefix(32)), iv: Self.iv, additionalData: [])
        }
    }

    static func hex(_ text: String) -> [UInt8] {
        let digits = text.filter(\.isHexDigit)
        return stride(from: 0, to: digits.count, by: 2).map { offset in
            let start = digits.index(digits.startIndex, offsetBy: offset)
            return UInt8(digits[start...digits.index(after: start)], radix: 16)!
        }
    }
}
