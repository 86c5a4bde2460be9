import Testing
@testable import MessageCatalog

/// ±Infinity and NaN are refused with a clear error in every kind of argument, before any
/// formatter sees them (ICU's rule-based formats crashed on -Infinity).
@Suite("Non-finite numbers")
struct NonFiniteTests {
    @Test(
        arguments: [
            "{n}", "{n, number}", "{n, number, ::.0}", "{n, number, percent}", "{n, number, integer}",
            "{n, plural, one {#} other {# x}}", "{n, selectordinal, one {#st} other {#th}}",
            "{n, spellout}", "{n, ordinal}"
        ], [Double.infinity, -Double.infinity, Double.nan])
    func refusedEverywhere(_ pattern: String, _ value: Double) throws {
        let m: MessageFormat
        do { m = try MessageFormat(pattern, locale: "zh-Hans") } catch {
            // The Foundation backend refuses `{n, ordinal}` in Chinese at compile time: nothing to format.
            #expect(Backend.name == "Foundation", "\(error)")
            return
        }
        let e = try #require(throws: Diagnostic.self) { try m.format(["n": .double(value)]) }
        #expect(e.kind == .badArgument)
        #expect(e.message.contains("not a finite number"))
        #expect(e.message.contains("'n'"))
    }

    @Test func aDecimalTextThatOverflowsIsRefusedToo() throws {
        let m = try MessageFormat("{n, number}", locale: "en")
        let e = try #require(throws: Diagnostic.self) { try m.format(["n": .decimal("1e999")]) }
        #expect(e.kind == .badArgument)
    }
}
