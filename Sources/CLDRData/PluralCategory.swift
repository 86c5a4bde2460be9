/// A CLDR plural category. The cases are in CLDR order (zero, one, two, few, many, other), which
/// is also their `Comparable` order; the keywords are CLDR's and ICU's spelling.
package enum PluralCategory: UInt8, Sendable, CaseIterable, Comparable {
    case zero, one, two, few, many, other

    /// The category of a CLDR keyword (`"zero"`, `"one"`, `"two"`, `"few"`, `"many"`,
    /// `"other"`); nil for anything else.
    package init?(keyword: some StringProtocol) {
        switch keyword {
        case "zero": self = .zero
        case "one": self = .one
        case "two": self = .two
        case "few": self = .few
        case "many": self = .many
        case "other": self = .other
        default: return nil
        }
    }

    /// The CLDR keyword of the category.
    package var keyword: String {
        switch self {
        case .zero: "zero"
        case .one: "one"
        case .two: "two"
        case .few: "few"
        case .many: "many"
        case .other: "other"
        }
    }

    /// CLDR order: zero < one < two < few < many < other.
    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
