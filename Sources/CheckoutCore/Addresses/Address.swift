/// A billing or shipping address as the customer entered it (BlueSnap
/// `BSBillingAddressDetails` / `BSShippingAddressDetails`).
///
/// Every member is optional here, even the ones a checkout requires, so that a
/// missing member is a validation error naming it (`AddressValidation`) rather
/// than a malformed request. Its coding keys are exactly these members, so the
/// service's params decoder rejects any other member, and a member that is not a
/// string, as an invalid param. Only a billing address carries an `email`
/// (BlueSnap's shipping address has none): the service decodes a shipping
/// address without it, so there it is an unknown member.
///
/// A token keeps the addresses it was created or updated with as they were sent,
/// and its account on file carries them back so a checkout can prefill its form.
public struct Address: Sendable, Hashable, Codable {
    /// The customer's full name: a first and a last name.
    public var name: String?
    /// The street address.
    public var address: String?
    public var city: String?
    /// The postal code.
    public var zip: String?
    /// ISO 3166-1 alpha-2, in either case (`US` or `us`).
    public var country: String?
    /// The state or province code, for the countries that have them (US, CA, BR).
    public var state: String?
    /// Kept but never validated.
    public var phone: String?
    /// The customer's e-mail address, on a billing address only (BlueSnap
    /// `BSBillingAddressDetails.email`): judged by the e-mail rule, and it stands
    /// for the checkout's e-mail when none is given on its own.
    public var email: String?

    public init(name: String? = nil, address: String? = nil, city: String? = nil, zip: String? = nil,
                country: String? = nil, state: String? = nil, phone: String? = nil, email: String? = nil) {
        self.name = name
        self.address = address
        self.city = city
        self.zip = zip
        self.country = country
        self.state = state
        self.phone = phone
        self.email = email
    }

    /// Every member with its name, in the order of the wire shape.
    public var members: [(name: String, value: String?)] {
        [("name", name), ("address", address), ("city", city), ("zip", zip), ("country", country),
         ("state", state), ("phone", phone), ("email", email)]
    }
}
