import MessageCatalog
import ToolkitSupport
import Foundation

/// Application Resource Bundle: a JSON object of unit id → ICU message, each with an `@id`
/// attribute object (`type`, `context` = the message key, `description`, `source_text`,
/// `placeholders` with type, example and description). Untranslated units have an empty value
/// (skipped on import); units whose source changed carry `"x-state": "needs-review"`.
enum ARBFormat {
    static func write(_ units: [ExchangeUnit], catalog: LocalizedCatalog, locale: String) -> String {
        var members: [(String, JSONNode)] = [("@@locale", .string(locale)), ("@@x-source-locale", .string(catalog.sourceLocale))]
        for u in units {
            members.append((u.id, .string(u.target ?? "")))
            var attributes: [(String, JSONNode)] = [("type", .string("text")), ("context", .string(u.unit.key))]
            let description = u.notes.filter { !$0.hasPrefix("{") }.joined(separator: "\n")
            if !description.isEmpty { attributes.append(("description", .string(description))) }
            attributes.append(("source_text", .string(u.source)))
            let declarations = catalog.sourceMessage(u.unit.key)?.arguments ?? []
            if !declarations.isEmpty {
                attributes.append(("placeholders", .object(declarations.map { a in
                    var p: [(String, JSONNode)] = [("type", .string(placeholderType(a)))]
                    if let e = a.example { p.append(("example", .string(ExchangeNotes.example(e).trimmingCharacters(in: ["“", "”"])))) }
                    if let d = a.description { p.append(("description", .string(d))) }
                    return (a.name, .object(p))
                })))
            }
            if u.state == .needsReview { attributes.append(("x-state", .string("needs-review"))) }
            members.append(("@" + u.id, .object(attributes)))
        }
        return JSONNode.object(members).prettyText
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
        guard String(validating: bytes, as: UTF8.self) != nil else {
            return ImportedFile(units: [], errors: ["\(path):1:1: error: the file is not UTF-8."])
        }
        var copy = bytes
        let root: JSONNode
        do { root = try JSONReader.parse(bytes: &copy) } catch {
            return ImportedFile(units: [], errors: ["\(path):\(error.position.line):\(error.position.column): error: invalid JSON: \(error.message) Nothing was imported."])
        }
        guard let members = root.objectMembers else {
            return ImportedFile(units: [], errors: ["\(path):1:1: error: an ARB file is a JSON object of id → message."])
        }
        var errors: [String] = []
        for d in root.duplicateKeys {
            errors.append("\(path):\(d.keyPosition.line):\(d.keyPosition.column): error: \(d.key): this key appears twice: keep one.")
        }
        var units: [ImportedUnit] = []
        let attributes = Dictionary(members.filter { $0.key.hasPrefix("@") }.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
        for m in members where !m.key.hasPrefix("@") {
            guard let text = m.value.stringValue else {
                errors.append("\(path):\(m.value.position.line):\(m.value.position.column): error: \(m.key): a message is a JSON string.")
                continue
            }
            if text.isEmpty { continue }
            let meta = attributes["@" + m.key]
            let reviewed: Bool? = meta?.member("x-state")?.stringValue == "needs-review" ? false : nil
            units.append(ImportedUnit(id: m.key, text: text, source: meta?.member("source_text")?.stringValue, reviewed: reviewed,
                                      line: m.value.position.line, column: m.value.position.column))
        }
        return ImportedFile(units: [(root.member("@@locale")?.stringValue.map { $0.replacingOccurrences(of: "_", with: "-") }, units)], errors: errors)
    }
}
