/// The unit a swim is counted in, for the skeleton stem `usage/swim`: metres (“1,500 m”,
/// «1500 m», “1,500米”), and yards in the United States (“1,650 yd”), whole.
///
/// CLDR has no usage for swims: ICU 72 (CLDR 42) carries `unitPreferenceData/length` for
/// `default`, `focal-length`, `person`, `person-height`, `rainfall`, `road`, `snowfall`,
/// `vehicle` and `visiblty`, and reads an unknown usage as `default` (feet and miles in the
/// United States: “4,921 ft” for a 1,500 m swim). Pools are built and swims trained in metres
/// (World Aquatics' 25 m and 50 m pools), except in the United States, where school, college
/// and club pools are 25 yards long and swimmers count yards (USA Swimming's short course
/// yards season). The United Kingdom, whose roads read miles and yards, swims in metres.
///
/// Both backends read it the same way: before a formatter is made, the skeleton
/// `measure-unit/length-kilometer usage/swim` becomes `measure-unit/length-meter scale/1000
/// precision-integer` (or `measure-unit/length-yard` with the yards per kilometre as its
/// scale), which ICU and the Foundation backend then format with CLDR's own patterns: ICU
/// stays the authority for the number and the unit's text, the table only picks the unit.
/// Without a precision of its own the skeleton gets `precision-integer` (swims are counted in
/// whole lengths); a precision written in it applies as written.
package enum SwimUnitPreferences {
    /// The stem a catalog writes.
    package static let stem = "usage/swim"

    /// Regions whose swimmers count yards.
    package static let yardRegions: Set<String> = ["US"]

    /// The unit (an ICU unit id) a swim is shown in for a locale id (`en_US`, `es-US` → yards).
    package static func unit(localeID: some StringProtocol) -> String {
        RoadUnitPreferences.region(of: localeID).map(yardRegions.contains) == true ? "length-yard" : "length-meter"
    }

    /// Why a skeleton with `usage/swim` cannot be resolved: what to write instead, and the
    /// UTF-16 offset of the stem in the skeleton.
    package struct Problem: Error, Sendable, Equatable {
        /// What is wrong and what to write.
        package let message: String
        /// Where `usage/swim` is in the skeleton.
        package let offset: Int
    }

    /// The skeleton both backends format for `skeleton` in `localeID`: the same skeleton when it
    /// has no `usage/swim`; otherwise the stem removed, the input length unit replaced by the
    /// swim unit with the conversion as `scale/N`, and `precision-integer` added when the
    /// skeleton names no precision.
    /// - Throws: ``Problem`` when the skeleton has no length unit (`measure-unit/length-…`),
    ///   or also routes by road usage.
    package static func resolved(_ skeleton: String, localeID: some StringProtocol) throws(Problem) -> String {
        guard skeleton.contains(stem) else { return skeleton }
        var tokens = skeleton.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        var offset = 0
        var stemAt: Int? = nil
        for t in tokens {
            if t == stem, stemAt == nil { stemAt = offset }
            offset += t.utf16.count + 1
        }
        guard let stemAt else { return skeleton }
        let example = "measure-unit/length-kilometer usage/swim unit-width-short"
        guard !tokens.contains("usage/road") else {
            throw Problem(message: "usage/swim and usage/road both pick the unit: keep one (\(example))", offset: stemAt)
        }
        guard let unitIndex = tokens.firstIndex(where: { $0.hasPrefix("measure-unit/") }),
            let metresPerInput = RoadUnitPreferences.metresPerUnit[String(tokens[unitIndex].dropFirst(13))]
        else {
            throw Problem(message: "usage/swim needs the length the value is given in: \(example)", offset: stemAt)
        }
        let target = unit(localeID: localeID)
        tokens[unitIndex] = "measure-unit/" + target
        var factor = metresPerInput / RoadUnitPreferences.metresPerUnit[target]!
        if let scaleIndex = tokens.firstIndex(where: { $0.hasPrefix("scale/") }), let scale = Double(tokens[scaleIndex].dropFirst(6)) {
            factor *= scale
            tokens.remove(at: scaleIndex)
        }
        let hasPrecision = tokens.contains { $0.hasPrefix(".") || $0.hasPrefix("@") || $0.hasPrefix("precision-") }
        tokens.removeAll { $0 == stem }
        // The shortest decimal that reads back as the factor (1000, 1093.6132983377079): ICU 72
        // silently drops a scale written with 30 digits or more (measured: 28 are read).
        if factor != 1 { tokens.append("scale/" + (factor == factor.rounded() && abs(factor) < 1e15 ? String(Int64(factor)) : "\(factor)")) }
        if !hasPrecision { tokens.append("precision-integer") }
        return tokens.filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// Why `skeleton`'s `usage/swim` cannot be resolved, or nil (also when it has none): what
    /// the compiler reports at the stem, before any backend sees the skeleton.
    package static func problem(in skeleton: String) -> Problem? {
        do {
            _ = try resolved(skeleton, localeID: "und")
            return nil
        } catch {
            return error
        }
    }
}
