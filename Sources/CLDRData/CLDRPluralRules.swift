/// CLDR plural rules without ICU: the rules of CLDR (the version ICU 72 carries, see
/// `PluralRulesData.cldrVersion`) compiled into Swift by `scripts/gen-plural-rules.py`.
///
/// A locale's rules are found as ICU's `PluralRules::forLocale` finds them: the locale id
/// (ICU form `zh_Hant_TW` or BCP 47 `zh-Hant-TW`) is reduced to its base name, then looked up
/// in CLDR's plural tables, dropping the last subtag until one matches (`pt_PT` has rules of its
/// own, `pt_BR` and `pt_AO` get `pt`'s, `es_MX` gets `es`'s, `zh_Hant_TW` gets `zh`'s). A locale
/// without rules gets only `other`. CLDR's parent locales are not followed, as ICU does not.
package enum CLDRPluralRules {
    /// The CLDR version of the rules.
    package static var cldrVersion: String { PluralRulesData.cldrVersion }

    /// The rule set of a locale, cardinal (`ordinal: false`: "1 file, 2 files") or ordinal
    /// ("1st, 2nd, 3rd").
    package static func ruleSet(for localeID: some StringProtocol, ordinal: Bool = false) -> PluralRuleSet {
        var id = baseName(localeID)
        while true {
            if let packed = pack(id) {
                let found = ordinal ? PluralRulesData.ordinal(packed: packed) : PluralRulesData.cardinal(packed: packed)
                if let found { return found }
            }
            guard let underscore = id.lastIndex(of: "_") else { return .otherOnly }
            id = String(id[..<underscore])
            while id.hasSuffix("_") { id.removeLast() }  // "en__POSIX" -> "en"
        }
    }

    /// The category of a number in a rule set.
    @inlinable
    package static func select(_ operands: PluralOperands, in ruleSet: PluralRuleSet) -> PluralCategory {
        ruleSet.select(operands)
    }

    /// The category of a number in a locale.
    package static func select(_ operands: PluralOperands, localeID: some StringProtocol, ordinal: Bool = false) -> PluralCategory {
        ruleSet(for: localeID, ordinal: ordinal).select(operands)
    }

    /// The categories a rule set has, in CLDR order (zero, one, two, few, many, other).
    package static func categories(of ruleSet: PluralRuleSet) -> [PluralCategory] {
        ruleSet.categories
    }

    /// The categories a locale has, in CLDR order (zero, one, two, few, many, other).
    package static func categories(localeID: some StringProtocol, ordinal: Bool = false) -> [PluralCategory] {
        ruleSet(for: localeID, ordinal: ordinal).categories
    }

    /// The base name of a locale id as ICU's `Locale` makes it: `-` becomes `_`, keywords
    /// (`@numbers=arab`) and BCP 47 extensions (`-u-nu-arab`, `-x-…`) are dropped, the language
    /// is lower case, a four-letter script title case, the region and variants upper case.
    /// `"zh-hant-tw"` → `"zh_Hant_TW"`, `"en-US-u-nu-arab"` → `"en_US"`, `"de@collation=phonebook"` → `"de"`.
    package static func baseName(_ localeID: some StringProtocol) -> String {
        var parts: [String] = []
        var index = 0
        let head = localeID.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        for raw in head.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "-" || $0 == "_" }) {
            defer { index += 1 }
            if index > 0 && raw.utf8.count == 1 { break }  // a BCP 47 extension or private use
            if raw.isEmpty {
                if index > 0 { parts.append("") }  // ICU keeps "en__POSIX"'s empty region
                continue
            }
            if index == 0 {
                parts.append(raw.lowercased())
            } else if index == 1 && raw.utf8.count == 4 && raw.allSatisfy({ $0.isLetter }) {
                parts.append(raw.prefix(1).uppercased() + raw.dropFirst().lowercased())
            } else {
                parts.append(raw.uppercased())
            }
        }
        while parts.last == "" { parts.removeLast() }
        return parts.joined(separator: "_")
    }

    /// An id of at most 8 ASCII bytes as a UInt64 (first byte lowest), the key of the generated
    /// tables; nil for a longer or non-ASCII id.
    package static func pack(_ id: some StringProtocol) -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        for byte in id.utf8 {
            guard shift < 64, byte < 0x80 else { return nil }
            value |= UInt64(byte) << shift
            shift += 8
        }
        return value
    }
}

/// CLDR's parent locales (as ICU 72's resource bundles have them in `%%Parent`), for resource
/// fallback outside ICU: `es_MX` → `es_419` → `es`, `en_GB` → `en_001` → `en`,
/// `zh_Hant` → root, `pt_AO` → `pt_PT` → `pt`.
package enum CLDRParentLocales {
    /// The explicit parent of a locale id in ICU form, as CLDR gives it (`"root"` included);
    /// nil when CLDR gives none and the parent is the truncated id.
    package static func explicitParent(of localeID: some StringProtocol) -> String? {
        PluralRulesData.explicitParent(of: CLDRPluralRules.baseName(localeID))
    }

    /// The parent of a locale as ICU's resource fallback finds it: the explicit parent if there
    /// is one (nil when that is root), else the id without its last subtag (`en_US` → `en`);
    /// nil for a language alone (whose parent is root) and for the root locale.
    package static func parent(of localeID: some StringProtocol) -> String? {
        let id = CLDRPluralRules.baseName(localeID)
        if let explicit = PluralRulesData.explicitParent(of: id) {
            return explicit == "root" ? nil : explicit
        }
        guard let underscore = id.lastIndex(of: "_") else { return nil }
        var parent = String(id[..<underscore])
        while parent.hasSuffix("_") { parent.removeLast() }
        return parent.isEmpty || parent == "root" ? nil : parent
    }

    /// The locale and its ancestors, nearest first, without root:
    /// `es_MX` → `["es_MX", "es_419", "es"]`.
    package static func fallbackChain(of localeID: some StringProtocol) -> [String] {
        var chain: [String] = []
        var current: String? = CLDRPluralRules.baseName(localeID)
        while let id = current, !id.isEmpty, id != "root", chain.count < 16 {
            chain.append(id)
            current = parent(of: id)
        }
        return chain
    }
}
