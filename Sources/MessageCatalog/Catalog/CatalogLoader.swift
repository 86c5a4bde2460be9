import ToolkitSupport
import ToolkitJSON
import Foundation

/// Reads one catalog file (see docs/catalog-format.md) into a `CatalogFile`, checking its
/// structure; texts are compiled later, per locale, by `LocalizedCatalog`.
///
/// Two modes share one walk: `parse` stops at the first problem (loading a catalog), and
/// `parseLeniently` records every problem and keeps what is well formed (lint reports them all).
package enum CatalogLoader {
    /// Where problems go: thrown at once (strict) or collected (lenient).
    struct Problems {
        let lenient: Bool
        var errors: [Diagnostic] = []
        mutating func report(_ error: Diagnostic) throws(Diagnostic) {
            guard lenient else { throw error }
            errors.append(error)
        }
    }

    package static func parse(bytes: [UInt8], path: String, isSource: Bool) throws(Diagnostic) -> CatalogFile {
        try parse(bytes: bytes, path: path, isSource: isSource, eachMessage: { _ in }).file
    }

    /// ``parse(bytes:path:isSource:)`` that also hands each message's JSON to `eachMessage` as it
    /// is read (the file's messages object is never a whole tree), and returns the rest of the
    /// file's tree, whose first `"messages"` object is left empty: a formatter rewrites a large
    /// catalog one message at a time.
    package static func parse(
        bytes: [UInt8], path: String, isSource: Bool,
        eachMessage: (JSONMember) -> Void
    ) throws(Diagnostic) -> (file: CatalogFile, root: JSONNode) {
        var problems = Problems(lenient: false)
        var root: JSONNode? = nil
        // Strict mode throws before it could return nil.
        guard let file = try read(bytes: bytes, path: path, isSource: isSource, problems: &problems, eachMessage: eachMessage, root: &root),
            let root
        else {
            throw Diagnostic(file: path, line: 1, column: 1, unitID: nil, message: "The file could not be read as a catalog.")
        }
        return (file, root)
    }

    /// Every structural problem of the file, and the file as far as it is well formed (nil when
    /// it is not JSON, not UTF-8, or not an object).
    package static func parseLeniently(bytes: [UInt8], path: String, isSource: Bool) -> (file: CatalogFile?, errors: [Diagnostic]) {
        let r = parseLeniently(bytes: bytes, path: path, isSource: isSource, eachMessage: { _ in })
        return (r.file, r.errors)
    }

    /// ``parseLeniently(bytes:path:isSource:)`` that also hands each message's JSON to
    /// `eachMessage` as it is read, and returns the rest of the file's tree (its first
    /// `"messages"` object left empty; nil when the file is not UTF-8 JSON): lint checks a large
    /// catalog's JSON one message at a time.
    package static func parseLeniently(
        bytes: [UInt8], path: String, isSource: Bool,
        eachMessage: (JSONMember) -> Void
    ) -> (file: CatalogFile?, errors: [Diagnostic], root: JSONNode?) {
        var problems = Problems(lenient: true)
        var root: JSONNode? = nil
        do {
            let file = try read(bytes: bytes, path: path, isSource: isSource, problems: &problems, eachMessage: eachMessage, root: &root)
            return (file, problems.errors, root)
        } catch {
            return (nil, problems.errors + [error], root)
        }
    }

    private static func read(
        bytes: [UInt8], path: String, isSource: Bool, problems: inout Problems,
        eachMessage: (JSONMember) -> Void, root rootOut: inout JSONNode?
    ) throws(Diagnostic) -> CatalogFile? {
        func fail(_ pos: JSONPosition, _ unit: String?, _ message: String) -> Diagnostic {
            Diagnostic(file: path, line: pos.line, column: pos.column, unitID: unit, message: message)
        }
        // Checked in place: no String copy of the whole file (a catalog can be 100 MB).
        guard UTF8Validation.isValid(bytes) else {
            // The position of the first invalid byte: lines and columns (in characters) before it.
            let bad = UTF8Validation.firstInvalidOffset(bytes) ?? bytes.count
            var line = 1, col = 1
            for byte in bytes[..<bad] {
                if byte == 0x0A { line += 1; col = 1 } else if byte & 0xC0 != 0x80 { col += 1 }
            }
            try problems.report(Diagnostic(file: path, line: line, column: col, unitID: nil, message: "The file is not valid UTF-8: save it as UTF-8."))
            return nil
        }
        // Messages are built as the parser reads each one, so the file is never a whole JSON
        // tree beside its model; their problems are reported below, in the order a whole tree gives.
        var streamed = StreamedMessages()
        var messageProblems = Problems(lenient: true)
        let root: JSONNode
        do {
            root = try JSONReader.parse(bytes: bytes, streamingMembersOf: "messages") { m in
                eachMessage(m)
                streamed.duplicateKeys.add(m)
                // Lenient problems are collected, never thrown.
                if let message = try? parseMessage(m, path: path, isSource: isSource, problems: &messageProblems) {
                    streamed.messages.append(message)
                }
            }
        } catch {
            try problems.report(fail(error.position, nil, "Invalid JSON: \(error.message)"))
            return nil
        }
        streamed.problems = messageProblems.errors
        rootOut = root
        return try build(root, bytes: bytes, path: path, isSource: isSource, problems: &problems, streamed: streamed)
    }

    /// The messages of a file read member by member (``JSONReader/parse(bytes:streamingMembersOf:_:)``),
    /// with their problems and the keys that appear twice in or among them.
    private struct StreamedMessages {
        var messages: [CatalogMessage] = []
        var problems: [Diagnostic] = []
        var duplicateKeys = StreamedDuplicateKeys()
    }

    private static func build(
        _ root: JSONNode, bytes: [UInt8], path: String, isSource: Bool, problems: inout Problems,
        streamed: StreamedMessages
    ) throws(Diagnostic) -> CatalogFile? {
        func fail(_ pos: JSONPosition, _ unit: String?, _ message: String) -> Diagnostic {
            Diagnostic(file: path, line: pos.line, column: pos.column, unitID: unit, message: message)
        }
        guard let top = root.objectMembers else {
            try problems.report(fail(root.position, nil, "A catalog file is a JSON object with \"locale\" and \"messages\"."))
            return nil
        }
        let fileName = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        var locale = fileName
        if let localeNode = root.member("locale"), let l = localeNode.stringValue {
            locale = l
        } else {
            try problems.report(fail(root.position, nil, "The catalog has no \"locale\": add \"locale\": \"\(fileName)\"."))
        }
        for m in top where !["locale", "messages", "sourceFingerprints"].contains(m.key) {
            try problems.report(
                fail(m.keyPosition, nil, "Unknown top-level key \"\(m.key)\": a catalog has \"locale\", \"messages\" and optionally \"sourceFingerprints\"."))
        }
        var messages: [CatalogMessage] = []
        if let messagesNode = root.member("messages"), messagesNode.objectMembers != nil {
            // The first "messages" member, when an object, is the one read message by message.
            for e in streamed.problems { try problems.report(e) }
            messages = streamed.messages
        } else {
            try problems.report(fail(root.position, nil, "The catalog has no \"messages\" object."))
        }
        for (first, second) in unitIDCollisions(messages) {
            try problems.report(
                fail(
                    second.position, second.id,
                    "The unit id '\(second.id)' also names the text of message '\(first.key)', part '\(first.part)'\(first.tone.map { ", tone \($0.rawValue)" } ?? "")\(first.index.map { ", variant \($0)" } ?? "") (line \(first.position.line)): exports, imports and stats address a text by its id, so two texts cannot share one. Rename this part or the message key."
                ))
        }
        var fingerprints: [String: String] = [:]
        if let fp = root.member("sourceFingerprints") {
            if let fm = fp.objectMembers {
                for m in fm {
                    if let s = m.value.stringValue {
                        fingerprints[m.key] = s
                    } else {
                        try problems.report(fail(m.value.position, m.key, "A fingerprint is a string."))
                    }
                }
            } else {
                try problems.report(fail(fp.position, nil, "\"sourceFingerprints\" must be an object of unit id → fingerprint."))
            }
        }
        return CatalogFile(
            locale: locale, path: path, messages: messages, sourceFingerprints: fingerprints,
            bytes: bytes, duplicateKeys: streamed.duplicateKeys.all(in: root, streamedKey: "messages"))
    }

    private static func parseMessage(_ m: JSONMember, path: String, isSource: Bool, problems: inout Problems) throws(Diagnostic) -> CatalogMessage? {
        func fail(_ pos: JSONPosition, _ unit: String?, _ message: String) -> Diagnostic {
            Diagnostic(file: path, line: pos.line, column: pos.column, unitID: unit, message: message)
        }
        let key = m.key
        guard let fields = m.value.objectMembers else {
            try problems.report(fail(m.value.position, key, "A message is an object with \"parts\"\(isSource ? ", \"description\" and \"arguments\"" : "")."))
            return nil
        }
        guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" }) else {
            try problems.report(fail(m.keyPosition, key, "Message keys use letters, digits, '_', '-' and '.' only."))
            return nil
        }
        var description: String? = nil
        var arguments: [ArgumentDeclaration] = []
        var parts: [CatalogPart] = []
        var avoid: [String: [String]] = [:]
        var sameInTranslation: [String] = []
        var sent: SendMoment? = nil
        var hasParts = false
        for f in fields {
            switch f.key {
            case "description":
                if let d = f.value.stringValue {
                    description = d
                } else {
                    try problems.report(fail(f.value.position, key, "\"description\" is a string for translators."))
                }
            case "arguments":
                guard let args = f.value.objectMembers else {
                    try problems.report(fail(f.value.position, key, "\"arguments\" is an object: name → {\"type\", \"example\"}."))
                    continue
                }
                for a in args {
                    if let decl = try parseArgument(a, key: key, path: path, problems: &problems) { arguments.append(decl) }
                }
            case "avoid" where isSource:
                // language or locale tag → words and phrases no text of the message may contain
                guard let langs = f.value.objectMembers,
                    langs.allSatisfy({ $0.value.arrayValue?.allSatisfy({ $0.stringValue?.isEmpty == false }) == true })
                else {
                    try problems.report(
                        fail(
                            f.value.position, key,
                            "\"avoid\" is an object: language → a list of words no text of the message may contain, e.g. {\"en\": [\"today\"], \"es\": [\"hoy\"]}."
                        ))
                    continue
                }
                for l in langs { avoid[l.key, default: []] += l.value.arrayValue?.compactMap(\.stringValue) ?? [] }
            case "sent" where isSource:
                guard let raw = f.value.stringValue, let moment = SendMoment(rawValue: raw) else {
                    try problems.report(
                        fail(
                            f.value.position, key,
                            "\"sent\" says when the message is sent: one of \(SendMoment.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))."))
                    continue
                }
                sent = moment
            case "sameInTranslation" where isSource:
                guard let names = f.value.arrayValue?.compactMap(\.stringValue), names.count == f.value.arrayValue?.count else {
                    try problems.report(
                        fail(
                            f.value.position, key,
                            "\"sameInTranslation\" is a list of part names whose translations may equal the source text, e.g. [\"header\"]."))
                    continue
                }
                sameInTranslation = names
            case "parts":
                hasParts = true
                guard let ps = f.value.objectMembers, !ps.isEmpty else {
                    try problems.report(fail(f.value.position, key, "\"parts\" is a non-empty object: part name → text, pool or texts by tone."))
                    continue
                }
                for p in ps {
                    if let part = try parsePart(p, key: key, path: path, problems: &problems) { parts.append(part) }
                }
            default:
                try problems.report(
                    fail(
                        f.keyPosition, key,
                        "Unknown field \"\(f.key)\" in a message: use \"parts\"\(isSource ? ", \"description\", \"arguments\", \"avoid\", \"sent\", \"sameInTranslation\"" : "")."
                    ))
            }
        }
        if !hasParts { try problems.report(fail(m.value.position, key, "The message has no \"parts\".")) }
        if isSource && description == nil {
            try problems.report(
                fail(m.value.position, key, "The source message has no \"description\": tell translators when it is shown and what its arguments mean."))
        }
        return CatalogMessage(
            key: key, description: description, arguments: arguments, parts: parts, avoid: avoid,
            sent: sent, sameInTranslation: sameInTranslation, position: m.value.position)
    }

    private static func parseArgument(_ a: JSONMember, key: String, path: String, problems: inout Problems) throws(Diagnostic) -> ArgumentDeclaration? {
        func fail(_ pos: JSONPosition, _ message: String) -> Diagnostic {
            Diagnostic(file: path, line: pos.line, column: pos.column, unitID: key, message: message)
        }
        guard a.key != AddressTerm.argumentName else {
            try problems.report(
                fail(
                    a.keyPosition,
                    "'\(a.key)' is reserved for the user's term of address, which the renderer fills from the user's preference: remove the declaration (texts select on it without one)."
                ))
            return nil
        }
        guard a.value.objectMembers != nil else {
            try problems.report(fail(a.value.position, "The argument '\(a.key)' is declared as an object: {\"type\": \"number\", \"example\": 3}."))
            return nil
        }
        guard let t = a.value.member("type")?.stringValue, let kind = ArgumentDeclaration.Kind(rawValue: t) else {
            try problems.report(fail(a.value.position, "The argument '\(a.key)' needs a \"type\": string, number, date or duration."))
            return nil
        }
        func value(_ e: JSONNode, _ what: String) throws(Diagnostic) -> MessageValue? {
            switch (kind, e.value) {
            case (.number, .number(let lit)), (.duration, .number(let lit)):
                if lit.contains("e") || lit.contains("E") { return Double(lit).map(MessageValue.double) }
                return lit.contains(".") ? (Double(lit).map { _ in MessageValue.decimal(lit) }) : Int64(lit).map(MessageValue.int)
            case (.string, .string(let s)): return .string(s)
            case (.date, .string(let s)):
                if let d = CatalogLoader.parseInstant(s) { return .date(d) }
                try problems.report(fail(e.position, "\(what) of '\(a.key)' is not an ISO 8601 instant (2026-11-23T10:00:00Z)."))
            default:
                try problems.report(fail(e.position, "\(what) of '\(a.key)' does not match its type \(kind.rawValue)."))
            }
            return nil
        }
        var example: MessageValue? = nil
        if let e = a.value.member("example") { example = try value(e, "The example") }
        var examples: [String: MessageValue] = [:]
        if let e = a.value.member("examples") {
            if let members = e.objectMembers {
                for m in members {
                    guard CatalogLoader.isLocaleTag(m.key) else {
                        try problems.report(
                            fail(
                                m.keyPosition,
                                "\"\(m.key)\" in the examples of '\(a.key)' is not a language or locale tag: write one such as \"fr\", \"es-419\" or \"zh-Hant\"."
                            ))
                        continue
                    }
                    if let v = try value(m.value, "The \(m.key) example") { examples[m.key] = v }
                }
            } else {
                try problems.report(
                    fail(
                        e.position,
                        "\"examples\" of '\(a.key)' is an object: language or locale tag → an example in that language, e.g. {\"fr\": \"Boire de l’eau\"}."
                    ))
            }
        }
        let values = a.value.member("values")?.arrayValue?.compactMap(\.stringValue) ?? []
        var isUserText = false
        for m in a.value.objectMembers ?? [] {
            switch m.key {
            case "type", "example", "examples", "description", "values": continue
            case "userText":
                guard case .bool(let b) = m.value.value else {
                    let written: String
                    switch m.value.value {
                    case .string(let t): written = "the string \"\(t)\""
                    case .number(let n): written = "the number \(n)"
                    case .null: written = "null"
                    default: written = "a list or an object"
                    }
                    try problems.report(
                        fail(
                            m.value.position,
                            "\"userText\" of '\(a.key)' is true or false (true: the value is text the user typed, such as a habit's name), not \(written)."
                        ))
                    continue
                }
                guard !b || kind == .string else {
                    try problems.report(
                        fail(
                            m.value.position,
                            "\"userText\": true marks text the user typed, but '\(a.key)' is a \(kind.rawValue): remove it, or declare the argument as a string."
                        ))
                    continue
                }
                isUserText = b
            default:
                try problems.report(
                    fail(
                        m.keyPosition,
                        "Unknown field \"\(m.key)\" in the argument '\(a.key)': use \"type\", \"example\", \"examples\", \"description\", \"values\" or \"userText\"."
                    ))
            }
        }
        return ArgumentDeclaration(
            name: a.key, kind: kind, example: example, values: values,
            description: a.value.member("description")?.stringValue, examples: examples, isUserText: isUserText, position: a.value.position)
    }

    /// Whether a string is shaped as a BCP 47 language or locale tag (`fr`, `es-419`, `zh-Hant`,
    /// `pt_BR`): letters first, then subtags of letters and digits.
    static func isLocaleTag(_ s: String) -> Bool {
        let subtags = s.split(separator: "-", omittingEmptySubsequences: false).flatMap { $0.split(separator: "_", omittingEmptySubsequences: false) }
        guard let first = subtags.first, (2...8).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return subtags.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    private static func parsePart(_ p: JSONMember, key: String, path: String, problems: inout Problems) throws(Diagnostic) -> CatalogPart? {
        let base = "\(key).\(p.key)"
        func fail(_ pos: JSONPosition, _ unit: String, _ message: String) -> Diagnostic {
            Diagnostic(file: path, line: pos.line, column: pos.column, unitID: unit, message: message)
        }
        func unit(_ node: JSONNode, tone: Tone?, index: Int?) throws(Diagnostic) -> CatalogUnit? {
            var id = base
            if let tone { id += ".\(tone.rawValue)" }
            if let index { id += ".\(index)" }
            guard let s = node.stringValue else {
                try problems.report(fail(node.position, id, "A text is a JSON string."))
                return nil
            }
            // Checked before any parse: a text dense in ICU syntax ('# # # …') costs about a
            // hundred bytes of syntax tree per byte while it is checked or compiled.
            guard s.utf8.count <= CatalogLoader.maxTextBytes else {
                try problems.report(
                    fail(
                        node.position, id,
                        "A text is at most \(CatalogLoader.maxTextBytes) bytes of UTF-8 (this one is \(s.utf8.count)): a notification shows a few hundred characters; shorten it or split it into parts."
                    ))
                return nil
            }
            return CatalogUnit(id: id, key: key, part: p.key, tone: tone, index: index, text: s, position: node.position)
        }
        func pool(_ items: [JSONNode], tone: Tone?, at pos: JSONPosition) throws(Diagnostic) -> [CatalogUnit] {
            if items.isEmpty { try problems.report(fail(pos, base + (tone.map { ".\($0.rawValue)" } ?? ""), "A pool needs at least one variant.")) }
            var out: [CatalogUnit] = []
            for (i, n) in items.enumerated() { if let u = try unit(n, tone: tone, index: i) { out.append(u) } }
            return out
        }
        switch p.value.value {
        case .string:
            guard let u = try unit(p.value, tone: nil, index: nil) else { return nil }
            return CatalogPart(name: p.key, shape: .text, units: [u], position: p.value.position)
        case .array(let items):
            return CatalogPart(name: p.key, shape: .pool(items.count), units: try pool(items, tone: nil, at: p.value.position), position: p.value.position)
        case .object(let tones):
            var shapes: [Tone: PartShape.ToneShape] = [:]
            var units: [CatalogUnit] = []
            for t in tones {
                guard let tone = Tone(rawValue: t.key) else {
                    try problems.report(fail(t.keyPosition, base, "Unknown tone \"\(t.key)\": the tones are cheerful, gentle and minimal."))
                    continue
                }
                switch t.value.value {
                case .string:
                    shapes[tone] = .text
                    if let u = try unit(t.value, tone: tone, index: nil) { units.append(u) }
                case .array(let items):
                    shapes[tone] = .pool(items.count)
                    units.append(contentsOf: try pool(items, tone: tone, at: t.value.position))
                default:
                    try problems.report(fail(t.value.position, "\(base).\(t.key)", "A tone holds a text or a pool (an array of texts)."))
                }
            }
            if units.isEmpty {
                try problems.report(fail(p.value.position, base, "Texts by tone need at least one tone."))
                return nil
            }
            return CatalogPart(name: p.key, shape: .tones(shapes), units: units, position: p.value.position)
        default:
            try problems.report(
                fail(p.value.position, base, "A part is a text, a pool (array of texts) or texts by tone ({\"cheerful\", \"gentle\", \"minimal\"})."))
            return nil
        }
    }

    /// Units of different messages or parts whose ids are the same string (message `settings`
    /// with part `general.footer`, message `settings.general` with part `footer`): each pair as
    /// (the first in the file, the later one). Only messages that can collide are compared: a
    /// part name with a dot, or a key whose dotted prefix is another message's key.
    static func unitIDCollisions(_ messages: [CatalogMessage]) -> [(CatalogUnit, CatalogUnit)] {
        var firstIndex: [String: Int] = [:]
        for (i, m) in messages.enumerated() where firstIndex[m.key] == nil { firstIndex[m.key] = i }
        var involved = Set<Int>()
        for (i, m) in messages.enumerated() {
            if m.parts.contains(where: { $0.name.contains(".") }) { involved.insert(i) }
            var prefix = m.key[...]
            while let dot = prefix.lastIndex(of: ".") {
                prefix = prefix[..<dot]
                if let j = firstIndex[String(prefix)] { involved.insert(i); involved.insert(j) }
            }
        }
        guard !involved.isEmpty else { return [] }
        var seen: [String: CatalogUnit] = [:]
        var collisions: [(CatalogUnit, CatalogUnit)] = []
        for i in involved.sorted() {
            for part in messages[i].parts {
                for unit in part.units {
                    if let first = seen[unit.id] {
                        // The same part twice is a duplicate key, reported as such.
                        if first.key != unit.key || first.part != unit.part { collisions.append((first, unit)) }
                    } else {
                        seen[unit.id] = unit
                    }
                }
            }
        }
        return collisions
    }

    /// The longest text a catalog may hold, in UTF-8 bytes (64 KiB): every text is parsed when
    /// a catalog is loaded or linted, and a syntax tree costs up to about a hundred bytes per
    /// byte of a text dense in ICU syntax, so a text's size bounds that memory.
    package static let maxTextBytes = 64 << 10

    /// An ISO 8601 instant with its offset (ToolkitSupport's one reader).
    package static func parseInstant(_ s: String) -> Date? {
        ISO8601Reader.secondsSince1970(s).map { Date(timeIntervalSince1970: $0) }
    }

    /// The file position of a UTF-16 offset inside a unit's text, by walking the raw string
    /// literal (escapes included) from its opening quote.
    package static func position(of patternOffset: Int, in unit: CatalogUnit, bytes: [UInt8]) -> JSONPosition {
        var i = unit.position.offset + 1
        var line = unit.position.line
        var column = unit.position.column + 1
        var utf16 = 0
        while i < bytes.count, utf16 < patternOffset {
            let b = bytes[i]
            if b == 0x22 { break }
            if b == 0x5C {
                let e = i + 1 < bytes.count ? bytes[i + 1] : 0
                i += e == 0x75 ? 6 : 2
                column += e == 0x75 ? 6 : 2
                utf16 += 1
                continue
            }
            let len = b < 0x80 ? 1 : b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4
            utf16 += len == 4 ? 2 : 1
            i += len
            column += 1
            if b == 0x0A { line += 1; column = 1 }
        }
        return JSONPosition(line: line, column: column, offset: i)
    }
}
