/// The space between a number and its unit, decided once for both formatting backends so that a
/// server and a phone print the same bytes: a no-break space (U+00A0) in the languages whose
/// typography keeps a number and its unit on one line, where CLDR writes an ordinary space.
///
/// The languages are those lint's `unit-space` rule holds the catalogs' own texts to: Spanish
/// (the RAE's *Ortografía*, 2010: a space that does not break between a number and its unit
/// symbol), French, Portuguese, Italian, Catalan and German. CLDR 42 (ICU 72, and the Foundation
/// backend's generated patterns) writes Spanish, Portuguese, Italian, Catalan and German units
/// with an ordinary space («8,4 km», «1 h y 20 min»), so a notification could break «8,4» from
/// «km»; what CLDR already joins (French «8,4 km» with U+202F, Spanish «51 %» with U+00A0) has
/// no ordinary space to change. English keeps CLDR's ordinary space (its style guides ask for no
/// more); Chinese writes none («8.4公里»).
///
/// Only a formatted number-and-unit is changed (a `measure-unit/…` or `unit/…` skeleton, and
/// durations): each U+0020 right after a digit becomes U+00A0. The spaces of a unit list («1 h y
/// 20 min»: around «y») follow no digit and stay breakable.
package enum UnitSpacing {
    /// The languages whose number and unit are joined with U+00A0.
    package static let noBreakLanguages: Set<String> = ["es", "fr", "pt", "it", "ca", "de"]

    /// Whether a locale id's (`es_MX`, `es-419`) number-and-unit texts are joined.
    package static func joinsUnits(localeID: some StringProtocol) -> Bool {
        let language = localeID.prefix { $0 != "_" && $0 != "-" && $0 != "@" }
        return noBreakLanguages.contains(language.lowercased())
    }

    /// Whether a number skeleton formats a number with a unit (`measure-unit/…`, `unit/…`).
    package static func isUnitSkeleton(_ skeleton: some StringProtocol) -> Bool {
        skeleton.split(separator: " ").contains { $0.hasPrefix("measure-unit/") || $0.hasPrefix("unit/") }
    }

    /// Whether a formatter of `skeleton` in `localeID` joins its number and unit.
    package static func joins(localeID: some StringProtocol, skeleton: some StringProtocol) -> Bool {
        joinsUnits(localeID: localeID) && isUnitSkeleton(skeleton)
    }

    /// Makes each U+0020 right after an ASCII digit in `bytes[start...]` (UTF-8) a U+00A0.
    package static func join(_ bytes: inout [UInt8], from start: Int) {
        var i = max(start + 1, 1)
        while i < bytes.count {
            if bytes[i] == 0x20, bytes[i - 1] >= 0x30, bytes[i - 1] <= 0x39 {
                bytes.replaceSubrange(i...i, with: [0xC2, 0xA0])
                i += 2
            } else {
                i += 1
            }
        }
    }

    /// `text` with each U+0020 right after an ASCII digit made U+00A0.
    package static func joined(_ text: String) -> String {
        var bytes = Array(text.utf8)
        join(&bytes, from: 0)
        return String(decoding: bytes, as: UTF8.self)
    }
}
