import Foundation
import ToolkitSupport

/// A day in the proleptic Gregorian calendar, as the user's wall calendar shows it.
///
/// Identifiers and per-day keys are built from this type, so they always use the Gregorian
/// calendar and ASCII digits (`2026-11-23`), whatever the user's locale or calendar. Arithmetic is
/// done on day numbers (days since 1970-01-01), without `Calendar`.
public struct LocalDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The Gregorian year (`2026`).
    public var year: Int
    /// The month, 1…12.
    public var month: Int
    /// The day of the month, 1…31.
    public var day: Int

    /// A date from its parts.
    /// - Parameters:
    ///   - year: the Gregorian year.
    ///   - month: 1…12.
    ///   - day: 1…31 (not checked against the month: use ``init(string:)`` to validate text).
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    /// The date `dayNumber` days after 1970-01-01 (negative before).
    /// - Parameter dayNumber: days since the Unix epoch's date.
    public init(dayNumber: Int) {
        // Howard Hinnant's civil_from_days.
        let z = dayNumber + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (m <= 2 ? 1 : 0), month: m, day: d)
    }

    /// Parses `YYYY-MM-DD` (ASCII digits, a real Gregorian date).
    /// - Parameter string: e.g. `"2028-02-29"`.
    /// - Returns: nil when the text is not such a date (`"2026-02-29"` is not).
    public init?(string: String) {
        let bytes = Array(string.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let y = Self.number(bytes[0..<4]), let m = Self.number(bytes[5..<7]), let d = Self.number(bytes[8..<10]),
            (1...12).contains(m), d >= 1, d <= Self.daysInMonth(year: y, month: m)
        else { return nil }
        self.init(year: y, month: m, day: d)
    }

    /// The local date of `instant` in `timeZone` (the zone's offset at that instant, from
    /// Foundation's time-zone data).
    /// - Parameters:
    ///   - instant: a moment in time.
    ///   - timeZone: the user's zone.
    public init(_ instant: Date, in timeZone: TimeZone) {
        let local = Int((instant.timeIntervalSince1970).rounded(.down)) + timeZone.secondsFromGMT(for: instant)
        self.init(dayNumber: Self.floorDiv(local, 86_400))
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int { ISO8601Reader.daysSince1970(year: year, month: month, day: day) }

    /// The ISO weekday: 1 = Monday … 7 = Sunday.
    public var isoWeekday: Int {
        // 1970-01-01 was a Thursday (4).
        (Self.floorMod(dayNumber + 3, 7)) + 1
    }

    /// The date `days` days later (earlier when negative).
    /// - Parameter days: the number of days to add.
    /// - Returns: the shifted date.
    public func adding(days: Int) -> LocalDate { LocalDate(dayNumber: dayNumber + days) }

    /// The Monday that starts this date's week (ISO weeks: the apps' week ends Sunday at midnight).
    public var startOfWeek: LocalDate { adding(days: 1 - isoWeekday) }

    /// The first day of this date's month.
    public var startOfMonth: LocalDate { LocalDate(year: year, month: month, day: 1) }

    /// The first day of the next month.
    public var startOfNextMonth: LocalDate {
        month == 12 ? LocalDate(year: year + 1, month: 1, day: 1) : LocalDate(year: year, month: month + 1, day: 1)
    }

    /// `YYYY-MM-DD` with ASCII digits.
    public var description: String {
        guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
            return "\(Self.pad(year, 4))-\(Self.pad(month, 2))-\(Self.pad(day, 2))"
        }
        // Ten ASCII bytes: a small string, built without interpolation or allocation.
        return String(unsafeUninitializedCapacity: 10) { out in
            out[0] = 0x30 + UInt8(year / 1000)
            out[1] = 0x30 + UInt8(year / 100 % 10)
            out[2] = 0x30 + UInt8(year / 10 % 10)
            out[3] = 0x30 + UInt8(year % 10)
            out[4] = 0x2D
            out[5] = 0x30 + UInt8(month / 10)
            out[6] = 0x30 + UInt8(month % 10)
            out[7] = 0x2D
            out[8] = 0x30 + UInt8(day / 10)
            out[9] = 0x30 + UInt8(day % 10)
            return 10
        }
    }

    /// `YYYY-MM` with ASCII digits (monthly keys).
    public var monthKey: String { "\(Self.pad(year, 4))-\(Self.pad(month, 2))" }

    /// `YYYY` with ASCII digits (yearly keys).
    public var yearKey: String { Self.pad(year, 4) }

    /// Whether `a` is an earlier day than `b`.
    public static func < (a: LocalDate, b: LocalDate) -> Bool { a.dayNumber < b.dayNumber }

    /// Reads a date written `YYYY-MM-DD`.
    /// - Throws: `DecodingError` when the string is not a valid date in that form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = LocalDate(string: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a date written YYYY-MM-DD.")
        }
        self = date
    }

    /// Writes the date as `YYYY-MM-DD` (``description``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    /// The number of days of a Gregorian month (29 February in leap years).
    /// - Parameters:
    ///   - year: the year.
    ///   - month: 1…12.
    /// - Returns: 28…31.
    public static func daysInMonth(year: Int, month: Int) -> Int { ISO8601Reader.daysInMonth(year: year, month: month) }

    package static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }
    package static func floorMod(_ a: Int, _ b: Int) -> Int { a - floorDiv(a, b) * b }

    package static func pad(_ value: Int, _ width: Int) -> String {
        if width == 2, (0...99).contains(value) {
            return String(unsafeUninitializedCapacity: 2) { out in
                out[0] = 0x30 + UInt8(value / 10)
                out[1] = 0x30 + UInt8(value % 10)
                return 2
            }
        }
        let digits = String(abs(value))
        let padded = String(repeating: "0", count: max(0, width - digits.count)) + digits
        return value < 0 ? "-" + padded : padded
    }

    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for b in bytes {
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(b - UInt8(ascii: "0"))
        }
        return value
    }
}
