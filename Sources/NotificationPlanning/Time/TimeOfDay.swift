import AffirmationSelector

/// A wall-clock time of day, written `HH:mm` in JSON.
public struct TimeOfDay: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// 0…23.
    public var hour: Int
    /// 0…59.
    public var minute: Int

    /// A time of day.
    /// - Parameters:
    ///   - hour: 0…23.
    ///   - minute: 0…59.
    public init(hour: Int, minute: Int = 0) {
        self.hour = hour
        self.minute = minute
    }

    /// Parses `HH:mm` (or `H:mm`).
    /// - Parameter string: e.g. `"10:00"`.
    /// - Returns: nil unless hour is 0…23 and minute 0…59.
    public init?(string: String) {
        let parts = string.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }),
            let h = Int(parts[0]), let m = Int(parts[1]), (0...23).contains(h), (0...59).contains(m)
        else { return nil }
        self.init(hour: h, minute: m)
    }

    /// Minutes since midnight.
    public var minutes: Int { hour * 60 + minute }

    /// `HH:mm` with ASCII digits.
    public var description: String { "\(LocalDate.pad(hour, 2)):\(LocalDate.pad(minute, 2))" }

    /// Whether `a` is earlier in the day than `b`.
    public static func < (a: TimeOfDay, b: TimeOfDay) -> Bool { a.minutes < b.minutes }

    /// Reads a time written `HH:mm` (00:00 to 23:59).
    /// - Throws: `DecodingError` when the string is not a valid time in that form.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let time = TimeOfDay(string: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a time written HH:mm (00:00 to 23:59).")
        }
        self = time
    }

    /// Writes the time as `HH:mm` (``description``).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
