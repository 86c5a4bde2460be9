// Compared with ICU 72 itself: only in the SystemICU build (Linux), where ICUKit is there.
#if SystemICU && os(Linux)
import CLDRData
// Plain `import`, not `@testable`: a testable import of ICUKit brings in the system ICU headers
// (module CICU), which clash with Foundation's own ICU (used by PluralData.swift) in one module;
// everything used here is `package` API anyway.
import ICUKit
import Testing

/// Every sample of every locale's rules in CLDR 42 (as ICU 72 carries them) against the
/// generated rules, and against ICU 72 itself.
@Suite struct SampleTests {
    @Test func dataIsICU72CLDR42() {
        let data = PluralData.shared
        #expect(data.file.icuVersion.hasPrefix("72."))
        #expect(data.file.cldrVersion.hasPrefix("42."))
        #expect(CLDRPluralRules.cldrVersion == data.file.cldrVersion)
        #expect(data.cases.count == data.file.cardinal.count + data.file.ordinal.count)
        let samples = data.cases.reduce(0) { $0 + $1.samples.count }
        let compact = data.cases.reduce(0) { $0 + $1.samples.count(where: { $0.compact != nil }) }
        print(
            "CLDRDataTests: \(data.file.cardinal.count) cardinal and \(data.file.ordinal.count) ordinal locales, \(samples) samples (\(compact) in c notation)"
        )
        #expect(samples > 10_000)
    }

    /// The category of every sample is the one CLDR lists it under, and the one ICU 72 selects.
    ///
    /// ICU is asked as the toolkit asks it: integers through `uplrules_select(double)`, decimals
    /// through `uplrules_selectFormatted` on the decimal formatted with exactly its fraction digits.
    /// Samples in compact-exponent notation (`1c6`, `1.0000001c6`) can only reach ICU as a number
    /// formatted in compact notation: they are formatted with `en`'s `compact-short` (which writes
    /// thousands as K and millions as M, so the formatted quantity has exponent 3 or 6) and the
    /// precision of the mantissa; a formatted text other than mantissa + K/M would mean ICU did not
    /// see the sample's exponent, and is reported as a failure.
    @Test(arguments: PluralData.shared.cases)
    func samples(_ c: LocaleCase) throws {
        let ruleSet = CLDRPluralRules.ruleSet(for: c.locale, ordinal: c.ordinal)
        let icu = try ICUKit.PluralRules.rules(localeID: c.locale, kind: c.ordinal ? .ordinal : .cardinal)
        #expect(ruleSet.categories.map(\.keyword) == c.categories)
        #expect(icu.categories.map(\.keyword) == c.categories)
        #expect(!c.samples.isEmpty)

        var problems: [String] = []
        let result = try FormattedNumber()
        for sample in c.samples {
            guard let operands = PluralOperands(decimal: sample.text) else {
                problems.append("\(sample.text): not parsed")
                continue
            }
            let mine = ruleSet.select(operands).keyword
            if mine != sample.category {
                problems.append("\(sample.text): CLDR \(sample.category), generated rules \(mine)")
            }
            let icuCategory: String
            if let (mantissa, exponent) = sample.compact {
                let digits = Sample.fractionDigits(mantissa)
                let skeleton = "compact-short " + (digits == 0 ? "precision-integer" : "." + String(repeating: "0", count: digits))
                let formatter = try ICUNumberFormatter.formatter(localeID: "en", skeleton: skeleton)
                try formatter.format(decimal: plainDecimal(operands), into: result)
                let suffix = exponent == 3 ? "K" : exponent == 6 ? "M" : "?"
                if result.string != mantissa + suffix {
                    problems.append("\(sample.text): ICU formatted it as \(result.string), not \(mantissa)\(suffix)")
                }
                icuCategory = icu.select(result).keyword
            } else if sample.integer {
                let value = Int64(sample.text)!
                icuCategory = icu.select(Double(value)).keyword
                // The integer and double operands give the same as the decimal ones.
                let fromInt = ruleSet.select(PluralOperands(value)).keyword
                let fromDouble = ruleSet.select(PluralOperands(Double(value))).keyword
                if fromInt != mine || fromDouble != mine {
                    problems.append("\(sample.text): from Int64 \(fromInt), from Double \(fromDouble), from the text \(mine)")
                }
            } else {
                icuCategory = try icu.select(decimal: sample.text).keyword
                // As a double (no visible trailing zeros), ICU's uplrules_select and the
                // generated rules over PluralOperands(Double) agree too.
                let value = Double(sample.text)!
                let icuDouble = icu.select(value).keyword
                let mineDouble = ruleSet.select(PluralOperands(value)).keyword
                if icuDouble != mineDouble {
                    problems.append("\(sample.text) as a Double: ICU \(icuDouble), generated rules \(mineDouble)")
                }
            }
            if icuCategory != mine {
                problems.append("\(sample.text): ICU \(icuCategory), generated rules \(mine)")
            }
        }
        #expect(problems.isEmpty, "\(c.testDescription): \(problems.joined(separator: "; "))")
    }

    /// The number the operands stand for, as a plain decimal string (`1.0000001c6` → `1000000.1`).
    private func plainDecimal(_ o: PluralOperands) -> String {
        guard o.v > 0 else { return String(o.i) }
        let f = String(o.f)
        return "\(o.i)." + String(repeating: "0", count: o.v - f.count) + f
    }
}
#endif
