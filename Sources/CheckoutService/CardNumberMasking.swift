import CheckoutCore
import JSONRPC

extension CheckoutService {
    /// What every error checkoutd writes goes through (API.md 9.9): a card number
    /// the host sent where it does not belong — a method or member name, an
    /// identifier, a value a message quotes — comes back masked, first 6 and last 4
    /// digits shown (`EmbeddedCardNumber`).
    public static let errorRedaction = ErrorRedaction(EmbeddedCardNumber.masking(in:))
}
