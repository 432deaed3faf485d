/// A text in several locales, keyed by `language_REGION` (`zh_CN`): how the
/// catalog names products and fields beyond their default (en_US) label.
public struct LocalizedLabels: Sendable, Hashable, Codable {
    public var byLocale: [String: String]

    public init(_ byLocale: [String: String]) {
        self.byLocale = byLocale
    }

    public init(from decoder: any Decoder) throws {
        byLocale = try decoder.singleValueContainer().decode([String: String].self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(byLocale)
    }

    /// The text for `locale`, or nil when there is none for it.
    public func label(for locale: String) -> String? {
        byLocale[locale]
    }

    /// Keys that are not `language_REGION`, each at its JSON Pointer below `path`.
    func inconsistencies(at path: String) -> [DataInconsistency] {
        byLocale.keys.sorted().filter { !CodeFormat.isLocale($0) }.map {
            DataInconsistency(path: "\(path)/\($0)", message: "is not a locale of the form language_REGION")
        }
    }
}
