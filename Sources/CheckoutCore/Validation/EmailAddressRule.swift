/// The `emailAddress` validator of the Online Payments SDKs, whose pattern is
/// `^[^@\.]+(\.[^@\.]+)*@([^@\.]+\.)*[^@\.]+\.[^@\.][^@\.]+$`.
///
/// Read as a rule: exactly one `@`; before it, one or more dot-separated parts;
/// after it, two or more dot-separated parts, the last of at least two characters;
/// no part is empty. A part may hold any character but `@` and `.` (the SDK accepts
/// `用户@例子.中国`, and spaces). Implemented over Unicode scalars, without `Regex`.
public enum EmailAddressRule {
    public static func accepts(_ value: String) -> Bool {
        let halves = value.unicodeScalars.split(separator: "@", omittingEmptySubsequences: false)
        guard halves.count == 2 else { return false }
        let local = halves[0].split(separator: ".", omittingEmptySubsequences: false)
        let domain = halves[1].split(separator: ".", omittingEmptySubsequences: false)
        guard domain.count >= 2, let last = domain.last, last.count >= 2 else { return false }
        return !local.contains(where: \.isEmpty) && !domain.contains(where: \.isEmpty)
    }
}
