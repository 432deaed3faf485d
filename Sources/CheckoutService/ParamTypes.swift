import CheckoutCore
import JSONRPC

/// Params values with a rule of their own, checked while decoding so that one
/// `-32602` lists every problem of a request.
extension Mask: DecodingStandIn {
    public static var decodingStandIn: Mask { try! Mask("{{*}}") }
}

extension BrandPrefix: DecodingStandIn {
    public static var decodingStandIn: BrandPrefix { BrandPrefix("0")! }
}

extension DecimalNumber: DecodingStandIn {
    public static var decodingStandIn: DecimalNumber { .one }
}

extension RoundingMode: DecodingStandIn {
    public static var decodingStandIn: RoundingMode { .halfUp }
}

/// A caret position in a text: zero or more Unicode scalars from its start.
struct CaretPosition: Decodable, Sendable, DecodingStandIn {
    let offset: Int

    static let decodingStandIn = CaretPosition(offset: 0)

    private init(offset: Int) {
        self.offset = offset
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        offset = try container.decode(Int.self)
        guard offset >= 0 else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be 0 or more")
        }
    }

    /// Requires the caret to lie within `text`, the member at `textPath`.
    func require(within text: String, at path: String, textPath: String, _ checks: inout ParamChecks) {
        let length = text.unicodeScalars.count
        checks.require(offset <= length, at: path, reading: [textPath],
                       "must not be past the end of \(textPath.dropFirst()) (\(length) characters)")
    }
}

/// A client-chosen identifier (`clientSessionId`, `customerId`, a token): 1–64
/// characters of `A-Z a-z 0-9 _ -`, holding no card number (API.md 9.9).
struct ClientIdentifier: Decodable, Sendable, Hashable, DecodingStandIn {
    let value: String

    static let decodingStandIn = ClientIdentifier(value: "-")
    static let maximumLength = 64

    init(value: String) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard Self.isWellFormed(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "must be 1-64 characters of A-Z, a-z, 0-9, _ and -")
        }
        guard !EmbeddedCardNumber.isPresent(in: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: ParamChecks.holdsACardNumber)
        }
        self.init(value: text)
    }

    static func isWellFormed(_ text: String) -> Bool {
        (1...maximumLength).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }
    }

    /// A fresh random identifier: `prefix` and 32 hexadecimal digits (128 bits).
    /// About one in 300 has digits that make a card number, which the host could
    /// not send back: it is drawn again.
    static func mint(prefix: String) -> ClientIdentifier {
        var generator = SystemRandomNumberGenerator()
        while true {
            let hex = (0..<2).map { _ -> String in
                let text = String(generator.next() as UInt64, radix: 16)
                return String(repeating: "0", count: 16 - text.count) + text
            }.joined()
            if !EmbeddedCardNumber.isPresent(in: hex) { return ClientIdentifier(value: prefix + hex) }
        }
    }
}

/// A fraud-screening session id (BlueSnap Kount): 1 to 32 of `A-Z a-z 0-9 _ -`,
/// holding no card number (API.md 9.9).
struct FraudSessionId: Decodable, Sendable, Hashable, DecodingStandIn {
    let value: String

    static let decodingStandIn = FraudSessionId(value: "-")

    private init(value: String) {
        self.value = value
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard (1...32).contains(text.utf8.count), text.utf8.allSatisfy(Self.isAllowed) else {
            throw DecodingError.dataCorruptedError(in: container,
                debugDescription: "must be 1-32 characters of A-Z, a-z, 0-9, _ and -")
        }
        guard !EmbeddedCardNumber.isPresent(in: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: ParamChecks.holdsACardNumber)
        }
        value = text
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// A fresh id: `fs_` and 16 random hexadecimal digits, drawn again when they
    /// make a card number (which the host could not send back).
    static func mint() -> FraudSessionId {
        var generator = SystemRandomNumberGenerator()
        while true {
            let text = String(generator.next() as UInt64, radix: 16)
            let hex = String(repeating: "0", count: 16 - text.count) + text
            if !EmbeddedCardNumber.isPresent(in: hex) { return FraudSessionId(value: "fs_" + hex) }
        }
    }
}

extension ParamChecks {
    /// Why an identifier or a name that holds a card number is refused; it never repeats the value.
    static let holdsACardNumber = "must not hold a card number (a Luhn-valid run of 12-19 digits)"

    /// Refuses a card number in `text`, an identifier or name that is stored or echoed (API.md 9.9).
    mutating func refuseCardNumber(in text: String?, at path: String) {
        guard let text else { return }
        require(!EmbeddedCardNumber.isPresent(in: text), at: path, Self.holdsACardNumber)
    }

    /// Requires an `acceptedBrands` list within the schema's bounds (`BrandCodes`):
    /// at most 50 codes of at most 32 characters, none a card number.
    mutating func requireBrandCodes(_ codes: [String]?, at path: String) {
        guard let codes else { return }
        require(codes.count <= AcceptedBrands.maximumCodes, at: path,
                "may hold at most \(AcceptedBrands.maximumCodes) brand codes")
        for (index, code) in codes.enumerated() {
            require(code.unicodeScalars.count <= AcceptedBrands.maximumCodeLength, at: "\(path)/\(index)",
                    "must be at most \(AcceptedBrands.maximumCodeLength) characters")
            refuseCardNumber(in: code, at: "\(path)/\(index)")
        }
    }

    /// Requires an ISO 4217 code of three upper-case letters.
    mutating func requireCurrencyCode(_ code: String, at path: String) {
        require(CodeFormat.isCurrencyCode(code), at: path, "must be an ISO 4217 code of three upper-case letters")
    }
}
