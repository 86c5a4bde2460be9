/// CLDR unit patterns without ICU: the patterns (`"{0} km"`, `"{0} kilómetros"`) of the units the
/// toolkit formats, as ICU 72 carries them (CLDR 42, see `UnitPatternsData.cldrVersion`),
/// generated into Swift by `scripts/gen-unit-patterns.py`. Foundation on Linux cannot format
/// measurements, and a device and a server should write the same text, so both format a
/// measurement as ICU's number formatter does for `measure-unit/… unit-width-…`: the number
/// formatted alone, put into the pattern of its plural category.
///
/// The lookup is ICU's (`LongNameHandler` in ICU 72's number formatter):
/// - the data of a locale is looked up along its chain of bundles: the locale's base name, a
///   deprecated id replaced by the bundle its `%%ALIAS` names (`zh_TW` → `zh_Hant_TW`,
///   `iw` → `he`; and `sr_Cyrl_ME`, which has no bundle and loads `sr_Latn_ME` in ICU 72, not
///   its truncation), then CLDR's parent locales (`CLDRParentLocales`: `es_MX` → `es_419` → `es`,
///   `zh_Hant` → root), then root;
/// - a width looks in its own table along the whole chain, then in the short table along the
///   whole chain (ICU's explicit fallback to short); a table a bundle aliases to another (in
///   ICU 72 root's wide and narrow tables are aliases of its short table) is looked up again,
///   from the start of the chain, in the table it names;
/// - the first pattern found for the plural category wins; with none anywhere, the first
///   pattern found for `other`.
///
/// One difference from ICU: for a language ICU has no data for at all (`xx`), ICU falls back to
/// the process's default locale before root; here it is always root, so the text does not depend
/// on the machine.
package enum CLDRUnitPatterns {
    /// How long the unit is written: wide (`unit-width-full-name`, "5 kilometers"), short
    /// (`unit-width-short`, "5 km") or narrow (`unit-width-narrow`, "5km").
    package enum Width: Sendable, Hashable, CaseIterable {
        case wide, short, narrow

        /// The index of the width's table in the generated data (units, unitsShort, unitsNarrow).
        var table: Int {
            switch self {
            case .wide: 0
            case .short: 1
            case .narrow: 2
            }
        }
    }

    /// The CLDR version of the patterns.
    package static var cldrVersion: String { UnitPatternsData.cldrVersion }

    /// Whether the data has patterns for a unit, in ICU skeleton spelling (`length-kilometer`,
    /// `speed-mile-per-hour`, `temperature-celsius`).
    package static func isSupported(_ unit: String) -> Bool {
        UnitPatternsData.unitIndex(unit) != nil
    }

    /// The pattern ICU 72 uses for a number of the plural category `category` of a unit in a width
    /// and a locale (an ICU id such as `zh_Hant_TW` or a BCP 47 id such as `zh-Hant-TW`): a text
    /// with `{0}` where the formatted number goes (`"{0} km"`), or without it when the locale
    /// writes no number (Arabic's `one` and `two`: `"ساعة"`). Nil for a unit that is not
    /// supported (see `isSupported(_:)`).
    ///
    /// The category must be the one the locale's cardinal rules give the *formatted* number
    /// ("1.0" is `other` in English).
    /// The patterns contain no quoting: an apostrophe is literal (Breton `"{0} c'hilometr"`).
    package static func pattern(unit: String, width: Width, category: PluralCategory, localeID: some StringProtocol) -> String? {
        guard let unitIndex = UnitPatternsData.unitIndex(unit) else { return nil }
        let chain = bundleChain(of: localeID)
        var other: Int?
        // ICU's order: the width's own table along the chain, then the short table along it.
        for table in width == .short ? [1] : [width.table, 1] {
            var table = table
            var index = 0
            var redirects = 0
            while index < chain.count {
                let bundle = chain[index]
                if redirects < 4, let target = UnitPatternsData.tableAlias(of: bundle, table: table) {
                    // `/LOCALE/…`: looked up again from the locale the lookup started from.
                    table = target
                    index = 0
                    redirects += 1
                    continue
                }
                index += 1
                guard let records = UnitPatternsData.records(of: bundle) else { continue }
                let base = (table * UnitPatternsData.unitCount + unitIndex) * 6
                if let found = find(key: base + Int(category.rawValue), in: records) {
                    return patternList[found]
                }
                if other == nil, category != .other {
                    other = find(key: base + Int(PluralCategory.other.rawValue), in: records)
                }
            }
        }
        return other.map { patternList[$0] }
    }

    /// The bundles ICU's resource fallback visits for a locale, nearest first, ending with root:
    /// `es-MX` → `["es_MX", "es_419", "es", "root"]`, `zh-TW` → `["zh_Hant_TW", "zh_Hant", "root"]`.
    package static func bundleChain(of localeID: some StringProtocol) -> [String] {
        var chain: [String] = []
        let id = CLDRPluralRules.baseName(localeID)
        var current: String? = id.isEmpty || id == "root" ? nil : id
        while let next = current, chain.count < 16 {
            let bundle = UnitPatternsData.localeAlias(of: next) ?? next
            chain.append(bundle)
            current = CLDRParentLocales.parent(of: bundle)
        }
        chain.append("root")
        return chain
    }

    /// Every distinct pattern, in the order the records count them.
    private static let patternList: [String] = UnitPatternsData.patterns.unicodeScalars
        .split(separator: "\u{1F}", omittingEmptySubsequences: false)
        .map { String(String.UnicodeScalarView($0)) }

    /// The pattern index of a key in a bundle's records (sorted, fixed width), by binary search.
    private static func find(key: Int, in records: String) -> Int? {
        let width = 2 + UnitPatternsData.patternDigits
        func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
            var low = 0
            var high = bytes.count / width
            while low < high {
                let mid = (low + high) / 2
                let at = mid * width
                let k = UnitPatternsData.digit(bytes[at]) * 64 + UnitPatternsData.digit(bytes[at + 1])
                if k == key {
                    var value = 0
                    for i in 2..<width { value = value * 64 + UnitPatternsData.digit(bytes[at + i]) }
                    return value
                }
                if k < key { low = mid + 1 } else { high = mid }
            }
            return nil
        }
        if let found = records.utf8.withContiguousStorageIfAvailable(search) { return found }
        return Array(records.utf8).withUnsafeBufferPointer(search)
    }
}
