/// A card number whose 3-D Secure flow is fixed, whatever the session and the amount.
public struct ThreeDSTestCard: Sendable, Hashable {
    /// The full card number, digits only.
    public let cardNumber: String
    public let brandCode: String
    public let flow: ThreeDSFlow
    public let threeDSVersion: String

    public init(_ cardNumber: String, _ brandCode: String, _ flow: ThreeDSFlow,
                threeDSVersion: String = ThreeDSAuthentication.currentVersion) {
        self.cardNumber = cardNumber
        self.brandCode = brandCode
        self.flow = flow
        self.threeDSVersion = threeDSVersion
    }

    /// The first test card that is `card`, if any.
    public static func matching(_ card: ThreeDSCard, in cards: [ThreeDSTestCard] = reference) -> ThreeDSTestCard? {
        cards.first { card.isCardNumber($0.cardNumber) }
    }

    /// The normative table of `reference/3ds-test-cards.md`, row by row. Its numbers are the
    /// public sandbox numbers of Cardinal Commerce's EMV 3DS test cases (as used by the
    /// BlueSnap SDK, Braintree and Worldpay) and of BlueSnap's own SDK tests; the flows are
    /// the ones those sandboxes document, and `1234` is the Cardinal sandbox's passing code.
    public static let reference: [ThreeDSTestCard] = frictionless + challenges

    /// The "Frictionless (no challenge)" section.
    static let frictionless: [ThreeDSTestCard] = [
        ThreeDSTestCard("4000000000002701", "visa", .frictionless(.succeeded)),
        ThreeDSTestCard("5200000000002235", "mastercard", .frictionless(.succeeded)),
        ThreeDSTestCard("340000000002708", "amex", .frictionless(.succeeded)),
        ThreeDSTestCard("6011000000002117", "discover", .frictionless(.succeeded)),
        ThreeDSTestCard("4000000000001000", "visa", .frictionless(.succeeded)),
        ThreeDSTestCard("5200000000001005", "mastercard", .frictionless(.succeeded)),
        ThreeDSTestCard("4000000000002925", "visa", .frictionless(.failed)),
        ThreeDSTestCard("5200000000002276", "mastercard", .frictionless(.failed)),
        ThreeDSTestCard("340000000002096", "amex", .frictionless(.failed)),
        ThreeDSTestCard("4000000000001018", "visa", .frictionless(.failed)),
        ThreeDSTestCard("4000000000002719", "visa", .frictionless(.attempted)),
        ThreeDSTestCard("5200000000002482", "mastercard", .frictionless(.attempted)),
        ThreeDSTestCard("340000000002872", "amex", .frictionless(.attempted)),
        ThreeDSTestCard("4000000000001026", "visa", .frictionless(.attempted)),
        ThreeDSTestCard("4000000000002313", "visa", .frictionless(.unavailable)),
        ThreeDSTestCard("4000000000001034", "visa", .frictionless(.unavailable)),
        ThreeDSTestCard("4000000000001042", "visa", .frictionless(.rejected)),
        ThreeDSTestCard("4000000000001059", "visa", .frictionless(.notEnrolled)),
        ThreeDSTestCard("4000000000001067", "visa", .frictionless(.lookupFailed)),
        ThreeDSTestCard("4000000000001075", "visa", .frictionless(.lookupTimedOut)),
        ThreeDSTestCard("4000000000001083", "visa", .frictionless(.bypassed)),
        ThreeDSTestCard("4000000000000002", "visa", .frictionless(.cardNotSupported), threeDSVersion: "1.0.2"),
    ]

    /// The "Challenge" section: outcomes after `1234` and after any other code.
    static let challenges: [ThreeDSTestCard] = [
        ThreeDSTestCard("4000000000001091", "visa", .challenge(.standard)),
        ThreeDSTestCard("4000000000002503", "visa", .challenge(.standard)),
        ThreeDSTestCard("5200000000002151", "mastercard", .challenge(.standard)),
        ThreeDSTestCard("4000000000001109", "visa", .challenge(always(.failed))),
        ThreeDSTestCard("4000000000002370", "visa", .challenge(always(.failed))),
        ThreeDSTestCard("5200000000002490", "mastercard", .challenge(always(.failed))),
        ThreeDSTestCard("4000000000001133", "visa", .challenge(always(.bypassed))),
        ThreeDSTestCard("4000000000001117", "visa", .challenge(always(.unavailable))),
        ThreeDSTestCard("4000000000001125", "visa", .challenge(always(.challengeFailed))),
    ]

    private static func always(_ outcome: ThreeDSOutcome) -> ThreeDSChallengeOutcomes {
        ThreeDSChallengeOutcomes(afterCorrectCode: outcome, afterOtherCode: outcome)
    }
}
