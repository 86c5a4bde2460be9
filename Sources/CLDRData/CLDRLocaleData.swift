/// CLDR's likely subtags as ICU 72 applies them (`uloc_addLikelySubtags`), generated into Swift
/// by `scripts/gen-locale-data.py`: what `Locale.Language.maximalIdentifier` answers on iOS 16,
/// macOS 13, watchOS 9 and tvOS 16 and later, for the systems before them.
///
/// The lookup is CLDR's: the first of `language_script_region`, `language_region`,
/// `language_script`, `language` and `und_region` that the data has, with the subtags the id
/// gives kept (`es_MX` → `es_Latn_MX`, `zh_TW` → `zh_Hant_TW`, `und_TW` → `zh_Hant_TW`).
package enum CLDRLikelySubtags {
    /// The maximal ICU id of a locale id (`_` or `-` separators; variants and keywords dropped):
    /// its language, script and region. An id whose language the data does not know comes back
    /// as given (its base name).
    package static func maximal(_ localeID: some StringProtocol) -> String {
        let base = CLDRPluralRules.baseName(localeID)
        guard let (language, script, region) = split(base) else { return base }
        var keys: [String] = []
        if let script, let region { keys.append("\(language)_\(script)_\(region)") }
        if let region { keys.append("\(language)_\(region)") }
        if let script { keys.append("\(language)_\(script)") }
        keys.append(language)
        if let region { keys.append("und_\(region)") }
        for key in keys {
            guard let found = LocaleData.likely(of: key), let (l, s, r) = split(found) else { continue }
            return [language == "und" ? l : language, script ?? s ?? "", region ?? r ?? ""]
                .filter { !$0.isEmpty }.joined(separator: "_")
        }
        return base
    }

    /// Language, script (four letters) and region (two letters or three digits) of a base name.
    private static func split(_ id: String) -> (String, String?, String?)? {
        let parts = id.split(separator: "_", omittingEmptySubsequences: false).map(String.init)
        guard let language = parts.first, !language.isEmpty else { return nil }
        var script: String?, region: String?
        for p in parts.dropFirst() {
            if p.count == 4, script == nil, region == nil {
                script = p
            } else if region == nil, p.count == 2 || (p.count == 3 && p.allSatisfy(\.isNumber)) {
                region = p
            } else {
                return nil
            }
        }
        return (language, script, region)
    }
}

/// CLDR's two-element "unit-short" and "unit-narrow" list patterns as ICU 72 carries them,
/// generated into Swift by `scripts/gen-locale-data.py`. The unit-short one is how ICU's number
/// formatter joins mixed units (`unit/hour-and-minute unit-width-short`: en "1 hr, 20 min", es
/// "1 h y 20 min", zh "1小时20分钟"), and `Duration.UnitsFormatStyle` on iOS 16, macOS 13, watchOS 9
/// and tvOS 16 and later; the unit-narrow one (fr «{0} {1}») joins a duration's units in the
/// languages whose typography writes no conjunction there (`DurationUnitList`: «1 h 20 min»).
package enum CLDRListPatterns {
    /// Which of the two unit list patterns.
    package enum Width: Sendable, Hashable {
        /// "unit-short" (`ULISTFMT_WIDTH_SHORT`): en "{0}, {1}", fr «{0} et {1}».
        case short
        /// "unit-narrow" (`ULISTFMT_WIDTH_NARROW`): en "{0} {1}", fr «{0} {1}».
        case narrow
    }

    /// The unit-short pattern (`"{0}, {1}"`) of a locale id, looked up along the locale's chain
    /// of bundles as the unit patterns are (`CLDRUnitPatterns`), root last.
    package static func unitShort(localeID: some StringProtocol) -> String {
        unitPattern(localeID: localeID, width: .short)
    }

    /// The unit list pattern of a width for a locale id, looked up along the locale's chain of
    /// bundles as the unit patterns are (`CLDRUnitPatterns`), root last.
    package static func unitPattern(localeID: some StringProtocol, width: Width) -> String {
        let chain = CLDRUnitPatterns.bundleChain(of: localeID).lazy
        switch width {
        case .short: return chain.compactMap(LocaleData.unitListShort(of:)).first ?? "{0}, {1}"
        case .narrow: return chain.compactMap(LocaleData.unitListNarrow(of:)).first ?? "{0}, {1}"
        }
    }

    /// The two texts joined by the locale's unit list pattern of `width` (unit-short by default).
    package static func joinUnits(_ first: String, _ second: String, localeID: some StringProtocol, width: Width = .short) -> String {
        var out = ""
        var rest = Substring(unitPattern(localeID: localeID, width: width))
        while let brace = rest.firstIndex(of: "{") {
            out += rest[..<brace]
            let placeholder = rest[brace...].prefix(3)
            if placeholder == "{0}" || placeholder == "{1}" {
                out += placeholder == "{0}" ? first : second
                rest = rest[brace...].dropFirst(3)
            } else {
                out += "{"
                rest = rest[brace...].dropFirst()
            }
        }
        return out + rest
    }
}
