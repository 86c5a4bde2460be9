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
    private static func append(_ value: Int, width: Int, to out: inout [UInt8]) {
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

extension PlanNote {
    /// Writes `{"code", "parameters"}`.
    package func write(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.key("code"); w.string(code.rawValue)
        w.key("parameters"); w.object(parameters)
        w.endObject()
    }
}

extension AuthorizationRequest {
    /// Writes `{"options"}`.
    package func write(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.key("options"); w.strings(options)
        w.endObject()
    }
}

extension PlanResult {
    /// Writes the object of ``encode(to:)`` (`msgtool schedule`'s output).
    package func write(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.key("added"); NotificationRequest.write(added, to: &w)
        w.key("authorization"); w.string(authorization.rawValue)
        if let authorizationRequest { w.key("authorizationRequest"); authorizationRequest.write(to: &w) }
        w.key("noteCodes")
        w.beginArray()
        for note in noteDetails { note.write(to: &w) }
        w.endArray()
        w.key("notes"); w.strings(notes)
        w.key("now"); w.string(ISO8601Instant.string(now, in: TimeZone(identifier: timeZone)))
        w.key("pending"); NotificationRequest.write(pending, to: &w)
        w.key("removed"); w.strings(removed)
        w.key("timeZone"); w.string(timeZone)
        w.endObject()
    }
}
