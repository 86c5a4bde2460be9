import MessageCatalog
import ToolkitSupport
import ToolkitJSON
import Foundation

/// Application Resource Bundle: a JSON object of unit id → ICU message, each with an `@id`
/// attribute object (`type`, `context` = the message key, `description`, `source_text`,
/// `placeholders` with type, example and description). Untranslated units have an empty value
/// (skipped on import); units whose source changed carry `"x-state": "needs-review"`.
///
/// Messages are quoted as Flutter's `gen-l10n` reads them by default (`use-escaping: false`,
/// see `FlutterQuoting`), not as ICU: an apostrophe is always an apostrophe (`'{name}'` shows the
/// name between apostrophes), and a brace is syntax where it opens a placeholder (`{name}`,
/// `{count, plural, …}`) and text elsewhere (`{ }`, Flutter's `relax-syntax`; see `PlainText`).
/// `source_text` stays ICU text.
/// `@@locale` is checked against the locale the file name gives (`app_es.arb`, `intl_pt_BR.arb`).
enum ARBFormat {
    /// Writes the ARB file of `units` into `sink`, member by member (no JSON tree, no text of
    /// the whole file); what Flutter cannot express is added to `notes`.
    static func write(_ units: ExchangeUnits, catalog: LocalizedCatalog, locale: String, notes: inout [String], to sink: ExportSink) {
        var w = JSONStreamWriter(layout: .canonical(colon: ": "))
        w.beginObject()
        w.key("@@locale"); w.string(locale)
        w.key("@@x-source-locale"); w.string(catalog.sourceLocale)
        for u in units {
            if sink.failed { return }
            var value = u.target ?? ""
            if let target = u.target {
                if let flutter = PlainText.plain(
                    target, printf: false, flutterArguments: true, check: { try? PlainText.icu($0, printf: false, flutterArguments: true) })
                {
                    value = flutter
                } else {
                    notes.append("\(u.id): a literal brace or # has no form in a Flutter message (use-escaping off): left empty in the ARB file.")
                    value = ""
                }
            }
            w.key(u.id); w.string(value)
            w.key("@" + u.id)
            w.beginObject()
            w.key("type"); w.string("text")
            w.key("context"); w.string(u.unit.key)
            let description = u.notes.filter { !$0.hasPrefix("{") }.joined(separator: "\n")
            if !description.isEmpty { w.key("description"); w.string(description) }
            w.key("source_text"); w.string(u.source)
            let declarations = catalog.sourceMessage(u.unit.key)?.arguments ?? []
            if !declarations.isEmpty {
                w.key("placeholders")
                w.beginObject()
                for a in declarations {
                    w.key(a.name)
                    w.beginObject()
                    w.key("type"); w.string(placeholderType(a))
                    if let e = a.example { w.key("example"); w.string(ExchangeNotes.example(e).trimmingCharacters(in: ["“", "”"])) }
                    if let d = a.description { w.key("description"); w.string(d) }
                    w.endObject()
                }
                w.endObject()
            }
            if u.state == .needsReview { w.key("x-state"); w.string("needs-review") }
            w.endObject()
            sink.drain(&w)
        }
        w.endObject()
        w.bytes.append(0x0A)
        sink.drain(&w)
    }

    /// ARB's placeholder types (as Flutter reads them).
    static func placeholderType(_ a: ArgumentDeclaration) -> String {
        switch a.kind {
        case .string, .duration: "String"
        case .date: "DateTime"
        case .number:
            switch a.example {
            case .int?: "int"
            case .decimal?, .double?: "double"
            default: "num"
            }
        }
    }

    /// Reads an ARB file.
    static func read(_ bytes: [UInt8], path: String) -> ImportedFile {
        let invalid = InvalidUTF8.sequences(in: bytes)
        if !invalid.isEmpty {
            return ImportedFile(
                units: [],
                errors: invalid.map {
                    Diagnostic(file: path, line: $0.line, column: $0.column, unitID: nil, message: "\($0.description); save the file as UTF-8.")
                })
        }
        // The members are read as the parser reaches them (the file is never a whole tree): of a
        // message its string, of an attribute ("@key") only what an import reads.
        var duplicates = StreamedDuplicateKeys()
        var members: [JSONMember] = []
        var attributes: [String: (state: String?, source: String?)] = [:]
        var declared: JSONNode? = nil
        let root: JSONNode
        do {
            root = try JSONReader.parse(
                bytes: bytes,
                streamingTopLevelMembers: { (m: JSONMember) in
                    duplicates.add(m)
                    if m.key.hasPrefix("@") {
                        if m.key == "@@locale", declared == nil { declared = m.value }
                        if attributes[m.key] == nil {
                            attributes[m.key] = (m.value.member("x-state")?.stringValue, m.value.member("source_text")?.stringValue)
                        }
                    } else {
                        members.append(
                            m.value.stringValue != nil
                                ? m
                                : JSONMember(key: m.key, keyPosition: m.keyPosition, value: JSONNode(value: .null, position: m.value.position)))
                    }
                })
        } catch {
            return ImportedFile(
                units: [],
                errors: [
                    Diagnostic(
                        file: path, line: error.position.line, column: error.position.column, unitID: nil,
                        message: "invalid JSON: \(error.message) Nothing was imported.")
                ])
        }
        guard root.objectMembers != nil else {
            return ImportedFile(
                units: [], errors: [Diagnostic(file: path, line: 1, column: 1, unitID: nil, message: "an ARB file is a JSON object of id → message.")])
        }
        var errors: [Diagnostic] = []
        for d in duplicates.found {
            errors.append(
                Diagnostic(file: path, line: d.keyPosition.line, column: d.keyPosition.column, unitID: d.key, message: "this key appears twice: keep one."))
        }
        var units: [ImportedUnit] = []
        var refused: [Diagnostic] = []
        let locale = declared?.stringValue ?? localeOfFileName(path)
        for m in members {
            guard let text = m.value.stringValue else {
                errors.append(
                    Diagnostic(file: path, line: m.value.position.line, column: m.value.position.column, unitID: m.key, message: "a message is a JSON string."))
                continue
            }
            if text.isEmpty { continue }
            let meta = attributes["@" + m.key]
            let reviewed: Bool? = meta?.state == "needs-review" ? false : nil
            // Flutter's relaxed syntax: a brace that opens no placeholder is text.
            var icu = (try? PlainText.icu(text, printf: false, flutterArguments: true)) ?? FlutterQuoting.toICU(text)
            if let locale {
                switch FlutterPlurals.adapt(icu, locale: locale) {
                case .success(let adapted): icu = adapted
                case .failure(let problem):
                    // At the selector inside the JSON string (escapes counted as written).
                    let (line, column) = jsonColumn(bytes, string: m.value.position, flutterOffset: FlutterPlurals.flutterOffset(icu, problem.offset))
                    refused.append(Diagnostic(file: path, line: line, column: column, unitID: m.key, message: "\(problem.message)"))
                    continue
                }
            }
            units.append(
                ImportedUnit(
                    id: m.key, text: icu, source: meta?.source, reviewed: reviewed,
                    line: m.value.position.line, column: m.value.position.column))
        }
        // gen-l10n refuses a file whose @@locale and name disagree; so does the import.
        let named = localeOfFileName(path)
        if let named, let tag = declared?.stringValue,
            let a = try? CatalogLocale.resolve(tag, catalogs: []), let b = try? CatalogLocale.resolve(named, catalogs: []), a.catalog != b.catalog
        {
            errors.append(
                Diagnostic(
                    file: path, line: declared!.position.line, column: declared!.position.column, unitID: nil,
                    message: "\"@@locale\": \"\(tag)\" but the file name says \(named) (\(b.tag)): Flutter refuses such a file; fix one of the two."))
        }
        return ImportedFile(units: [(declared?.stringValue ?? named, units)], errors: errors, refused: refused)
    }

    /// The line and column, in the file, of the character at a UTF-16 offset of a JSON string's
    /// value (`string` is the position of its opening quote): escapes count as written.
    static func jsonColumn(_ bytes: [UInt8], string: JSONPosition, flutterOffset: Int) -> (Int, Int) {
        var i = string.offset + 1
        var column = string.column + 1
        var units = 0
        while i < bytes.count, units < flutterOffset, bytes[i] != 0x22 {
            if bytes[i] == 0x5C, i + 1 < bytes.count {
                if bytes[i + 1] == 0x75 { i += 6; column += 6 } else { i += 2; column += 2 }
                units += 1
                continue
            }
            var length = 1
            let b = bytes[i]
            if b >= 0xF0 { length = 4 } else if b >= 0xE0 { length = 3 } else if b >= 0xC0 { length = 2 }
            units += length == 4 ? 2 : 1
            i += length
            column += 1
        }
        return (string.line, column)
    }

    /// The locale of an ARB file name as gen-l10n reads it: what follows the prefix's `_`
    /// (`app_es.arb` → es, `intl_pt_BR.arb` → pt_BR, `es.arb` → es), if it is a locale ICU knows.
    static func localeOfFileName(_ path: String) -> String? {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let parts = name.split(separator: "_", omittingEmptySubsequences: false)
        for start in 0..<parts.count {
            let candidate = parts[start...].joined(separator: "_")
            if (try? CatalogLocale.resolve(candidate, catalogs: [])) != nil, start > 0 || parts.count == 1 { return candidate }
        }
        return nil
    }
}

/// Flutter's quoting of ARB messages (`gen-l10n` with `use-escaping: false`, its default, as
/// its message parser lexes them): outside braces everything is text, an apostrophe included;
/// ICU instead reads `'{` as the start of quoted text and `''` as one apostrophe.
enum FlutterQuoting {
    /// A Flutter message as ICU text: each apostrophe doubled (`''` is one apostrophe in ICU).
    /// Apostrophes only occur in text in Flutter's grammar (inside braces: names and keywords).
    static func toICU(_ flutter: String) -> String {
        flutter.contains("'") ? flutter.replacingOccurrences(of: "'", with: "''") : flutter
    }

    /// An ICU text as a Flutter message, or nil when its quoted text holds a brace or `#`, which
    /// Flutter (use-escaping off) cannot write. `''` becomes `'`; `'{…}'` quoting is removed.
    static func fromICU(_ icu: String) -> String? {
        guard icu.contains("'") else { return icu }
        let chars = Array(icu)
        var out = ""
        var i = 0
        while i < chars.count {
            let c = chars[i]
            guard c == "'" else { out.append(c); i += 1; continue }
            if i + 1 < chars.count, chars[i + 1] == "'" { out.append("'"); i += 2; continue }
            guard i + 1 < chars.count, "{}#|".contains(chars[i + 1]) else { out.append("'"); i += 1; continue }
            // Quoted text up to the next lone apostrophe.
            var j = i + 1
            var quoted = ""
            while j < chars.count {
                if chars[j] == "'" {
                    if j + 1 < chars.count, chars[j + 1] == "'" { quoted.append("'"); j += 2; continue }
                    break
                }
                quoted.append(chars[j]); j += 1
            }
            if quoted.contains(where: { "{}#".contains($0) }) { return nil }
            out += quoted
            i = j + 1
        }
        return out
    }
}

/// Flutter's plural keywords as ICU reads them. Flutter (`intl`'s `Intl.plural`) shows `zero`,
/// `one` and `two` for exactly 0, 1 and 2 before it asks the locale's plural rules; ICU shows a
/// keyword only for the locale's CLDR category. So a `zero`, `one` or `two` the locale never
/// selects becomes `=0`, `=1`, `=2` (English `two {…}` is `=2 {…}`); a `few` or `many` it never
/// selects is shown by neither, and refuses the unit, as does a case written twice (ICU would
/// silently use the first).
enum FlutterPlurals {
    struct Problem: Error {
        /// The UTF-16 offset of the selector in the ICU text.
        let offset: Int
        let message: String
    }

    static func adapt(_ icu: String, locale: String) -> Result<String, Problem> {
        guard let pattern = try? MessagePattern(icu) else { return .success(icu) }  // reported by the import's checks
        var replacements: [(offset: Int, length: Int, text: String)] = []
        var problem: Problem? = nil
        pattern.forEachArgument { a in
            guard problem == nil else { return }
            var categories: [String]? = nil
            if case .plural(let p) = a.type, !p.ordinal { categories = try? PluralCategories.categories(locale: locale) }
            var seen: [String: String] = [:]
            for b in a.branches {
                var key = b.selectorText
                if case .explicit(let v) = b.selector { key = "=\(v)" }
                if case .keyword(let k) = b.selector, let categories, !categories.contains(k) {
                    let exact = ["zero": 0.0, "one": 1, "two": 2][k]
                    guard let exact else {
                        let known = ["few", "many"].contains(k)
                        problem = Problem(
                            offset: b.selectorOffset,
                            message: known
                                ? "\(locale) never selects the plural category '\(k)' (its categories: \(categories.joined(separator: ", "))), so neither Flutter nor ICU would show this case: remove it."
                                : "'\(k)' is not a plural keyword (zero, one, two, few, many, other, =N): this case would never be shown; fix the keyword.")
                        return
                    }
                    // Flutter shows it for exactly that number.
                    key = "=\(exact)"
                    replacements.append((b.selectorOffset, b.selectorText.utf16.count, "=\(Int(exact))"))
                }
                if let first = seen[key] {
                    problem = Problem(
                        offset: b.selectorOffset,
                        message:
                            "the case '\(b.selectorText)' appears twice in this \(a.typeName)\(first == b.selectorText ? "" : " (as '\(first)')"); ICU would silently use the first: merge them."
                    )
                    return
                }
                seen[key] = b.selectorText
            }
        }
        if let problem { return .failure(problem) }
        guard !replacements.isEmpty else { return .success(icu) }
        var units = Array(icu.utf16)
        for r in replacements.sorted(by: { $0.offset > $1.offset }) {
            units.replaceSubrange(r.offset..<(r.offset + r.length), with: Array(r.text.utf16))
        }
        return .success(String(decoding: units, as: UTF16.self))
    }

    /// The UTF-16 offset in the Flutter text of an offset in its ICU form (each `''` of the ICU
    /// text is one `'` in Flutter's).
    static func flutterOffset(_ icu: String, _ offset: Int) -> Int {
        let units = Array(icu.utf16)
        var apostrophes = 0
        var i = 0
        while i < min(offset, units.count) {
            if units[i] == 0x27, i + 1 < units.count, units[i + 1] == 0x27 { apostrophes += 1; i += 2; continue }
            i += 1
        }
        return offset - apostrophes
    }
}
