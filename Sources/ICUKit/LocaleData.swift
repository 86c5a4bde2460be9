// Compiled only with the SystemICU trait (Linux): the Apple configuration builds no ICU code.
#if SystemICU
import CICUShim
import ToolkitSupport

/// Locale tags as ICU and CLDR see them: BCP 47 ↔ ICU ids, canonicalization, likely subtags,
/// CLDR parent locales and the first day of the week.
package enum LocaleData {
    /// Why a tag was refused.
    package enum TagProblem: Error, Sendable, Equatable {
        /// The tag is not well-formed BCP 47 (`en_US!`, `123`).
        case malformed(String)
        /// Well-formed, but ICU has no data for its language (`xx`, `qaa`).
        case unknown(String)
    }

    private static let idCache = FormatterCache<String, Result<String, TagProblem>>(limit: 512)

    /// The ICU locale id of a BCP 47 tag (`zh-Hant-TW` → `zh_Hant_TW`, `es-419` → `es_419`),
    /// validated: the tag must be well-formed and its language known to ICU.
    /// The corresponding ICU function is `uloc_forLanguageTag`.
    package static func icuID(forTag tag: String) throws(TagProblem) -> String {
        let result = idCache.value(for: tag) { resolve(tag) }
        return try result.get()
    }

    private static func resolve(_ tag: String) -> Result<String, TagProblem> {
        guard !tag.isEmpty, tag.utf8.count < 100,
            tag.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x7A) || $0 == 0x2D || $0 == 0x5F })
        else { return .failure(.malformed(tag)) }
        let bcp = tag.replacingUnderscores()
        var parsed: Int32 = 0
        let id: String
        do {
            id = try cString(capacity: 157, "parsing the locale tag '\(tag)'") { buf, cap, status in
                bcp.withCString { cicu_uloc_forLanguageTag($0, buf, cap, &parsed, &status) }
            }
        } catch { return .failure(.malformed(tag)) }
        if Int(parsed) != bcp.utf8.count || id.isEmpty { return .failure(.malformed(tag)) }
        // Known language? Open the locale's resource bundle: falling back to root means ICU
        // has no data for it.
        let language = (try? cString(capacity: 16, "language") { buf, cap, status in cicu_uloc_getLanguage(id, buf, cap, &status) }) ?? ""
        if language.isEmpty || language == "und" || language == "root" { return .failure(.unknown(tag)) }
        var status = CICU_U_ZERO_ERROR
        let bundle = cicu_ures_open(nil, language, &status)
        defer { if let bundle { cicu_ures_close(bundle) } }
        if !status.isSuccess || status == CICU_U_USING_DEFAULT_WARNING { return .failure(.unknown(tag)) }
        return .success(id)
    }

    /// The BCP 47 tag of an ICU id (`zh_Hans_CN` → `zh-Hans-CN`).
    package static func tag(forICUID id: String) -> String {
        (try? cString(capacity: 157, "tag") { buf, cap, status in cicu_uloc_toLanguageTag(id, buf, cap, 0, &status) }) ?? id.replacingOccurrencesOfUnderscore()
    }

    /// Adds likely subtags (`zh_TW` → `zh_Hant_TW`). The corresponding ICU function is `uloc_addLikelySubtags`.
    package static func maximize(_ id: String) -> String {
        (try? cString(capacity: 157, "likely subtags") { buf, cap, status in cicu_uloc_addLikelySubtags(id, buf, cap, &status) }) ?? id
    }

    /// Removes likely subtags (`zh_Hans_CN` → `zh`). The corresponding ICU function is `uloc_minimizeSubtags`.
    package static func minimize(_ id: String) -> String {
        (try? cString(capacity: 157, "likely subtags") { buf, cap, status in cicu_uloc_minimizeSubtags(id, buf, cap, &status) }) ?? id
    }

    /// The canonical form of an ICU id (`iw` → `he`). The corresponding ICU function is `uloc_canonicalize`.
    package static func canonicalize(_ id: String) -> String {
        (try? cString(capacity: 157, "canonicalize") { buf, cap, status in cicu_uloc_canonicalize(id, buf, cap, &status) }) ?? id
    }

    /// The `%%Parent` the id's own resource bundle names (`es_MX` → `es_419`, `zh_Hant` → `root`), if any.
    static func explicitParent(of id: String) -> String? {
        var status = CICU_U_ZERO_ERROR
        guard let bundle = cicu_ures_openOwn(id, &status) else { return nil }
        defer { cicu_ures_close(bundle) }
        var len: Int32 = 0
        var st = CICU_U_ZERO_ERROR
        guard let p = cicu_ures_getStringByKey(bundle, "%%Parent", &len, &st), st.isSuccess, st != CICU_U_USING_FALLBACK_WARNING else { return nil }
        return String(decoding: UnsafeBufferPointer(start: p, count: Int(len)), as: UTF16.self)
    }

    /// The CLDR parent of an ICU locale id: the `%%Parent` of its own resource bundle where
    /// CLDR names one (`es_MX` → `es_419`, `zh_Hant` → root), otherwise the id without its
    /// last subtag (`es_419` → `es`). Returns nil at the root.
    package static func parent(of id: String) -> String? {
        if let value = explicitParent(of: id) { return value == "root" ? nil : value }
        let truncated = (try? cString(capacity: 157, "parent") { buf, cap, status in cicu_uloc_getParent(id, buf, cap, &status) }) ?? ""
        return truncated.isEmpty || truncated == "root" ? nil : truncated
    }

    /// The CLDR fallback chain of a tag, most specific first, as BCP 47 tags: the tag itself,
    /// then its maximized form's parents (`zh-TW` → `zh-Hant-TW`, `zh-Hant`; `es-MX` → `es-419`, `es`).
    package static func fallbackChain(forICUID id: String) -> [String] {
        var chain: [String] = [id]
        var seen: Set<String> = [id]
        // First the CLDR parents the id's own bundle names (es_MX → es_419): they would be lost
        // below, as the maximized es_Latn_MX has no bundle and truncates to es_Latn, then es.
        var start = id
        while let p = explicitParent(of: start), p != "root", !seen.contains(p) {
            chain.append(p); seen.insert(p); start = p
        }
        // Then walk from the maximized id so that zh_TW reaches zh_Hant, never zh (Hans).
        var current: String? = maximize(start)
        while let c = current {
            if !seen.contains(c) { chain.append(c); seen.insert(c) }
            current = parent(of: c)
        }
        // Drop script-only detours that add nothing ICU would not: keep order.
        return chain.map { tag(forICUID: $0) }
    }

    /// The first day of the week in the locale's region, 1 = Sunday … 7 = Saturday.
    /// The corresponding ICU function is `ucal_getAttribute(UCAL_FIRST_DAY_OF_WEEK)`.
    package static func firstWeekday(forICUID id: String) -> Int {
        var status = CICU_U_ZERO_ERROR
        let utc: [UInt16] = Array("UTC".utf16)
        guard let cal = cicu_ucal_open(utc, Int32(utc.count), id, CICU_UCAL_GREGORIAN, &status), status.isSuccess else { return 1 }
        defer { cicu_ucal_close(cal) }
        return Int(cicu_ucal_getAttribute(cal, CICU_UCAL_FIRST_DAY_OF_WEEK))
    }

    /// The version of the time-zone data ICU carries (72.1 on Debian 12: "2022e").
    package static var tzDataVersion: String {
        var status = CICU_U_ZERO_ERROR
        guard let p = cicu_ucal_getTZDataVersion(&status), status.isSuccess else { return "unknown" }
        return String(cString: p)
    }
}

extension String {
    func replacingUnderscores() -> String { String(self.map { $0 == "_" ? "-" : $0 }) }
    func replacingOccurrencesOfUnderscore() -> String { replacingUnderscores() }
}

/// Currency data.
package enum CurrencyData {
    /// The ISO 4217 code of the locale's region's currency (`en` → USD, `es` → EUR).
    /// The corresponding ICU function is `ucurr_forLocale`.
    package static func code(forLocaleID id: String) -> String? {
        try? utf16String(capacity: 8, "currency of \(id)") { buf, cap, status in cicu_ucurr_forLocale(id, buf, cap, &status) }
    }
}
#endif
