/// The operands of a number that CLDR plural rules test (UTS #35, "Plural Operand Meanings").
///
/// All operands describe the absolute value of the number:
///
/// | source      | n       | i       | v | w | f  | t | c |
/// |-------------|---------|---------|---|---|----|---|---|
/// | `1`         | 1       | 1       | 0 | 0 | 0  | 0 | 0 |
/// | `"1.0"`     | 1.0     | 1       | 1 | 0 | 0  | 0 | 0 |
/// | `"1.50"`    | 1.5     | 1       | 2 | 1 | 50 | 5 | 0 |
/// | `"1.2c3"`   | 1200    | 1200    | 0 | 0 | 0  | 0 | 3 |
/// | `"1.0000001c6"` | 1000000.1 | 1000000 | 1 | 1 | 1 | 1 | 6 |
package struct PluralOperands: Sendable, Hashable {
    /// n: the absolute value of the number. The generated rules test `n` through `i` and `f`
    /// (`n = 2..4` holds for the integers 2, 3 and 4 only), so this is informational.
    package var n: Double
    /// i: the integer digits of n. A decimal with more integer digits than `Int64` holds keeps
    /// its lowest 18 digits, as ICU's `DecimalQuantity` does.
    package var i: Int64
    /// v: the number of visible fraction digits of n, with trailing zeros.
    package var v: Int
    /// w: the number of visible fraction digits of n, without trailing zeros.
    package var w: Int
    /// f: the visible fraction digits of n, with trailing zeros, as an integer (at most 18 digits).
    package var f: Int64
    /// t: the visible fraction digits of n, without trailing zeros, as an integer.
    package var t: Int64
    /// c: the compact decimal exponent (`1.2c3` is 1200 written as 1.2 thousand).
    package var c: Int
    /// e: a deprecated synonym of `c`, the name CLDR 42's rules use.
    package var e: Int { c }

    /// Operands given one by one.
    package init(n: Double, i: Int64, v: Int, w: Int, f: Int64, t: Int64, c: Int = 0) {
        self.n = n
        self.i = i
        self.v = v
        self.w = w
        self.f = f
        self.t = t
        self.c = c
    }

    /// The operands of an integer: no visible fraction digits.
    package init(_ value: Int64) {
        let magnitude = value == .min ? Int64.max : (value < 0 ? -value : value)
        self.init(n: Double(magnitude), i: magnitude, v: 0, w: 0, f: 0, t: 0)
    }

    /// The operands of an integer: no visible fraction digits.
    package init(_ value: Int) { self.init(Int64(value)) }

    /// The operands of a double exactly as ICU's `uplrules_select` (`PluralRules::select(double)`,
    /// through ICU's `FixedDecimal(double)`) sees them: the visible fraction digits are those of
    /// the number rounded to 16 significant digits, without trailing zeros (0.5 has v = 1,
    /// 1.0 has v = 0, 0.1 + 0.2 has v = 1). So a double never has visible trailing zeros; to keep
    /// them ("1.0", "1.50"), use `init?(decimal:)`. ICU's quirks are kept too: up to 3 fraction
    /// digits are found by scaling the double by 10, 100, 1000, and NaN, infinities and
    /// magnitudes of 2^63 and more have i = v = f = 0.
    package init(_ value: Double) {
        let x = value.magnitude
        guard x.isFinite, x < 9_223_372_036_854_775_808.0 else {
            self.init(n: x, i: 0, v: 0, w: 0, f: 0, t: 0)
            return
        }
        let v = ICUFixedDecimal.fractionDigitCount(x)
        let f = ICUFixedDecimal.fractionalDigits(x, v)
        var t = f, w = v
        if f == 0 {
            t = 0
            w = 0
        } else {
            while t % 10 == 0 { t /= 10; w -= 1 }
        }
        self.init(n: x, i: Int64(x), v: v, w: max(w, 0), f: f, t: t)
    }

    /// The operands of a decimal number as written: `"1"`, `"-1.50"` (v = 2, f = 50, t = 5),
    /// `"1.0"` (v = 1), and CLDR's compact-exponent notation of plural samples, `"1c6"` or
    /// `"1.2e3"` (n = 1200, c = e = 3). Nil when the text is not such a number.
    package init?(decimal text: some StringProtocol) {
        var integer: [UInt8] = []
        var fraction: [UInt8] = []
        var exponent = 0
        var utf8 = Substring(text).utf8[...]
        if let first = utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            utf8 = utf8.dropFirst()
        }
        while let b = utf8.first, b >= 0x30, b <= 0x39 { integer.append(b - 0x30); utf8 = utf8.dropFirst() }
        if utf8.first == UInt8(ascii: ".") {
            utf8 = utf8.dropFirst()
            while let b = utf8.first, b >= 0x30, b <= 0x39 { fraction.append(b - 0x30); utf8 = utf8.dropFirst() }
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return nil }
        if let b = utf8.first, b == UInt8(ascii: "c") || b == UInt8(ascii: "e") || b == UInt8(ascii: "C") || b == UInt8(ascii: "E") {
            utf8 = utf8.dropFirst()
            var negative = false
            if let s = utf8.first, s == UInt8(ascii: "-") || s == UInt8(ascii: "+") {
                negative = s == UInt8(ascii: "-")
                utf8 = utf8.dropFirst()
            }
            var digits = 0
            while let b = utf8.first, b >= 0x30, b <= 0x39 {
                guard exponent < 100_000 else { return nil }
                exponent = exponent * 10 + Int(b - 0x30)
                digits += 1
                utf8 = utf8.dropFirst()
            }
            guard digits > 0 else { return nil }
            if negative { exponent = -exponent }
        }
        guard utf8.isEmpty else { return nil }
        self.init(integerDigits: integer, fractionDigits: fraction, exponent: exponent)
    }

    /// The operands of a number as a locale's number formatter wrote it: every decimal digit of
    /// any script (Arabic-Indic `١٬٢٣٤٫٥`, Devanagari, full-width, and the `〇一二…九` of the
    /// `hanidec` numbering system) is a digit, the first `decimalSeparator` starts the fraction,
    /// and everything else (grouping separators, signs, spaces, currency and percent signs, units)
    /// is skipped. Visible fraction digits count with their trailing zeros ("1,50" in German has
    /// v = 2). A compact format ("1,2 M") does not show its exponent: pass it as
    /// `compactExponent` (6 for millions), and the digits are scaled by it. Scientific notation
    /// is not understood. Nil when there is no digit.
    package init?(
        formatted text: some StringProtocol, decimalSeparator: some StringProtocol,
        compactExponent: Int = 0
    ) {
        var integer: [UInt8] = []
        var fraction: [UInt8] = []
        var inFraction = false
        let separator = Array(Substring(decimalSeparator).unicodeScalars)
        let scalars = Array(Substring(text).unicodeScalars)
        var k = 0
        while k < scalars.count {
            if !inFraction, !separator.isEmpty, scalars[k] == separator[0],
                k + separator.count <= scalars.count, Array(scalars[k..<(k + separator.count)]) == separator
            {
                inFraction = true
                k += separator.count
                continue
            }
            if let d = Self.digitValue(scalars[k]) {
                if inFraction { fraction.append(d) } else { integer.append(d) }
            }
            k += 1
        }
        guard !integer.isEmpty || !fraction.isEmpty else { return nil }
        self.init(integerDigits: integer, fractionDigits: fraction, exponent: compactExponent)
    }

    /// The value of a decimal digit of any script, or of a `hanidec` digit; nil otherwise.
    static func digitValue(_ s: Unicode.Scalar) -> UInt8? {
        if s.value >= 0x30 && s.value <= 0x39 { return UInt8(s.value - 0x30) }
        if s.value < 0x80 { return nil }
        switch s.value {
        case 0x3007: return 0  // 〇
        case 0x4E00: return 1  // 一
        case 0x4E8C: return 2  // 二
        case 0x4E09: return 3  // 三
        case 0x56DB: return 4  // 四
        case 0x4E94: return 5  // 五
        case 0x516D: return 6  // 六
        case 0x4E03: return 7  // 七
        case 0x516B: return 8  // 八
        case 0x4E5D: return 9  // 九
        default: break
        }
        guard s.properties.numericType == .decimal, let value = s.properties.numericValue,
            value >= 0, value <= 9
        else { return nil }
        return UInt8(value)
    }

    /// The operands of `integerDigits.fractionDigits × 10^exponent`, the exponent being the
    /// compact exponent `c`: the decimal point moves, so "1.0000001c6" is 1000000.1 with v = 1.
    init(integerDigits: [UInt8], fractionDigits: [UInt8], exponent: Int) {
        var integer = integerDigits
        var fraction = fractionDigits
        if exponent > 0 {
            let moved = min(exponent, fraction.count)
            integer += fraction[..<moved]
            fraction.removeFirst(moved)
            integer += repeatElement(0, count: exponent - moved)
        } else if exponent < 0 {
            let moved = min(-exponent, integer.count)
            fraction = Array(integer[(integer.count - moved)...]) + fraction
            integer.removeLast(moved)
            fraction = Array(repeating: 0, count: -exponent - moved) + fraction
        }
        if let firstNonZero = integer.firstIndex(where: { $0 != 0 }) {
            integer.removeFirst(firstNonZero)
        } else {
            integer = []
        }

        // i: exact when it fits in Int64, else its lowest 18 digits (ICU's DecimalQuantity).
        var i: Int64 = 0
        var overflow = false
        for d in integer {
            let (m, o1) = i.multipliedReportingOverflow(by: 10)
            let (s, o2) = m.addingReportingOverflow(Int64(d))
            if o1 || o2 { overflow = true; break }
            i = s
        }
        if overflow {
            i = 0
            for d in integer.suffix(18) { i = i * 10 + Int64(d) }
        }
        // f and t: the first 18 fraction digits.
        var f: Int64 = 0
        for d in fraction.prefix(18) { f = f * 10 + Int64(d) }
        var w = fraction.count
        while w > 0 && fraction[w - 1] == 0 { w -= 1 }
        var t = f
        while t != 0 && t % 10 == 0 { t /= 10 }

        var text = integer.isEmpty ? "0" : String(decoding: integer.map { $0 + 0x30 }, as: UTF8.self)
        if !fraction.isEmpty {
            text += "." + String(decoding: fraction.map { $0 + 0x30 }, as: UTF8.self)
        }
        self.init(n: Double(text) ?? .infinity, i: i, v: fraction.count, w: w, f: f, t: t, c: exponent)
    }
}

/// ICU's `FixedDecimal(double)` (plurrule.cpp), which `uplrules_select(double)` uses.
enum ICUFixedDecimal {
    /// `FixedDecimal::decimals`: the number of fraction digits of a non-negative finite double.
    /// Fast path: the first k in 0...3 with `x * 10^k` a whole double. Else the digits of
    /// `printf("%1.15e", x)` (16 significant digits, correctly rounded) without trailing zeros,
    /// minus the decimal exponent; it can be negative for large numbers with a fraction.
    static func fractionDigitCount(_ x: Double) -> Int {
        let scales: [Double] = [1, 10, 100, 1000]
        for k in 0..<4 {
            let scaled = x * scales[k]
            if scaled == scaled.rounded(.down) { return k }
        }
        let (digits, exponent) = sixteenSignificantDigits(x)
        var d = digits
        var count = 15
        while count > 0 && d % 10 == 0 { d /= 10; count -= 1 }
        return count - exponent
    }

    /// `FixedDecimal::getFractionalDigits`: the first `v` fraction digits, rounded, as ICU
    /// computes them in double arithmetic.
    static func fractionalDigits(_ x: Double, _ v: Int) -> Int64 {
        let floor = x.rounded(.down)
        if v == 0 || x == floor || !x.isFinite { return 0 }
        let fract = x - floor
        switch v {
        case 1: return Int64(fract * 10.0 + 0.5)
        case 2: return Int64(fract * 100.0 + 0.5)
        case 3: return Int64(fract * 1000.0 + 0.5)
        default:
            let scaled = (fract * powerOfTen(v) + 0.5).rounded(.down)
            return scaled >= 9_223_372_036_854_775_808.0 ? .max : Int64(scaled)
        }
    }

    /// 10^k, correctly rounded (as glibc's `pow(10, k)`).
    static func powerOfTen(_ k: Int) -> Double {
        if k >= 0 && k <= 22 {
            var p = 1.0
            for _ in 0..<k { p *= 10 }  // exact up to 10^22
            return p
        }
        return Double("1e\(k)") ?? (k < 0 ? 0 : .infinity)
    }

    /// The digits of a positive, finite, non-integer double rounded to 16 significant digits
    /// (half to even, exactly as `printf("%1.15e")`): `digits` in 10^15..<10^16 and the decimal
    /// exponent of the first digit. Exact: the double is m·2^-p, and m·10^K is a big integer.
    static func sixteenSignificantDigits(_ x: Double) -> (digits: UInt64, exponent: Int) {
        let m: UInt64
        let p: Int
        if x.exponentBitPattern == 0 {
            m = x.significandBitPattern
            p = 1074
        } else {
            m = x.significandBitPattern | (1 << 52)
            p = 1075 - Int(x.exponentBitPattern)
        }
        // A non-integer below 2^52 has p > 0. (Integers never get here.)
        precondition(p > 0, "sixteenSignificantDigits needs a non-integer")
        let lower: UInt64 = 1_000_000_000_000_000
        let upper: UInt64 = 10_000_000_000_000_000
        var exponent = (Int(x.exponent) * 78913) >> 18  // floor(log2(x) · log10(2)), or one less
        while true {
            let k = 15 - exponent
            let big = BigUInt.times(m, powerOfTen: k)
            guard let q = big.shiftedRight(p) else { exponent += 1; continue }
            if q < lower { exponent -= 1; continue }
            if q >= upper { exponent += 1; continue }
            var digits = q
            switch big.compareRemainderToHalf(p) {
            case .above: digits += 1
            case .half: if digits % 2 == 1 { digits += 1 }
            case .below: break
            }
            if digits == upper { return (lower, exponent + 1) }
            return (digits, exponent)
        }
    }
}

/// Just enough of an unsigned big integer for `sixteenSignificantDigits`: 32-bit limbs, least
/// significant first.
struct BigUInt {
    var limbs: [UInt32]

    enum Half { case below, half, above }

    static func times(_ m: UInt64, powerOfTen k: Int) -> BigUInt {
        var b = BigUInt(limbs: [UInt32(truncatingIfNeeded: m), UInt32(truncatingIfNeeded: m >> 32)])
        var k = k
        while k > 0 {
            let step = min(k, 9)
            var factor: UInt64 = 1
            for _ in 0..<step { factor *= 10 }
            var carry: UInt64 = 0
            for j in b.limbs.indices {
                let product = UInt64(b.limbs[j]) * factor + carry
                b.limbs[j] = UInt32(truncatingIfNeeded: product)
                carry = product >> 32
            }
            while carry > 0 {
                b.limbs.append(UInt32(truncatingIfNeeded: carry))
                carry >>= 32
            }
            k -= step
        }
        return b
    }

    func bit(_ index: Int) -> Bool {
        let limb = index / 32
        return limb < limbs.count && (limbs[limb] >> UInt32(index % 32)) & 1 == 1
    }

    /// `self >> p` when it fits in 64 bits, else nil.
    func shiftedRight(_ p: Int) -> UInt64? {
        var result: UInt64 = 0
        let top = limbs.count * 32
        if top > p + 64 {
            for index in (p + 64)..<top where bit(index) { return nil }
        }
        var index = min(top, p + 64) - 1
        while index >= p {
            result = (result << 1) | (bit(index) ? 1 : 0)
            index -= 1
        }
        return result
    }

    /// How `self mod 2^p` compares with 2^(p-1).
    func compareRemainderToHalf(_ p: Int) -> Half {
        guard bit(p - 1) else { return .below }
        for index in 0..<(p - 1) where bit(index) { return .above }
        return .half
    }
}
