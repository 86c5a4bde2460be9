import ToolkitSupport
import ToolkitJSON
import MessageCatalog

/// The rules about what a catalog file may hold at all, whoever wrote it: no control
/// characters (invisible in a notification, and a carriage return would end a comment line in
/// the Swift that `msgtool gen swift` writes), and names the typed accessors can take.
extension LintRun {
    /// Reports every control character (other than tab and line feed) and every line or
    /// paragraph separator in the strings and keys of a file's JSON, at its own line and column.
    mutating func checkHostileText(_ root: JSONNode, file: CatalogFolder.File) {
        walkControls(root, path: [], file: file)
    }

    /// ``checkHostileText(_:file:)`` for one member of the object at `path` (a message of the
    /// messages object, checked as it is read).
    mutating func checkHostileText(_ member: JSONMember, path: [String], file: CatalogFolder.File) {
        checkControls(member.key, at: member.keyPosition, file: file, path: path)
        walkControls(member.value, path: path + [member.key], file: file)
    }

    private mutating func walkControls(_ node: JSONNode, path: [String], file: CatalogFolder.File) {
        switch node.value {
        case .string(let s): checkControls(s, at: node.position, file: file, path: path)
        case .array(let items): for (i, item) in items.enumerated() { walkControls(item, path: path + [String(i)], file: file) }
        case .object(let members): for m in members { checkHostileText(m, path: path, file: file) }
        default: break
        }
    }

    /// In a source file: reports the message's key components, argument names, part names and
    /// select values that give no Swift identifier.
    mutating func checkSwiftNames(_ message: JSONMember, file: CatalogFolder.File) {
        let key = message.key
        for component in key.split(separator: ".", omittingEmptySubsequences: false) where !Self.givesSwiftName(String(component)) {
            add(
                path: file.path, line: message.keyPosition.line, column: message.keyPosition.column, .error, .swiftName, key,
                "The key '\(key)' has a component ('\(component)') with no ASCII letter or digit, so typed accessors cannot name it: rename it (letters, digits, '_', '-', one '.' between components)."
            )
        }
        for argument in message.value.member("arguments")?.objectMembers ?? [] {
            if !Self.givesSwiftName(argument.key) {
                add(
                    path: file.path, line: argument.keyPosition.line, column: argument.keyPosition.column, .error, .swiftName, key,
                    "The argument name \(Self.shown(argument.key)) has no ASCII letter or digit, so typed accessors cannot name its parameter: rename it (in the declaration and in every text)."
                )
            }
            for value in argument.value.member("values")?.arrayValue ?? [] {
                guard let v = value.stringValue, !Self.givesSwiftName(v) else { continue }
                add(
                    path: file.path, line: value.position.line, column: value.position.column, .error, .swiftName, key,
                    "The select value \(Self.shown(v)) of '\(argument.key)' has no ASCII letter or digit, so typed accessors cannot name its case: use a keyword such as 'none' or 'other_kind'."
                )
            }
        }
        for part in message.value.member("parts")?.objectMembers ?? [] where !Self.givesSwiftName(part.key) {
            add(
                path: file.path, line: part.keyPosition.line, column: part.keyPosition.column, .error, .swiftName, key,
                "The part name \(Self.shown(part.key)) has no ASCII letter or digit, so typed accessors cannot name it: use a name such as 'title', 'body' or 'subtitle'."
            )
        }
    }

    /// Whether a name gives a Swift identifier in generated accessors (it holds an ASCII letter
    /// or digit; the rest becomes camel case).
    static func givesSwiftName(_ s: String) -> Bool { s.unicodeScalars.contains { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) } }

    /// A name as a finding shows it: quoted, control characters escaped.
    static func shown(_ s: String) -> String { "\"" + ControlCharacters.visible(s, escapingLineBreaks: true) + "\"" }

    /// One finding per string holding forbidden characters, at the first one's line and column.
    private mutating func checkControls(_ s: String, at position: JSONPosition, file: CatalogFolder.File, path: [String]) {
        guard let bad = s.unicodeScalars.first(where: ControlCharacters.isForbidden) else { return }
        let at = Self.position(ofFirstForbiddenIn: position, bytes: file.bytes) ?? position
        // The unit id of a text (`greet.title.gentle.0`), else the message key.
        var unit: String? = nil
        if path.count >= 2, path[0] == "messages" {
            unit = path.count >= 4 && path[2] == "parts" ? ([path[1]] + path[3...]).joined(separator: ".") : path[1]
        }
        add(
            path: file.path, line: at.line, column: at.column, .error, .controlCharacter, unit,
            "This text holds \(ControlCharacters.name(bad)): control characters are invisible or garble a notification, a terminal or generated code; remove it (a line break is \\n)."
        )
    }

    /// The file position of the first forbidden character of the JSON string (or key) that
    /// starts at `start`, walking its escapes.
    static func position(ofFirstForbiddenIn start: JSONPosition, bytes: [UInt8]) -> JSONPosition? {
        var i = start.offset + 1
        var column = start.column + 1
        func hex(_ at: Int) -> UInt32? {
            guard at + 4 <= bytes.count else { return nil }
            return UInt32(String(decoding: bytes[at..<at + 4], as: UTF8.self), radix: 16)
        }
        while i < bytes.count, bytes[i] != 0x22 {
            let b = bytes[i]
            if b == 0x5C, i + 1 < bytes.count {
                let e = bytes[i + 1]
                var value: UInt32? = nil
                switch e {
                case 0x62: value = 0x08
                case 0x66: value = 0x0C
                case 0x72: value = 0x0D
                case 0x75: value = hex(i + 2)
                default: break
                }
                if let value, let scalar = Unicode.Scalar(value), ControlCharacters.isForbidden(scalar) {
                    return JSONPosition(line: start.line, column: column, offset: i)
                }
                let length = e == 0x75 ? 6 : 2
                i += length; column += length
                continue
            }
            // Raw U+0085, U+2028, U+2029 (valid unescaped in JSON).
            if (b == 0xC2 && i + 1 < bytes.count && bytes[i + 1] == 0x85)
                || (b == 0xE2 && i + 2 < bytes.count && bytes[i + 1] == 0x80 && (bytes[i + 2] == 0xA8 || bytes[i + 2] == 0xA9))
            {
                return JSONPosition(line: start.line, column: column, offset: i)
            }
            if b & 0xC0 != 0x80 { column += 1 }
            i += 1
        }
        return nil
    }
}

/// The characters catalog text must not hold, and how to show text that holds them without
/// sending them raw to a terminal.
package enum ControlCharacters {
    /// Control characters other than tab and line feed (C0, DEL, C1), and U+2028/U+2029.
    package static func isForbidden(_ c: Unicode.Scalar) -> Bool {
        switch c.value {
        case 0x09, 0x0A: return false
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029: return true
        default: return false
        }
    }

    /// The text with each forbidden character written visibly as `\u{1B}` (and tabs and line
    /// feeds too when `escapingLineBreaks`), so that a terminal shows it instead of obeying it.
    package static func visible(_ s: String, escapingLineBreaks: Bool = false) -> String {
        guard s.unicodeScalars.contains(where: { isForbidden($0) || (escapingLineBreaks && ($0 == "\n" || $0 == "\t")) }) else { return s }
        var out = ""
        for c in s.unicodeScalars {
            if isForbidden(c) || (escapingLineBreaks && (c == "\n" || c == "\t")) {
                out += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// The name of a forbidden character, for messages (`a carriage return (U+000D)`).
    package static func name(_ c: Unicode.Scalar) -> String {
        let names: [UInt32: String] = [
            0x00: "a NUL character", 0x0D: "a carriage return", 0x1B: "an escape character (ESC, which starts terminal control codes)",
            0x0B: "a vertical tab", 0x0C: "a form feed", 0x08: "a backspace", 0x7F: "a delete character",
            0x85: "a next-line character (NEL)", 0x2028: "a line separator", 0x2029: "a paragraph separator"
        ]
        let hex = String(c.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        return (names[c.value] ?? "a control character") + " (\(code))"
    }
}
