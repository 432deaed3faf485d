/// What is being paid, where, and in which language: the payment context of a
/// session (Online Payments `PaymentContext`). Products are offered per context.
public struct PaymentContext: Sendable, Hashable, Codable {
    public var amountOfMoney: AmountOfMoney
    /// ISO 3166-1 alpha-2, upper case.
    public var countryCode: String
    public var isRecurring: Bool
    /// `language_REGION`, as given; texts without a translation for it are in en_US.
    public var locale: String

    public static let defaultLocale = "en_US"

    public init(amountOfMoney: AmountOfMoney, countryCode: String, isRecurring: Bool = false,
                locale: String = PaymentContext.defaultLocale) {
        self.amountOfMoney = amountOfMoney
        self.countryCode = countryCode
        self.isRecurring = isRecurring
        self.locale = locale
    }

    private enum CodingKeys: String, CodingKey { case amountOfMoney, countryCode, isRecurring, locale }

    /// `isRecurring` defaults to false and `locale` to `en_US`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            amountOfMoney: try container.decode(AmountOfMoney.self, forKey: .amountOfMoney),
            countryCode: try container.decode(String.self, forKey: .countryCode),
            isRecurring: try container.decodeIfPresent(Bool.self, forKey: .isRecurring) ?? false,
            locale: try container.decodeIfPresent(String.self, forKey: .locale) ?? Self.defaultLocale)
    }
}
