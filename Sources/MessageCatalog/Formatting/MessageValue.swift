import ToolkitSupport
import Foundation

/// A value for a message argument.
///
/// Numbers keep what a translator needs for plurals: an `.int` has no fraction digits, a
/// `.decimal` keeps the visible fraction digits it was written with (`"1.50"`), a `.double` is
/// formatted as ICU formats a double. Dates are instants.
public enum MessageValue: Sendable, Hashable, Codable {
    /// A whole number; it has no visible fraction digits, so plural rules see `v = 0`.
    case int(Int64)
    /// A binary floating-point number, formatted as ICU formats a double.
    case double(Double)
    /// A decimal number as written, e.g. "1.50" or "-0.5".
    case decimal(String)
    /// A text, shown as is or matched against the cases of a `select`.
    case string(String)
    /// An instant, as milliseconds since 1970-01-01T00:00:00Z (ICU's `UDate`).
    case date(millis: Double)

    /// An instant from a Foundation `Date`.
    public static func date(_ date: Date) -> MessageValue { .date(millis: (date.timeIntervalSince1970 * 1000).rounded()) }

    /// The value as a double, if it is a number (or a date: its milliseconds).
    public var doubleValue: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        case .decimal(let s): Double(s)
        case .date(let ms): ms
        case .string: nil
        }
    }

    /// Whether the value is a number (`.int`, `.double` or `.decimal`); a date is not.
    public var isNumber: Bool {
        switch self {
        case .int, .double, .decimal: true;
        default: false
        }
    }
}

extension MessageValue: ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral, ExpressibleByStringLiteral {
    /// Makes an ``int(_:)`` from an integer literal, so `["steps": 10432]` needs no `.int`.
    public init(integerLiteral value: Int64) { self = .int(value) }
    /// Makes a ``double(_:)`` from a floating-point literal; use ``decimal(_:)`` to keep
    /// trailing zeros such as `1.50`.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// Makes a ``string(_:)`` from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
}
