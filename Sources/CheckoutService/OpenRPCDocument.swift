import JSONRPC

/// The OpenRPC document compiled into the binary, so a copied `checkoutd` works alone.
enum OpenRPCDocument {
    /// Parsed once; `scripts/generate` keeps the embedded text equal to `Schemas/openrpc.json`.
    static let value: JSONValue = {
        do {
            return try JSONParser.parse(EmbeddedOpenRPC.text)
        } catch {
            preconditionFailure("the embedded OpenRPC document is not JSON: \(error)")
        }
    }()
}
