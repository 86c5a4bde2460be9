/// How the two units of a duration are joined ("1 hr, 20 min", «1 h y 20 min», «1 h 20 min»),
/// decided once for both formatting backends so that a server and a phone print the same text.
///
/// A duration's units are each written in CLDR's short unit pattern and joined by one of CLDR's
/// unit list patterns: the "unit-short" one (what ICU's mixed units use at `unit-width-short`)
/// by default, and the "unit-narrow" one in ``narrowListLanguages``. French writes a duration
/// without a conjunction («1 h 20 min»: the Imprimerie nationale's *Lexique des règles
/// typographiques*; the OQLF for Quebec), which is CLDR's own French unit-narrow pattern
/// («{0} {1}»), while its unit-short pattern reads «{0} et {1}» («1 h et 20 min»).
///
/// The other bundled languages keep the unit-short pattern, which their native editors read
/// as right: English "1 hr, 20 min" (unit-narrow would drop the comma, "1 hr 20 min"), Spanish
/// «1 h y 20 min» (unit-narrow «1 h 20 min»: the conjunction is usual in Spanish prose) and
/// Chinese «1小时20分钟» (the same pattern either way). Only the list pattern changes: the units
/// stay short («h», «min»), never narrow («1h», «20min»).
package enum DurationUnitList {
    /// The languages whose durations join their units with CLDR's unit-narrow list pattern.
    package static let narrowListLanguages: Set<String> = ["fr"]

    /// Whether a locale id's (`fr`, `fr_CA`, `fr-CH`) durations use the unit-narrow list pattern.
    package static func usesNarrowList(localeID: some StringProtocol) -> Bool {
        let language = localeID.prefix { $0 != "_" && $0 != "-" && $0 != "@" }
        return narrowListLanguages.contains(language.lowercased())
    }
}
