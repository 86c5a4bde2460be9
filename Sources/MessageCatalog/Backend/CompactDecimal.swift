import CLDRData

/// A decimal number as ICU's number formatter rounds it: digits (most significant first, no
/// leading or trailing zeros; none for zero) times a power of ten. The Foundation backend rounds
/// compact notation with it exactly as ICU 72 does (`RoundingImpl::chooseMultiplierAndApply`
/// in number_rounding.cpp, with compact notation's default precision `Precision::integer()
/// .withMinDigits(2)`: whole numbers, but at least two significant digits; half-even).
struct CompactDecimal: Equatable {
    /// Whether the number is negative.
    var negative: Bool
    /// The digits, most significant first.
    private(set) var digits: [UInt8]
    /// The power of ten of the last digit.
    private(set) var exponent: Int

    /// A plain decimal as `Decimal.description` writes it (`-1234.5`, `1000000`); nil otherwise.
    init?(plain text: String) {
        var s = Substring(text)
        negative = s.hasPrefix("-")
        if negative { s = s.dropFirst() }
        let parts = s.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty || parts.count == 2 else { return nil }
        let fraction = parts.count == 2 ? parts[1] : ""
        var ds: [UInt8] = []
        for c in (whole + fraction).utf8 {
            guard c >= 0x30, c <= 0x39 else { return nil }
            ds.append(c - 0x30)
        }
        digits = ds
        exponent = -fraction.count
        normalize()
    }

    /// Whether the value is zero.
    var isZero: Bool { digits.isEmpty }

    /// The power of ten of the first digit (0 for zero).
    var magnitude: Int { isZero ? 0 : exponent + digits.count - 1 }

    /// The number of digits after the decimal point.
    var fractionDigits: Int { max(0, -exponent) }

    /// The integer value, when the number is a small whole number.
    var integerValue: Int? {
        guard exponent >= 0, magnitude < 15 else { return nil }
        var v = 0
        for d in digits { v = v * 10 + Int(d) }
        for _ in 0..<exponent { v *= 10 }
        return negative ? -v : v
    }

    /// Divides by 10^`powers`.
    mutating func scaleDown(by powers: Int) { if !isZero { exponent -= powers } }

    /// Rounds half-even to a multiple of 10^`power`.
    mutating func round(toPower power: Int) {
        guard !isZero, exponent < power else { return }
        let keep = magnitude - power + 1
        if keep < 0 { digits = []; normalize(); return }
        let first = keep < digits.count ? digits[keep] : 0
        let restNonZero = digits.dropFirst(keep + 1).contains { $0 != 0 }
        var kept = Array(digits.prefix(keep))
        let lastOdd = (kept.last ?? 0) % 2 == 1
        if first > 5 || (first == 5 && (restNonZero || lastOdd)) {
            var i = kept.count - 1
            while i >= 0, kept[i] == 9 { kept[i] = 0; i -= 1 }
            if i >= 0 { kept[i] += 1 } else { kept.insert(1, at: 0) }
        }
        digits = kept
        exponent = power
        normalize()
    }

    /// The number as plain ASCII digits with at least `minFraction` fraction digits (`-1.2`).
    func plain(minFraction: Int = 0) -> String {
        let fraction = max(fractionDigits, minFraction)
        var text = ""
        let allDigits = digits + [UInt8](repeating: 0, count: max(0, exponent))
        let padded =
            [UInt8](repeating: 0, count: max(0, fraction - allDigits.count + 1)) + allDigits
            + [UInt8](repeating: 0, count: fraction - fractionDigits)
        let integerCount = padded.count - fraction
        for (i, d) in padded.enumerated() {
            if i == integerCount { text.append(".") }
            text.append(Character(Unicode.Scalar(d + 0x30)))
        }
        return (negative && !isZero ? "-" : "") + (text.isEmpty ? "0" : text)
    }

    private mutating func normalize() {
        while let f = digits.first, f == 0 { digits.removeFirst() }
        while let l = digits.last, l == 0 { digits.removeLast(); exponent += 1 }
        if digits.isEmpty { exponent = 0 }
    }

    /// Rounds the number for compact notation and scales it down as `compact` says, as ICU 72
    /// does: scale by the power of ten the number's magnitude selects, round; if rounding carried
    /// into the next power of ten (999.9 → "1K", not "1000") and that power scales differently,
    /// rescale and round again. `fraction` is the skeleton's precision (`.00`: round to two
    /// fraction digits), nil for the compact default. Returns the magnitude of the number before
    /// scaling (the power of ten whose pattern applies) and how far it was scaled.
    mutating func compact(_ compact: CLDRNumberPatterns.Compact, fraction: Int?) -> (magnitude: Int, shift: Int) {
        func apply() { round(toPower: fraction.map { -$0 } ?? min(0, magnitude - 1)) }
        if isZero { return (0, 0) }
        let original = magnitude
        var shift = compact.shift(magnitude: original)
        scaleDown(by: shift)
        apply()
        if !isZero, magnitude != original - shift {
            let next = compact.shift(magnitude: original + 1)
            if next != shift {
                scaleDown(by: next - shift)
                apply()
                shift = next
            }
        }
        return (isZero ? 0 : magnitude + shift, shift)
    }
}
