/// The package's one reader of ISO 8601 instants: `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM|±HHMM)`
/// (RFC 3339's date-time, plus a space or a lowercase `t` for the `T`, a comma for the decimal
/// point, an offset without its colon and seconds left out). Every instant needs its offset: a
/// wall time without one is not an instant.
package enum ISO8601Reader {
    /// Seconds since 1970-01-01T00:00:00Z (with the fraction given), or nil for text that is
    /// not such an instant (a date that does not exist, such as 2026-02-30, included).
    /// - Parameter text: the instant.
    package static func secondsSince1970(_ text: String) -> Double? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 17 else { return nil }
        var i = 0
        func digits(_ n: Int) -> Int? {
            guard i + n <= bytes.count else { return nil }
            var v = 0
            for b in bytes[i..<(i + n)] {
                guard b >= 48, b <= 57 else { return nil }
                v = v * 10 + Int(b - 48)
            }
            i += n
            return v
        }
        func expect(_ c: Character) -> Bool {
            guard i < bytes.count, bytes[i] == c.asciiValue! else { return false }
            i += 1
            return true
        }
        guard let year = digits(4), expect("-"), let month = digits(2), expect("-"), let day = digits(2),
            (1...12).contains(month), day >= 1, day <= daysInMonth(year: year, month: month),
            i < bytes.count, bytes[i] == UInt8(ascii: "T") || bytes[i] == UInt8(ascii: "t") || bytes[i] == UInt8(ascii: " ")
        else { return nil }
        i += 1
        guard let hour = digits(2), expect(":"), let minute = digits(2), hour < 24, minute < 60 else { return nil }
        var second = 0
        var fraction = 0.0
        if expect(":") {
            guard let s = digits(2), s < 61 else { return nil }
            second = s
            if i < bytes.count, bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ",") {
                i += 1
                var scale = 0.1
                let start = i
                while i < bytes.count, bytes[i] >= 48, bytes[i] <= 57 {
                    fraction += Double(bytes[i] - 48) * scale
                    scale /= 10
                    i += 1
                }
                guard i > start else { return nil }
            }
        }
        guard i < bytes.count else { return nil }
        var offset = 0
        switch bytes[i] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            i += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            let negative = bytes[i] == UInt8(ascii: "-")
            i += 1
            guard let oh = digits(2) else { return nil }
            _ = expect(":")
            guard let om = digits(2), oh < 24, om < 60 else { return nil }
            offset = (oh * 3600 + om * 60) * (negative ? -1 : 1)
        default:
            return nil
        }
        guard i == bytes.count else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Double(seconds) + fraction
    }

    /// Days from 1970-01-01 to a Gregorian date (Howard Hinnant's `days_from_civil`).
    package static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The number of days in a month of the Gregorian calendar.
    package static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}
