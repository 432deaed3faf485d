import CheckoutCore
import Logging

/// A log handler that masks every card number in a log line (API.md 9.9) before
/// the handler it wraps writes it: in the message, in each metadata value and
/// key, and in the description of an attached error (`EmbeddedCardNumber`).
/// checkoutd's code logs no card data; this holds for whatever a host's input
/// makes it log all the same (an unknown method's name, a store's message).
struct CardNumberMaskingLogHandler: LogHandler {
    private var wrapped: any LogHandler

    init(wrapping handler: any LogHandler) {
        wrapped = handler
    }

    var logLevel: Logger.Level {
        get { wrapped.logLevel }
        set { wrapped.logLevel = newValue }
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { wrapped.metadataProvider }
        set { wrapped.metadataProvider = newValue.map(Self.masking) }
    }

    var metadata: Logger.Metadata {
        get { wrapped.metadata }
        set { wrapped.metadata = Self.masked(newValue) }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { wrapped[metadataKey: key] }
        set { wrapped[metadataKey: Self.masked(key)] = newValue.map(Self.masked) }
    }

    func log(event: LogEvent) {
        var event = event
        event.message = Logger.Message(stringLiteral: Self.masked(event.message.description))
        var metadata = event.metadata.map(Self.masked)
        if let error = event.error {
            metadata = (metadata ?? [:]).merging(["error": .string(Self.masked("\(error)"))]) { first, _ in first }
            event.error = nil
        }
        event.metadata = metadata
        wrapped.log(event: event)
    }

    private static func masked(_ text: String) -> String {
        EmbeddedCardNumber.masking(in: text)
    }

    private static func masked(_ metadata: Logger.Metadata) -> Logger.Metadata {
        Dictionary(metadata.map { (masked($0.key), masked($0.value)) }) { first, _ in first }
    }

    private static func masked(_ value: Logger.Metadata.Value) -> Logger.Metadata.Value {
        switch value {
        case .string(let text): .string(masked(text))
        case .stringConvertible(let convertible): .string(masked(convertible.description))
        case .array(let values): .array(values.map(masked))
        case .dictionary(let metadata): .dictionary(masked(metadata))
        }
    }

    private static func masking(_ provider: Logger.MetadataProvider) -> Logger.MetadataProvider {
        Logger.MetadataProvider { masked(provider.get()) }
    }
}
