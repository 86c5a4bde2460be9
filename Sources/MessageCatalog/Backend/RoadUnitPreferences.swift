import Foundation

/// CLDR's unit preferences for distances on roads (`usage/road` in an ICU number skeleton), as
/// ICU 72 carries them (CLDR 42, `unitPreferenceData/length/road`): which unit a region reads a
/// distance in and how it is rounded. The Foundation backend applies them so that a device
/// writes the text a server writes with ICU: “5.2 mi” in the United States, “850 yd” in the
/// United Kingdom, “8.4 km” or “300 m” elsewhere.
///
/// ICU's routing: the distance is converted into each preferred unit in turn, and the first
/// whose value is at least its threshold wins (the last one otherwise); a preference with a
/// rounding increment rounds to it, one without keeps two significant digits and never rounds
/// the integer part (ICU's `Precision::integer().withMinDigits(2)`), unless the skeleton names a
/// precision of its own, which then applies to every unit.
package enum RoadUnitPreferences {
    /// One preferred unit: its ICU unit id, the smallest value it is used for (in that unit)
    /// and its rounding increment, if any.
    package struct Preference: Sendable, Hashable {
        package let unit: String
        package let atLeast: Double
        package let increment: Double?
    }

    /// Metres per unit, for the length units the preferences and the skeletons name.
    package static let metresPerUnit: [String: Double] = [
        "length-kilometer": 1000, "length-meter": 1, "length-centimeter": 0.01,
        "length-mile": 1609.344, "length-yard": 0.9144, "length-foot": 0.3048
    ]

    private static let world: [Preference] = [
        Preference(unit: "length-kilometer", atLeast: 0.9, increment: nil),
        Preference(unit: "length-meter", atLeast: 300, increment: 50),
        Preference(unit: "length-meter", atLeast: 10, increment: 10),
        Preference(unit: "length-meter", atLeast: 0, increment: 1)
    ]

    private static func imperial(_ small: String) -> [Preference] {
        [
            Preference(unit: "length-mile", atLeast: 0.5, increment: nil),
            Preference(unit: small, atLeast: 100, increment: 50),
            Preference(unit: small, atLeast: 10, increment: 10),
            Preference(unit: small, atLeast: 0, increment: 1)
        ]
    }

    /// The preferences of a locale's region (`en_US`, `en-GB`, `es_419`); a locale without a
    /// region, like ICU, reads the world's (001).
    ///
    /// One difference from ICU: Sweden's preference for the Scandinavian mile is not carried
    /// (no catalog language of the toolkit uses it); `SE` reads the world's preferences.
    package static func preferences(localeID: some StringProtocol) -> [Preference] {
        switch region(of: localeID) {
        case "US": imperial("length-foot")
        case "GB": imperial("length-yard")
        default: world
        }
    }

    /// The region subtag of an ICU or BCP 47 locale id: the first subtag after the language
    /// (and script) that is two letters or three digits; nil when there is none.
    package static func region(of localeID: some StringProtocol) -> String? {
        let subtags = localeID.split(whereSeparator: { $0 == "_" || $0 == "-" }).dropFirst()
        for s in subtags {
            if s.count == 2, s.allSatisfy(\.isLetter) { return s.uppercased() }
            if s.count == 3, s.allSatisfy(\.isNumber) { return String(s) }
            if s.count == 4, s.allSatisfy(\.isLetter) { continue }  // a script
            break
        }
        return nil
    }

    /// The unit a distance is shown in, its value in that unit and its rounding increment, as
    /// ICU routes it. `unit` is the skeleton's input unit (`length-kilometer`); nil when it is
    /// not a length the table knows.
    package static func route(_ value: Double, from unit: String, localeID: some StringProtocol) -> (unit: String, value: Double, increment: Double?)? {
        guard let perUnit = metresPerUnit[unit] else { return nil }
        let metres = value * perUnit
        let prefs = preferences(localeID: localeID)
        for (i, p) in prefs.enumerated() {
            let converted = metres / metresPerUnit[p.unit]!
            // ICU compares with a relative tolerance of one double epsilon.
            if i == prefs.count - 1 || abs(converted) * (1 + Double.ulpOfOne) >= p.atLeast {
                return (p.unit, converted, p.increment)
            }
        }
        return nil
    }

    /// The fraction digits of ICU's default precision with unit preferences: the integer, but
    /// at least two significant digits (0.62, 5.2, 12, 621).
    package static func defaultFractionDigits(_ value: Double) -> Int {
        let magnitude = abs(value)
        guard magnitude > 0, magnitude.isFinite else { return 0 }
        return max(0, 1 - Int(log10(magnitude).rounded(.down)))
    }
}
