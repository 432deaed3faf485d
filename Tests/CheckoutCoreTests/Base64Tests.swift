import CheckoutCore
import Foundation
import Testing

/// Base64 in both alphabets: the RFC 4648 §10 test vectors, and agreement with
/// Foundation's encoder (and a round trip through the decoders) for every length
/// up to 100 bytes.
@Suite struct Base64Tests {
    @Test(arguments: [
        ("", "", ""), ("f", "Zg==", "Zg"), ("fo", "Zm8=", "Zm8"), ("foo", "Zm9v", "Zm9v"),
        ("foob", "Zm9vYg==", "Zm9vYg"), ("fooba", "Zm9vYmE=", "Zm9vYmE"), ("foobar", "Zm9vYmFy", "Zm9vYmFy"),
    ])
    func rfc4648Vectors(_ input: String, _ standard: String, _ url: String) {
        #expect(Base64.standard(Array(input.utf8)) == standard)
        #expect(Base64.url(Array(input.utf8)) == url)
    }

    @Test func theURLAlphabetReplacesPlusAndSlash() {
        // 0xFB 0xFF 0xBF encode to "+/+/" in the standard alphabet.
        #expect(Base64.standard([0xFB, 0xFF, 0xBF]) == "+/+/")
        #expect(Base64.url([0xFB, 0xFF, 0xBF]) == "-_-_")
    }

    /// Every length up to 100, and lengths whose text outgrows the encoder's
    /// kilobyte of scratch space on the stack (768 bytes make 1,024 characters).
    @Test func agreesWithFoundationAndRoundTrips() {
        var generator = SystemRandomNumberGenerator()
        for length in Array(0...100) + [767, 768, 769, 770, 4_000] {
            let bytes = (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
            let foundation = Data(bytes).base64EncodedString()
            #expect(Base64.standard(bytes) == foundation)
            #expect(Base64.bytes(standard: Base64.standard(bytes)) == bytes)
            #expect(Base64.bytes(url: Base64.url(bytes)) == bytes)
            var appended = Array("prefix.".utf8)
            Base64.appendURL(bytes, to: &appended)
            #expect(String(decoding: appended, as: UTF8.self) == "prefix." + Base64.url(bytes))
        }
    }
}
