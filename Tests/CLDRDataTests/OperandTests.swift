// Compared with ICU 72 itself: only in the SystemICU build (Linux), where ICUKit is there.
#if SystemICU && os(Linux)
import CLDRData
// Plain `import`, not `@testable`: a testable import of ICUKit brings in the system ICU headers
// (module CICU), which clash with Foundation's own ICU (used by PluralData.swift) in one module;
// everything used here is `package` API anyway.
import ICUKit
import Testing

/// The operands of UTS #35's "Plural Operand Meanings" examples and of each way to make them.
@Suite struct OperandTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        let text: String, n: Double, i: Int64, v: Int, w: Int, f: Int64, t: Int64, c: Int
        var testDescription: String { text }
    }

    /// The UTS #35 table ("Plural Operand Examples"), plus a few more.
    @Test(arguments: [
        Expected(text: "1", n: 1, i: 1, v: 0, w: 0, f: 0, t: 0, c: 0),
        Expected(text: "1.0", n: 1, i: 1, v: 1, w: 0, f: 0, t: 0, c: 0),
        Expected(text: "1.00", n: 1, i: 1, v: 2, w: 0, f: 0, t: 0, c: 0),
        Expected(text: "1.3", n: 1.3, i: 1, v: 1, w: 1, f: 3, t: 3, c: 0),
        Expected(text: "1.30", n: 1.3, i: 1, v: 2, w: 1, f: 30, t: 3, c: 0),
        Expected(text: "1.03", n: 1.03, i: 1, v: 2, w: 2, f: 3, t: 3, c: 0),
        Expected(text: "1.230", n: 1.23, i: 1, v: 3, w: 2, f: 230, t: 23, c: 0),
        Expected(text: "1200000", n: 1_200_000, i: 1_200_000, v: 0, w: 0, f: 0, t: 0, c: 0),
        Expected(text: "1.2c6", n: 1_200_000, i: 1_200_000, v: 0, w: 0, f: 0, t: 0, c: 6),
        Expected(text: "123c6", n: 123_000_000, i: 123_000_000, v: 0, w: 0, f: 0, t: 0, c: 6),
        Expected(text: "123c5", n: 12_300_000, i: 12_300_000, v: 0, w: 0, f: 0, t: 0, c: 5),
        Expected(text: "1200.50", n: 1200.5, i: 1200, v: 2, w: 1, f: 50, t: 5, c: 0),
        Expected(text: "1.20050c3", n: 1200.5, i: 1200, v: 2, w: 1, f: 50, t: 5, c: 3),
        Expected(text: "1.2e3", n: 1200, i: 1200, v: 0, w: 0, f: 0, t: 0, c: 3),
        Expected(text: "1.0000001c6", n: 1_000_000.1, i: 1_000_000, v: 1, w: 1, f: 1, t: 1, c: 6),
        Expected(text: "-1.50", n: 1.5, i: 1, v: 2, w: 1, f: 50, t: 5, c: 0),
        Expected(text: "0.00", n: 0, i: 0, v: 2, w: 0, f: 0, t: 0, c: 0),
        Expected(text: ".5", n: 0.5, i: 0, v: 1, w: 1, f: 5, t: 5, c: 0),
        Expected(text: "12345678901234567890.5", n: 12_345_678_901_234_567_890.5, i: 345_678_901_234_567_890, v: 1, w: 1, f: 5, t: 5, c: 0)
    ])
    func decimalText(_ e: Expected) throws {
        let o = try #require(PluralOperands(decimal: e.text))
        #expect(o == PluralOperands(n: e.n, i: e.i, v: e.v, w: e.w, f: e.f, t: e.t, c: e.c))
        #expect(o.e == o.c)
    }

    @Test(arguments: ["", "-", ".", "abc", "1.2.3", "1c", "1c6x", "1,5", " 1"])
    func notADecimal(_ text: String) {
        #expect(PluralOperands(decimal: text) == nil)
    }

    @Test func integers() {
        #expect(PluralOperands(Int64(0)) == PluralOperands(n: 0, i: 0, v: 0, w: 0, f: 0, t: 0))
        #expect(PluralOperands(-21) == PluralOperands(n: 21, i: 21, v: 0, w: 0, f: 0, t: 0))
        #expect(PluralOperands(Int64.min).i == Int64.max)
        #expect(PluralOperands(Int64(1_000_000)) == PluralOperands(decimal: "1000000"))
    }

    /// Doubles as ICU's `uplrules_select(double)` sees them: no visible trailing zeros.
    @Test func doubles() {
        #expect(PluralOperands(1.0) == PluralOperands(n: 1, i: 1, v: 0, w: 0, f: 0, t: 0))
        #expect(PluralOperands(1.5) == PluralOperands(n: 1.5, i: 1, v: 1, w: 1, f: 5, t: 5))
        #expect(PluralOperands(-2.25) == PluralOperands(n: 2.25, i: 2, v: 2, w: 2, f: 25, t: 25))
        #expect(PluralOperands(1.0001) == PluralOperands(n: 1.0001, i: 1, v: 4, w: 4, f: 1, t: 1))
        // 0.30000000000000004: 16 significant digits, as ICU, make it 0.3.
        #expect(PluralOperands(0.1 + 0.2) == PluralOperands(n: 0.1 + 0.2, i: 0, v: 1, w: 1, f: 3, t: 3))
        #expect(PluralOperands(123.456789) == PluralOperands(n: 123.456789, i: 123, v: 6, w: 6, f: 456_789, t: 456_789))
        #expect(PluralOperands(1e-7).v == 7)
        #expect(PluralOperands(1e20) == PluralOperands(n: 1e20, i: 0, v: 0, w: 0, f: 0, t: 0))
        #expect(PluralOperands(Double.nan).i == 0)
        #expect(PluralOperands(Double.infinity).v == 0)
    }

    @Test func formattedText() throws {
        #expect(PluralOperands(formatted: "1.234,50", decimalSeparator: ",") == PluralOperands(decimal: "1234.50"))
        #expect(PluralOperands(formatted: "1,234.5", decimalSeparator: ".") == PluralOperands(decimal: "1234.5"))
        #expect(PluralOperands(formatted: "١٬٢٣٤٫٥٠", decimalSeparator: "٫") == PluralOperands(decimal: "1234.50"))
        #expect(PluralOperands(formatted: "१,२३,४५६", decimalSeparator: ".") == PluralOperands(decimal: "123456"))
        #expect(PluralOperands(formatted: "-12\u{202F}345,0\u{00A0}€", decimalSeparator: ",") == PluralOperands(decimal: "12345.0"))
        #expect(PluralOperands(formatted: "1,2\u{00A0}M", decimalSeparator: ",", compactExponent: 6) == PluralOperands(decimal: "1.2c6"))
        #expect(PluralOperands(formatted: "一二.五", decimalSeparator: ".") == PluralOperands(decimal: "12.5"))
        #expect(PluralOperands(formatted: "12 %", decimalSeparator: ",") == PluralOperands(Int64(12)))
        #expect(PluralOperands(formatted: "€", decimalSeparator: ",") == nil)
    }

    /// Text formatted by ICU's number formatters for several locales and numbering systems reads
    /// back as the formatted number, with the locale's decimal separator.
    @Test(arguments: [
        ("en", "."), ("de", ","), ("fr", ","), ("ar", "٫"), ("ar-EG", "٫"), ("fa", "٫"), ("hi-u-nu-deva", "."),
        ("bn", "."), ("mr", "."), ("my", "."), ("zh-u-nu-hanidec", "."), ("de-CH", "."), ("es-MX", ".")
    ])
    func readsICUFormattedNumbers(_ locale: String, _ separator: String) throws {
        for (value, skeleton) in [("1234567.50", ".00"), ("0.5", ".0"), ("12", "precision-integer"), ("1000.125", ".000")] {
            let text = try ICUNumberFormatter.formatter(localeID: locale, skeleton: skeleton)
            let r = try FormattedNumber()
            try text.format(decimal: value, into: r)
            #expect(PluralOperands(formatted: r.string, decimalSeparator: separator) == PluralOperands(decimal: value), "\(locale) \(r.string)")
        }
    }

    /// Random doubles of every kind: the generated rules over `PluralOperands(Double)` select what
    /// ICU's `uplrules_select(double)` selects, in one locale of every rule set.
    @Test func randomDoublesAgreeWithICU() throws {
        var seen = Set<PluralRuleSet>()
        var locales: [(String, Bool, PluralRuleSet)] = []
        for c in PluralData.shared.cases {
            let set = CLDRPluralRules.ruleSet(for: c.locale, ordinal: c.ordinal)
            if seen.insert(set).inserted { locales.append((c.locale, c.ordinal, set)) }
        }
        #expect(seen.count == PluralRuleSet.allCases.count)
        var rng = SplitMix(seed: 0x5eed)
        var values: [Double] = [0.1 + 0.2, 8.3001, 4503599627370495.5, 1e-300, .leastNonzeroMagnitude, 0.9999999999999999, 1234.5678]
        for _ in 0..<2000 {
            let scale = [1.0, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7, 1e9][Int(rng.next() % 9)]
            values.append(Double(rng.next() % 100_000_000) / scale)
            values.append(Double(bitPattern: 0x3F00_0000_0000_0000 + rng.next() % 0x0200_0000_0000_0000))
        }
        var problems: [String] = []
        for (locale, ordinal, set) in locales {
            let icu = try ICUKit.PluralRules.rules(localeID: locale, kind: ordinal ? .ordinal : .cardinal)
            for x in values where icu.select(x).keyword != set.select(PluralOperands(x)).keyword {
                problems.append(
                    "\(locale)\(ordinal ? " ordinal" : "") \(x): ICU \(icu.select(x).keyword), generated \(set.select(PluralOperands(x)).keyword) \(PluralOperands(x))"
                )
            }
        }
        #expect(problems.isEmpty, "\(problems.count): \(problems.prefix(10).joined(separator: "; "))")
    }
}

struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
#endif
