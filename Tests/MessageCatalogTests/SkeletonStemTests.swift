import Testing
@testable import MessageCatalog

// The number skeleton stems a message may use (docs/catalog-format.md): the same text from both
// backends, and the same refusal. Every expectation here holds in both configurations (CI runs
// the suite in the ICU build and in the Apple configuration).
@Suite("Number skeleton stems")
struct SkeletonStemTests {
    @Test(arguments: [
        ("en", "{n, number, ::compact-short}", Int64(1234), "1.2K"),
        ("en", "{n, number, ::compact-short}", 1_500_000, "1.5M"),
        ("en", "{n, number, ::compact-short}", 999, "999"),
        ("es", "{n, number, ::compact-short}", 1234, "1,2\u{a0}mil"),
        ("zh-Hans", "{n, number, ::compact-short}", 12345, "1.2万"),
        ("en", "{n, number, ::K}", 25_000, "25K"),
        ("en", "{n, number, ::scientific}", 1234, "1.234E3"),
        ("es", "{n, number, ::scientific}", 1234, "1,234E3"),
        ("en", "{n, number, ::sign-always}", 5, "+5"),
        ("en", "{n, number, ::sign-always}", 0, "+0"),
        ("en", "{n, number, ::sign-always}", -5, "-5"),
        ("en", "{n, number, ::sign-except-zero}", 0, "0"),
        ("en", "{n, number, ::sign-except-zero}", 5, "+5"),
        ("en", "{n, number, ::+?}", 5, "+5"),
        ("en", "{n, number, ::sign-never}", -5, "5"),
        ("es", "{n, number, ::sign-always group-off}", 1234, "+1234"),
        ("en", "{n, number, ::sign-always percent}", 12, "+12%")
    ])
    func bothBackendsPrint(locale: String, pattern: String, n: Int64, text: String) throws {
        #expect(try MessageFormat(pattern, locale: locale).format(["n": .int(n)]) == text)
    }

    /// Negative zero keeps ICU's sign rules: shown by auto and always, hidden by except-zero and never.
    @Test(arguments: [
        ("{n, number, ::sign-always}", "-0"),
        ("{n, number, ::sign-except-zero}", "0"),
        ("{n, number, ::sign-never}", "0"),
        ("{n, number}", "-0")
    ])
    func negativeZero(pattern: String, text: String) throws {
        #expect(try MessageFormat(pattern, locale: "en").format(["n": .double(-0.0)]) == text)
    }

    /// Stems one backend could not print as the other does are refused when a message is
    /// compiled, by both, at the stem (so `msgtool lint` on a server reports them).
    @Test(arguments: [
        ("{n, number, ::group-min2}", 14),
        ("{n, number, ::group-on-aligned}", 14),
        ("{n, number, ::sign-always group-thousands}", 26),
        ("{n, number, ::integer-width/000}", 14),
        ("{n, number, ::sign-accounting}", 14),
        ("{n, number, ::@@#}", 14),
        ("{n, number, ::currency/EUR unit-width-iso-code}", 27)
    ])
    func refusedByBoth(pattern: String, offset: Int) {
        do {
            _ = try MessageFormat(pattern, locale: "en")
            Issue.record("\(pattern) compiled")
        } catch {
            #expect(error.kind == .syntax)
            #expect(error.offset == offset, "\(error.message)")
        }
    }
}
