import CLDRData
import Testing

/// The generated number patterns (`CLDRNumberPatterns`): what ICU 72 carries for compact-long
/// and percent, looked up along the locale's chain as ICU does.
@Suite struct NumberPatternTests {
    @Test(arguments: [
        // (locale, magnitude, category, integer, pattern)
        ("en", 3, PluralCategory.other, Int?.none, "0 thousand"),
        ("en", 6, .one, 1, "0 million"),
        ("en", 16, .other, nil, "000 trillion"),  // above the largest power: the largest's pattern
        ("es", 3, .other, nil, "0 mil"),
        ("es-MX", 6, .one, 1, "0 millón"),  // es_MX → es_419 → es
        ("es", 7, .other, nil, "00 millones"),
        ("fr", 3, .one, 1, "mille"),  // the explicit "1" form: no number
        ("fr", 3, .one, nil, "0 millier"),
        ("fr", 4, .other, nil, "00 mille"),
        ("ja", 4, .other, nil, "0万"),
        ("de", 3, .other, nil, "0 Tausend")
    ])
    func compactLongPattern(locale: String, magnitude: Int, category: PluralCategory, integer: Int?, pattern: String) {
        #expect(CLDRNumberPatterns.compactLong(localeID: locale).pattern(magnitude: magnitude, category: category, integer: integer) == pattern)
    }

    @Test func compactShifts() {
        let en = CLDRNumberPatterns.compactLong(localeID: "en")
        #expect(en.shift(magnitude: 2) == 0)
        #expect(en.shift(magnitude: 3) == 3)
        #expect(en.shift(magnitude: 5) == 3)
        #expect(en.shift(magnitude: 6) == 6)
        #expect(en.shift(magnitude: 20) == 12)
        // Japanese counts in ten thousands; a thousand has no compact form ("0").
        let ja = CLDRNumberPatterns.compactLong(localeID: "ja")
        #expect(ja.shift(magnitude: 3) == 0)
        #expect(ja.pattern(magnitude: 3, category: .other, integer: nil) == nil)
        #expect(ja.shift(magnitude: 4) == 4)
        #expect(ja.shift(magnitude: 8) == 8)
    }

    @Test(arguments: [
        // es_MX writes its own pattern without the space in ICU 72; es_419 inherits es's.
        ("en", "#,##0%"), ("es", "#,##0\u{a0}%"), ("es-419", "#,##0\u{a0}%"), ("es_MX", "#,##0%"),
        ("tr", "%#,##0"), ("hi", "#,##,##0%"), ("zh-Hans", "#,##0%"), ("xx", "#,##0%")
    ])
    func percentPattern(locale: String, pattern: String) {
        #expect(CLDRNumberPatterns.percentPattern(localeID: locale) == pattern)
        #expect(CLDRNumberPatterns.percentSign(localeID: locale) == "%")
    }

    @Test func affixes() {
        let percent = NumberPatternAffixes.parse("#,##0\u{a0}%")
        #expect(percent.positive == NumberPatternAffixes(prefix: "", suffix: "\u{a0}\u{E001}", hasNumber: true))
        #expect(percent.negative == nil)
        let swahili = NumberPatternAffixes.parse("elfu 0;elfu -0")
        #expect(swahili.positive.prefix == "elfu ")
        #expect(swahili.negative == NumberPatternAffixes(prefix: "elfu \u{E000}", suffix: "", hasNumber: true))
        #expect(NumberPatternAffixes.parse("0 хил'.'").positive.suffix == " хил.")
        #expect(NumberPatternAffixes.parse("0 o''clock").positive.suffix == " o'clock")
        #expect(NumberPatternAffixes.parse("mille").positive == NumberPatternAffixes(prefix: "mille", suffix: "", hasNumber: false))
    }
}
