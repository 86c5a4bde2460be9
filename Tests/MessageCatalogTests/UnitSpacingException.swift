import Foundation
import ToolkitSupport
@testable import MessageCatalog

// docs/foundation-backend.md (unit-space): the second exception to ICU 72's text. CLDR 42 writes
// the units of Spanish, Portuguese, Italian, Catalan and German with an ordinary space («8,4 km»,
// «1 h y 20 min»); the toolkit joins a number and its unit with U+00A0 in the languages whose
// typography wants it (`UnitSpacing`), in both backends. This file states it once for the tests
// that compare with ICU 72, as `MinimumGroupingException` does for the first exception.
enum UnitSpacingException {
    /// ICU 72's text of a pattern that is one unit argument (`{n, number, ::measure-unit/…}`, the
    /// only unit patterns of the reference corpus) with each space after a digit joined, in a
    /// language `UnitSpacing` joins; any other text as ICU wrote it.
    static func expected(icu72: String, pattern: String, locale: String) -> String {
        guard UnitSpacing.joinsUnits(localeID: locale), let parsed = try? MessagePattern(pattern), parsed.nodes.count == 1,
            case .argument(let a)? = parsed.nodes.first, case .simple(let s) = a.type, s.type == .number,
            let style = s.style?.trimmingCharacters(in: .whitespaces), style.hasPrefix("::"), UnitSpacing.isUnitSkeleton(style.dropFirst(2))
        else { return icu72 }
        return UnitSpacing.joined(icu72)
    }

    /// The three exceptions (minimum grouping, unit space, the French first day), as the toolkit
    /// prints ICU 72's text.
    static func toolkit(icu72: String, pattern: String, locale: String) -> String {
        let grouped = MinimumGroupingException.expected(icu72: icu72, pattern: pattern, locale: locale)
        let joined = expected(icu72: grouped, pattern: pattern, locale: locale)
        return FirstDayOrdinalException.expected(icu72: joined, pattern: pattern, locale: locale)
    }
}
