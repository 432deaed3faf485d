import CheckoutCore
import Foundation
import Testing

/// `reference/3ds-test-cards.md`, as written there: every row of its two tables in the
/// reference's own words, and its ECI rule. The 3-D Secure tests judge the core by these.
enum ThreeDSReference {
    /// A status with its transStatus, as the reference writes them: `("AUTHENTICATION_FAILED", "N")`.
    struct Outcome: Sendable, Hashable, CustomTestStringConvertible {
        let status: String
        let transStatus: String?

        var testDescription: String { "\(status)\(transStatus.map { " (\($0))" } ?? "")" }
    }

    struct FrictionlessRow: Sendable, CustomTestStringConvertible {
        let cardNumber: String
        let brand: String
        let outcome: Outcome
        let threeDSVersion: String

        var testDescription: String { "\(cardNumber) \(outcome.testDescription)" }
    }

    struct ChallengeRow: Sendable, CustomTestStringConvertible {
        let cardNumber: String
        let brand: String
        let afterCorrectCode: Outcome
        let afterOtherCode: Outcome

        var testDescription: String { "\(cardNumber) \(afterCorrectCode.testDescription)" }
    }

    static let defaultVersion = "2.2.0"
    static let correctCode = "1234"

    private static func row(_ number: String, _ brand: String, _ transStatus: String?, _ status: String,
                            version: String = defaultVersion) -> FrictionlessRow {
        FrictionlessRow(cardNumber: number, brand: brand, outcome: Outcome(status: status, transStatus: transStatus),
                        threeDSVersion: version)
    }

    /// "Frictionless (no challenge)".
    static let frictionless: [FrictionlessRow] = [
        row("4000000000002701", "visa", "Y", "AUTHENTICATION_SUCCEEDED"),
        row("5200000000002235", "mastercard", "Y", "AUTHENTICATION_SUCCEEDED"),
        row("340000000002708", "amex", "Y", "AUTHENTICATION_SUCCEEDED"),
        row("6011000000002117", "discover", "Y", "AUTHENTICATION_SUCCEEDED"),
        row("4000000000001000", "visa", "Y", "AUTHENTICATION_SUCCEEDED"),
        row("5200000000001005", "mastercard", "Y", "AUTHENTICATION_SUCCEEDED"),
        row("4000000000002925", "visa", "N", "AUTHENTICATION_FAILED"),
        row("5200000000002276", "mastercard", "N", "AUTHENTICATION_FAILED"),
        row("340000000002096", "amex", "N", "AUTHENTICATION_FAILED"),
        row("4000000000001018", "visa", "N", "AUTHENTICATION_FAILED"),
        row("4000000000002719", "visa", "A", "AUTHENTICATION_SUCCEEDED"),
        row("5200000000002482", "mastercard", "A", "AUTHENTICATION_SUCCEEDED"),
        row("340000000002872", "amex", "A", "AUTHENTICATION_SUCCEEDED"),
        row("4000000000001026", "visa", "A", "AUTHENTICATION_SUCCEEDED"),
        row("4000000000002313", "visa", "U", "AUTHENTICATION_UNAVAILABLE"),
        row("4000000000001034", "visa", "U", "AUTHENTICATION_UNAVAILABLE"),
        row("4000000000001042", "visa", "R", "AUTHENTICATION_FAILED"),
        row("4000000000001059", "visa", nil, "AUTHENTICATION_UNAVAILABLE"),
        row("4000000000001067", "visa", nil, "THREE_DS_ERROR"),
        row("4000000000001075", "visa", nil, "THREE_DS_ERROR"),
        row("4000000000001083", "visa", nil, "AUTHENTICATION_BYPASSED"),
        row("4000000000000002", "visa", nil, "CARD_NOT_SUPPORTED", version: "1.0.2"),
    ]

    static let succeeded = Outcome(status: "AUTHENTICATION_SUCCEEDED", transStatus: "Y")
    static let failed = Outcome(status: "AUTHENTICATION_FAILED", transStatus: "N")
    static let bypassed = Outcome(status: "AUTHENTICATION_BYPASSED", transStatus: nil)
    static let unavailable = Outcome(status: "AUTHENTICATION_UNAVAILABLE", transStatus: "U")
    static let error = Outcome(status: "THREE_DS_ERROR", transStatus: nil)
    /// "after `cancel: true`" in every row: CANCELED with transStatus absent.
    static let canceled = Outcome(status: "AUTHENTICATION_CANCELED", transStatus: nil)

    /// "Challenge (`CHALLENGE_REQUIRED`, then `threeDS.challenge`)".
    static let challenges: [ChallengeRow] = [
        ChallengeRow(cardNumber: "4000000000001091", brand: "visa", afterCorrectCode: succeeded, afterOtherCode: failed),
        ChallengeRow(cardNumber: "4000000000002503", brand: "visa", afterCorrectCode: succeeded, afterOtherCode: failed),
        ChallengeRow(cardNumber: "5200000000002151", brand: "mastercard", afterCorrectCode: succeeded, afterOtherCode: failed),
        ChallengeRow(cardNumber: "4000000000001109", brand: "visa", afterCorrectCode: failed, afterOtherCode: failed),
        ChallengeRow(cardNumber: "4000000000002370", brand: "visa", afterCorrectCode: failed, afterOtherCode: failed),
        ChallengeRow(cardNumber: "5200000000002490", brand: "mastercard", afterCorrectCode: failed, afterOtherCode: failed),
        ChallengeRow(cardNumber: "4000000000001133", brand: "visa", afterCorrectCode: bypassed, afterOtherCode: bypassed),
        ChallengeRow(cardNumber: "4000000000001117", brand: "visa", afterCorrectCode: unavailable, afterOtherCode: unavailable),
        ChallengeRow(cardNumber: "4000000000001125", brand: "visa", afterCorrectCode: error, afterOtherCode: error),
    ]

    /// "ECI values": Mastercard `02`/`01`/`00`, every other brand `05`/`06`/`07`, for
    /// authenticated (Y), attempted (A) and not authenticated (N, U, R).
    static func eci(transStatus: String?, brand: String?) -> String? {
        let (authenticated, attempted, none) = brand == "mastercard" ? ("02", "01", "00") : ("05", "06", "07")
        switch transStatus {
        case "Y": return authenticated
        case "A": return attempted
        case "N", "U", "R": return none
        default: return nil
        }
    }

    /// API.md: "liabilityShift is true exactly for Y and A".
    static func shiftsLiability(_ transStatus: String?) -> Bool { transStatus == "Y" || transStatus == "A" }

    /// A typed card number, compared as digits.
    static func card(_ number: String, brand: String?) -> ThreeDSCard {
        ThreeDSCard(brandCode: brand, isCardNumber: { $0 == number })
    }

    /// A tokenised card as a vault would describe it: the number is gone, only a keyed
    /// fingerprint of it is kept and candidate numbers are fingerprinted to compare.
    static func tokenCard(madeFrom number: String, brand: String?) -> ThreeDSCard {
        let key = UInt64.random(in: .min ... .max)
        let stored = fingerprint(number, key: key)
        return ThreeDSCard(brandCode: brand, isCardNumber: { fingerprint($0, key: key) == stored })
    }

    private static func fingerprint(_ number: String, key: UInt64) -> UInt64 {
        // FNV-1a over the key and the digits: a stand-in for the vault's HMAC.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in withUnsafeBytes(of: key.littleEndian, Array.init) + Array(number.utf8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
        return hash
    }

    /// The result's wire members as the reference names them.
    static func outcome(of result: ThreeDSResult) -> Outcome {
        Outcome(status: result.status.rawValue, transStatus: result.transStatus?.rawValue)
    }

    /// The bytes an `authenticationValue` decodes to, with Foundation's base64.
    static func decodedBytes(_ base64: String) -> Int? {
        Data(base64Encoded: base64).map(\.count)
    }

    /// Whether `text` is a version 4 UUID in lower-case text form.
    static func isUUID(_ text: String) -> Bool {
        text.wholeMatch(of: /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/) != nil
    }
}

/// SplitMix64: a small seeded generator so a test's random values repeat.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
