import CheckoutCore
import Testing

/// A field keeps its parts behind one shared reference; these hold that it still
/// behaves as a value: a changed copy leaves the original alone, and equality
/// and hashing follow the contents, not the reference.
@Suite("Payment product field as a value")
struct PaymentProductFieldTests {
    static let original = ValidationFixtures.field(
        "cardNumber", type: .numericstring, order: 10, mask: ValidationFixtures.cardMask,
        FieldValidators(luhn: NoRuleParameters()))

    /// One change to each of the field's parts.
    static let changes: [(String, @Sendable (inout PaymentProductField) -> Void)] = [
        ("id", { $0.id = "cvv" }),
        ("type", { $0.type = .string }),
        ("dataRestrictions", { $0.dataRestrictions.isRequired = false }),
        ("displayHints.label", { $0.displayHints.label = "Kaartnummer" }),
        ("displayHints.mask", { $0.displayHints.mask = nil }),
        ("labels", { $0.labels = LocalizedLabels(["nl_NL": "Kaartnummer"]) }),
    ]

    @Test(arguments: changes.indices)
    func aChangedCopyLeavesTheOriginalAsItWas(index: Int) {
        let (part, change) = Self.changes[index]
        var copy = Self.original
        change(&copy)
        #expect(copy != Self.original, "changing \(part)")
        #expect(Self.original.id == "cardNumber" && Self.original.type == .numericstring)
        #expect(Self.original.dataRestrictions.isRequired && Self.original.labels == nil)
        #expect(Self.original.displayHints.label == "cardNumber" && Self.original.displayHints.mask != nil)
    }

    @Test func fieldsBuiltApartWithTheSameContentsAreEqualAndHashAlike() {
        let twin = ValidationFixtures.field(
            "cardNumber", type: .numericstring, order: 10, mask: ValidationFixtures.cardMask,
            FieldValidators(luhn: NoRuleParameters()))
        #expect(twin == Self.original)
        #expect(Set([twin, Self.original]).count == 1)
        var changedBack = Self.original
        changedBack.displayHints.label = "Card number"
        changedBack.displayHints.label = "cardNumber"
        #expect(changedBack == Self.original && changedBack.hashValue == Self.original.hashValue)
    }

    @Test func printsItsPartsRatherThanItsReference() {
        #expect(String(reflecting: Self.original).hasPrefix("PaymentProductField(id: \"cardNumber\", type: "))
    }
}
