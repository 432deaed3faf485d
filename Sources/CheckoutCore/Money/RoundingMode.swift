/// How a conversion rounds its exact result to whole minor units (amounts are never
/// negative, so "up" means away from zero).
public enum RoundingMode: String, Sendable, Hashable, CaseIterable {
    /// A half goes up: 12.5 → 13, 13.5 → 14. The default, and BlueSnap's.
    case halfUp = "HALF_UP"
    /// A half goes to the even neighbour (banker's rounding): 12.5 → 12, 13.5 → 14.
    case halfEven = "HALF_EVEN"

    /// `quotient` rounded by what `remainder / divisor` (below 1) says.
    func round(quotient: UInt128, remainder: UInt128, divisor: UInt128) -> (value: UInt128, overflow: Bool) {
        let rest = divisor - remainder
        let up: Bool
        switch self {
        case .halfUp: up = remainder >= rest
        case .halfEven: up = remainder > rest || (remainder == rest && quotient % 2 == 1)
        }
        return up ? quotient.addingReportingOverflow(1) : (quotient, false)
    }
}

extension RoundingMode: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let mode = RoundingMode(rawValue: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "must be \(Self.allCases.map(\.rawValue).joined(separator: " or "))")
        }
        self = mode
    }
}
