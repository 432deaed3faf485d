/// One input of a payment product (`cardNumber`, `iban`, `issuerId`, …): its value
/// type, the rules a value must meet, and how to present it.
///
/// Decoding reads the catalog shape, where a field may add `labels` (its label per
/// locale); encoding writes the wire shape.
///
/// A value whose parts sit behind one immutable reference: every request that
/// judges a product's values copies its fields, and a copy then counts one
/// reference instead of one for each of the field's strings and arrays. A
/// change (rare: localizing) makes new parts.
public struct PaymentProductField: Sendable, Hashable {
    private var box: Box

    public var id: String {
        get { box.parts.id }
        set { change { $0.id = newValue } }
    }
    public var type: FieldType {
        get { box.parts.type }
        set { change { $0.type = newValue } }
    }
    public var dataRestrictions: DataRestrictions {
        get { box.parts.dataRestrictions }
        set { change { $0.dataRestrictions = newValue } }
    }
    public var displayHints: FieldDisplayHints {
        get { box.parts.displayHints }
        set { change { $0.displayHints = newValue } }
    }
    /// The field's label per locale; `displayHints.label` is the default.
    public var labels: LocalizedLabels? {
        get { box.parts.labels }
        set { change { $0.labels = newValue } }
    }

    public init(
        id: String, type: FieldType, dataRestrictions: DataRestrictions, displayHints: FieldDisplayHints,
        labels: LocalizedLabels? = nil
    ) {
        box = Box(Parts(id: id, type: type, dataRestrictions: dataRestrictions, displayHints: displayHints,
                        labels: labels))
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.box === rhs.box || lhs.box.parts == rhs.box.parts
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.parts)
    }

    private mutating func change(_ body: (inout Parts) -> Void) {
        var parts = box.parts
        body(&parts)
        box = Box(parts)
    }

    private struct Parts: Sendable, Hashable {
        var id: String
        var type: FieldType
        var dataRestrictions: DataRestrictions
        var displayHints: FieldDisplayHints
        var labels: LocalizedLabels?
    }

    private final class Box: Sendable {
        let parts: Parts

        init(_ parts: Parts) {
            self.parts = parts
        }
    }
}

extension PaymentProductField: CustomDebugStringConvertible {
    /// The parts, printed as they were before they moved behind the reference.
    public var debugDescription: String {
        "PaymentProductField" + String(describing: box.parts).drop { $0 != "(" }
    }
}

/// The type of a field's value; every value travels as a string.
public enum FieldType: String, Sendable, Hashable, Codable, CaseIterable {
    case string, numericstring, expirydate, integer, boolean
}

/// Whether a field must be filled in, and the validators its value must pass.
public struct DataRestrictions: Sendable, Hashable, Codable {
    public var isRequired: Bool
    public var validators: FieldValidators

    public init(isRequired: Bool, validators: FieldValidators = FieldValidators()) {
        self.isRequired = isRequired
        self.validators = validators
    }
}

/// How a field is presented: order, label, placeholder, mask and input control.
public struct FieldDisplayHints: Sendable, Hashable, Codable {
    public var displayOrder: Int
    public var label: String
    public var placeholderLabel: String?
    /// The input mask; values may be sent masked or not, they are unmasked with it first.
    public var mask: Mask?
    /// True for secrets (the CVC) that a form should hide as they are typed.
    public var obfuscate: Bool
    public var alwaysShow: Bool
    /// The keyboard a form should offer, e.g. `IntegerKeyboard`.
    public var preferredInputType: String
    public var formElement: FormElement
    public var tooltip: Tooltip?

    public init(
        displayOrder: Int, label: String, placeholderLabel: String? = nil, mask: Mask? = nil, obfuscate: Bool = false,
        alwaysShow: Bool = false, preferredInputType: String, formElement: FormElement, tooltip: Tooltip? = nil
    ) {
        self.displayOrder = displayOrder
        self.label = label
        self.placeholderLabel = placeholderLabel
        self.mask = mask
        self.obfuscate = obfuscate
        self.alwaysShow = alwaysShow
        self.preferredInputType = preferredInputType
        self.formElement = formElement
        self.tooltip = tooltip
    }
}

/// The control that edits a field, and for lists the values it offers.
public struct FormElement: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case text, list, boolean, currency, date
    }

    public var type: Kind
    public var valueMapping: [ValueMappingItem]?

    public init(type: Kind, valueMapping: [ValueMappingItem]? = nil) {
        self.type = type
        self.valueMapping = valueMapping
    }
}

/// One choice of a list field: the value sent and the name shown.
public struct ValueMappingItem: Sendable, Hashable, Codable {
    public var value: String
    public var displayName: String

    public init(value: String, displayName: String) {
        self.value = value
        self.displayName = displayName
    }
}

/// Help shown next to a field. `labels` holds the text per locale in the catalog.
public struct Tooltip: Sendable, Hashable {
    public var label: String
    public var labels: LocalizedLabels?

    public init(label: String, labels: LocalizedLabels? = nil) {
        self.label = label
        self.labels = labels
    }
}

extension Tooltip: Codable {
    private enum CodingKeys: String, CodingKey { case label, labels }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(label: try container.decode(String.self, forKey: .label),
                  labels: try container.decodeIfPresent(LocalizedLabels.self, forKey: .labels))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(label, forKey: .label)
    }
}

extension PaymentProductField: Codable {
    private enum CodingKeys: String, CodingKey { case id, type, dataRestrictions, displayHints, labels }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            id: try container.decode(String.self, forKey: .id),
            type: try container.decode(FieldType.self, forKey: .type),
            dataRestrictions: try container.decode(DataRestrictions.self, forKey: .dataRestrictions),
            displayHints: try container.decode(FieldDisplayHints.self, forKey: .displayHints),
            labels: try container.decodeIfPresent(LocalizedLabels.self, forKey: .labels))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(dataRestrictions, forKey: .dataRestrictions)
        try container.encode(displayHints, forKey: .displayHints)
    }
}
