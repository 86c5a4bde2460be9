import Foundation
import ToolkitSupport
import ToolkitJSON
import AffirmationSelector

// The JSON of plans written by `JSONStreamWriter`: the same bytes as `JSONEncoder` with sorted
// keys gives for the `Encodable` conformances (tests compare the two), without building a tree.
// Each function writes its keys in sorted (UTF-8 byte) order.

extension JSONStreamWriter {
    /// Writes `instant` as the string ``ISO8601Instant/string(_:in:)`` gives, straight into the bytes.
    /// - Parameters:
    ///   - instant: the moment (fractions of a second are dropped).
    ///   - zone: the zone whose offset is shown; nil for UTC with `Z`.
    mutating func instant(_ instant: Date, in zone: TimeZone?) {
        let c = WallClock.components(of: instant, in: zone ?? ISO8601Instant.utc)
        value { out in
            out.append(0x22)
            Self.append(c.date, to: &out)
            out.append(0x54)
            Self.append(c.time.hour, width: 2, to: &out)
            out.append(0x3A)
            Self.append(c.time.minute, width: 2, to: &out)
            out.append(0x3A)
            Self.append(c.second, width: 2, to: &out)
            if zone == nil {
                out.append(0x5A)
            } else {
                let magnitude = abs(c.offset)
                out.append(c.offset < 0 ? 0x2D : 0x2B)
                Self.append(magnitude / 3600, width: 2, to: &out)
                out.append(0x3A)
                Self.append((magnitude % 3600) / 60, width: 2, to: &out)
            }
            out.append(0x22)
        }
    }

    /// Writes `date` as the string `YYYY-MM-DD` (`LocalDate.description`).
    mutating func date(_ date: LocalDate) {
        value { out in
            out.append(0x22)
            Self.append(date, to: &out)
            out.append(0x22)
        }
    }

    private static func append(_ date: LocalDate, to out: inout [UInt8]) {
        append(date.year, width: 4, to: &out)
        out.append(0x2D)
        append(date.month, width: 2, to: &out)
        out.append(0x2D)
        append(date.day, width: 2, to: &out)
    }

    /// `LocalDate.pad(value, width)`'s digits.
    static func append(_ value: Int, width: Int, to out: inout [UInt8]) {
        guard value >= 0, value < (width == 2 ? 100 : 10_000), width == 2 || width == 4 else {
            out.append(contentsOf: LocalDate.pad(value, width).utf8)
            return
        }
        if width == 4 {
            out.append(0x30 + UInt8(value / 1000))
            out.append(0x30 + UInt8(value / 100 % 10))
        }
        out.append(0x30 + UInt8(value / 10 % 10))
        out.append(0x30 + UInt8(value % 10))
    }
}

extension JSONStreamWriter {
    /// A finite number as `JSONEncoder` writes it: a whole number without a fraction, else the
    /// shortest text that reads back as the same `Double`.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}

extension JSONFieldWriter {
    /// Writes a time as `HH:mm`.
    mutating func time<F: JSONFields>(_ value: TimeOfDay, at field: F) throws(Failure) {
        try write(value, at: field) { w in w.string(value.description) }
    }

    /// Writes a date as `YYYY-MM-DD`.
    mutating func date<F: JSONFields>(_ value: LocalDate, at field: F) throws(Failure) {
        try write(value, at: field) { w in w.date(value) }
    }

    /// Writes a finite number as `JSONEncoder` writes it.
    mutating func number<F: JSONFields>(_ value: Double, at field: F) throws(Failure) {
        try write(value, at: field) { w in w.value { $0.append(contentsOf: JSONStreamWriter.number(value).utf8) } }
    }

    /// Writes an array of requests (the stream writer looks each distinct zone up once).
    mutating func requests<F: JSONFields>(_ values: [NotificationRequest], at field: F) throws(Failure) {
        try write(values, at: field) { w in NotificationRequest.write(values, to: &w) }
    }
}
