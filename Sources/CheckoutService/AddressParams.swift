import CheckoutCore
import JSONRPC

/// A shipping address in params: an `Address` without `email`, which only a
/// billing address carries (BlueSnap `BSShippingAddressDetails`), so an `email`
/// member here is -32602 like any other unknown member.
struct ShippingAddress: Decodable, Sendable {
    let address: Address

    private enum CodingKeys: String, CodingKey {
        case name, address, city, zip, country, state, phone
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        address = Address(
            name: try container.decodeIfPresent(String.self, forKey: .name),
            address: try container.decodeIfPresent(String.self, forKey: .address),
            city: try container.decodeIfPresent(String.self, forKey: .city),
            zip: try container.decodeIfPresent(String.self, forKey: .zip),
            country: try container.decodeIfPresent(String.self, forKey: .country),
            state: try container.decodeIfPresent(String.self, forKey: .state),
            phone: try container.decodeIfPresent(String.self, forKey: .phone))
    }
}

/// A member that may be `null` on purpose: in `tokens.update`, an address left out
/// keeps the stored one, `null` removes it, an address replaces it. (Everywhere
/// else a `null` member is a wrong type.)
enum Nullable<Wrapped: Decodable & Sendable>: Decodable, Sendable {
    case null
    case value(Wrapped)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self = container.decodeNil() ? .null : .value(try container.decode(Wrapped.self))
    }

    var value: Wrapped? {
        if case .value(let wrapped) = self { return wrapped }
        return nil
    }

    func map<Other>(_ transform: (Wrapped) -> Other) -> Nullable<Other> {
        switch self {
        case .null: .null
        case .value(let wrapped): .value(transform(wrapped))
        }
    }
}

extension ParamChecks {
    /// The most characters (Unicode scalars) of an address member, as the `Address`
    /// and `BillingAddress` schemas say.
    static let maximumAddressMemberLength = 256

    /// Requires every member of `address` (at `path`) within the schema's bound.
    mutating func requireAddressBounds(_ address: Address?, at path: String) {
        guard let address else { return }
        for (name, value) in address.members {
            require((value ?? "").unicodeScalars.count <= Self.maximumAddressMemberLength, at: "\(path)/\(name)",
                    "must be at most \(Self.maximumAddressMemberLength) characters")
        }
    }

    /// Refuses a card number in the members of an address a token keeps (API.md 2
    /// and 9.9: the vault never holds one). The name is left to the name rule,
    /// which fails such a name as VALIDATION_FAILED like every other name.
    mutating func refuseCardNumbers(inKeptAddress address: Address?, at path: String) {
        guard let address else { return }
        for (name, value) in address.members where name != "name" {
            refuseCardNumber(in: value, at: "\(path)/\(name)")
        }
    }
}
