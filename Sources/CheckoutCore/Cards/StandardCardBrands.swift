extension CardBrandTable {
    /// The embedded brand table of `reference/card-brands.md`: the seven brands of the
    /// Access Checkout validation rules exactly as the seed gives them, then the
    /// brands published by braintree/credit-card-type, then Cartes Bancaires, which
    /// has no prefixes because only the IIN table reaches it as a co-brand.
    public static let standard = CardBrandTable([
        entry("amex", "American Express", 2, [15], cvc: 4, "34, 37",
              mask: "{{9999}} {{999999}} {{99999}}"),
        entry("diners", "Diners Club", 132, [14, 16, 19], cvc: 3, "300-305, 3095, 36, 38, 39",
              masksByPanLength: [14: "{{9999}} {{999999}} {{9999}}"]),
        entry("discover", "Discover", 128, [16, 19], cvc: 3, "6011, 644-649, 65"),
        entry("jcb", "JCB", 125, [16, 17, 18, 19], cvc: 3,
              "2131, 1800, 3088-3094, 3096-3102, 3112-3120, 3158-3159, 3337-3349, 3528-3589"),
        entry("maestro", "Maestro", 117, Array(12...19), cvc: 3,
              "493698, 500000-506698, 506779-508999, 56-59, 63, 67, 6"),
        entry("mastercard", "Mastercard", 3, [16], cvc: 3, "51-55, 2221-2229, 223-229, 23-26, 270-271, 2720"),
        entry("visa", "Visa", 1, [13, 16, 18, 19], cvc: 3, "4"),
        entry("unionpay", "UnionPay", 56, Array(14...19), cvc: 3, """
            620, 62100-62182, 62184-62187, 62185-62197, 62200-62205, 622010-622999, 622018, 62207-62209, \
            623-626, 6270, 6272, 6276, 627700-627779, 627781-627799, 6282-6289, 6291, 6292, 810, 8110-8131, \
            8132-8151, 8152-8163, 8164-8171
            """, requiresLuhn: false),
        entry("elo", "Elo", nil, [16], cvc: 3, """
            401178, 401179, 438935, 457631, 457632, 431274, 451416, 457393, 504175, 506699-506778, \
            509000-509999, 627780, 636297, 636368, 650031-650033, 650035-650051, 650405-650439, \
            650485-650538, 650541-650598, 650700-650718, 650720-650727, 650901-650978, 651652-651679, \
            655000-655019, 655021-655058
            """),
        entry("mir", "Mir", nil, Array(16...19), cvc: 3, "2200-2204"),
        entry("hipercard", "Hipercard", nil, [16], cvc: 3, "606282"),
        entry("troy", "Troy", nil, [16], cvc: 3, """
            9792, 650052, 650082-650083, 650092, 650161, 650170, 650173, 650175, 650268, 650271, \
            650273-650274, 650456-650457, 650836, 650846-650850, 650923, 650987, 650990, 654997, 657366, \
            657998, 658758, 658767-658768, 65083700-65083704, 65085800-65085804, 65085900-65085901, \
            65086000, 65086100-65086105, 65086200-65086203, 65875000-65875003, 65875009, \
            65875101-65875104, 65875200, 65875501, 65875601, 65875900, 65876000-65876002, \
            65876100-65876103, 65876110, 65876115-65876116, 65876200-65876201, 65876500, \
            65876504-65876505, 65876600-65876602, 65877100-65877101, 65877600-65877602, 65877700, \
            65877801-65877802, 65878200-65878202, 65878300-65878311, 65878400-65878405, \
            65878500-65878505, 65878600-65878601, 65879800, 65880800, 65880900
            """),
        entry("cartesbancaires", "Cartes Bancaires", 130, [16], cvc: 3, ""),
    ])

    // The prefix texts are constants that the brand table tests walk entry by entry.
    private static func entry(
        _ code: String, _ name: String, _ paymentProductId: Int?, _ panLengths: [Int], cvc: Int,
        _ prefixes: String, mask: String = CardBrand.defaultMask, requiresLuhn: Bool = true,
        masksByPanLength: [Int: String] = [:]
    ) -> Entry {
        Entry(
            brand: CardBrand(
                code: code, name: name, paymentProductId: paymentProductId, panLengths: panLengths,
                cvcLength: cvc, mask: mask, requiresLuhn: requiresLuhn, masksByPanLength: masksByPanLength),
            prefixes: BrandPrefix.list(prefixes)!)
    }
}
