import MessageCatalog

/// A locale tag as a translation tool or the command line spells it (`ru_RU`, `uk-ua`,
/// `zh-CN`, `en_US@rg=gbzzzz`), resolved to the catalog file it stands for.
///
/// The tag is canonicalized through ICU (CLDR; Foundation in the Apple configuration):
/// `ru_RU` → `ru-RU`, `uk-ua` → `uk-UA`, `en_US@rg=gbzzzz` → `en-US-u-rg-gbzzzz`. Its
/// catalog is the existing catalog of the same language variety, that is with the same CLDR
/// likely subtags (`zh-CN` and `zh-Hans` both expand to `zh-Hans-CN`, so `zh-CN` is `zh-Hans.json`;
/// `ru-RU` is `ru.json` when there is one), or else a new file named by the canonical tag
/// without extensions (`es-MX.json`: `es-MX` expands to `es-Latn-MX`, not `es-419`'s
/// `es-Latn-419`, and a lookup of `es-MX` reads `es-MX.json` first). So a file is never written
/// under a name lookups do not read (`ru_RU.json`, `uk-ua.json`).
public struct CatalogLocale: Sendable, Hashable, CustomStringConvertible {
    /// The tag as given.
    public let given: String
    /// The canonical BCP 47 tag (`ru-RU`, `en-US-u-rg-gbzzzz`).
    public let tag: String
    /// The tag of the catalog file it maps to (`ru-RU`, `zh-Hans`, `en`).
    public let catalog: String
    /// Whether that catalog file exists already.
    public let exists: Bool
    /// The tag with CLDR's likely subtags (`ru-Cyrl-RU`): equal for one language variety.
    public let maximal: String

    /// `es` (its catalog, as given), `fr (new: fr.json)`, `ru_RU → ru-RU.json (new)`,
    /// `zh-CN → zh-Hans.json`.
    public var description: String {
        if given == catalog { return exists ? given : "\(given) (new: \(catalog).json)" }
        return "\(given) → \(catalog).json\(exists ? "" : " (new)")"
    }

    /// Resolves a tag against the catalogs that exist.
    /// - Parameters:
    ///   - given: the tag as written in a file or on the command line.
    ///   - catalogs: the tags of the existing catalog files (source included).
    /// - Throws: `Diagnostic` (without a file) for a malformed tag or one ICU has no data for.
    public static func resolve(_ given: String, catalogs: some Sequence<String>) throws(Diagnostic) -> CatalogLocale {
        let tag: String
        let maximal: String
        do {
            tag = try Backend.canonicalTag(given)
            maximal = try Backend.maximalTag(tag)
        } catch {
            let why =
                switch error {
                case .malformed: "not a well-formed locale tag"
                case .unknown: "a language \(Backend.name) has no data for"
                }
            throw Diagnostic(
                file: "", line: 0, column: 0, unitID: nil,
                message: "'\(given)' is \(why): give a BCP 47 tag (es, pt-BR, zh-Hans; ru_RU and uk-ua are read as ru-RU and uk-UA).")
        }
        let base = baseTag(tag)
        let existing = Array(catalogs).sorted()
        if existing.contains(base) { return CatalogLocale(given: given, tag: tag, catalog: base, exists: true, maximal: maximal) }
        // The same language variety under another spelling (zh-CN → zh-Hans, en-US → en).
        // Shorter tags first: `ru` before `ru-Cyrl`.
        for c in existing.sorted(by: { ($0.count, $0) < ($1.count, $1) }) where (try? Backend.maximalTag(c)) == maximal {
            return CatalogLocale(given: given, tag: tag, catalog: c, exists: true, maximal: maximal)
        }
        return CatalogLocale(given: given, tag: tag, catalog: base, exists: false, maximal: maximal)
    }

    /// The tag without its extensions and private use (`en-US-u-rg-gbzzzz` → `en-US`).
    static func baseTag(_ tag: String) -> String {
        var out: [Substring] = []
        for (i, s) in tag.split(separator: "-").enumerated() {
            if i > 0 && s.count == 1 { break }
            out.append(s)
        }
        return out.joined(separator: "-")
    }
}
