import ToolkitSupport
import ToolkitJSON
import MessageCatalog
/// The canonical text of a catalog file, so that every tool writes the same bytes and diffs stay
/// small (docs/catalog-format.md, "Canonical form"):
///
/// - UTF-8, two-space indent, `"key": value`, one member or item a line, empty objects and
///   arrays as `{}` and `[]`, a final newline; strings escaped as Python's
///   `json.dumps(ensure_ascii=False)` does (only `"`, `\`, and control characters); numbers
///   exactly as written.
/// - Top level: `locale`, `messages`, `sourceFingerprints` (only when not empty).
/// - Messages in the source file's order (messages the source lacks come last, in file order);
///   in a message `description`, `arguments`, `parts`; in an argument `type`, `example`,
///   `description`, `values`; parts in the source message's order; tones as cheerful, gentle,
///   minimal; fingerprints in the order of the source's units.
/// - Anything else keeps its file order after the keys above.
public enum CanonicalCatalog {
    /// The order the source file gives to messages, parts and units.
    public struct SourceOrder: Sendable {
        let messageRank: [String: Int]
        let partRank: [String: [String: Int]]
        let unitRank: [String: Int]

        /// The order of a source catalog file.
        public init(source: CatalogFile) {
            var m: [String: Int] = [:], p: [String: [String: Int]] = [:], u: [String: Int] = [:]
            for (i, message) in source.messages.enumerated() where m[message.key] == nil {
                m[message.key] = i
                var parts: [String: Int] = [:]
                for (j, part) in message.parts.enumerated() where parts[part.name] == nil { parts[part.name] = j }
                p[message.key] = parts
            }
            for (i, unit) in source.units.enumerated() where u[unit.id] == nil { u[unit.id] = i }
            messageRank = m
            partRank = p
            unitRank = u
        }
    }

    /// The canonical bytes of a catalog file's JSON tree.
    /// - Parameters:
    ///   - root: the parsed file (`JSONReader.parse`).
    ///   - order: the source file's order (for the source itself, its own).
    package static func bytes(of root: JSONNode, order: SourceOrder, capacity: Int = 0) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(capacity)
        write(ordered(root, order: order), indent: 0, into: &out)
        out.append(0x0A)
        return out
    }

    /// The canonical bytes of a file's contents, or nil when they are not JSON.
    public static func bytes(ofFile contents: [UInt8], order: SourceOrder) -> [UInt8]? {
        var copy = contents
        guard let root = try? JSONReader.parse(bytes: &copy) else { return nil }
        // The canonical file is about as long as the file: one allocation, written in place.
        return bytes(of: root, order: order, capacity: contents.count + contents.count / 8 + 64)
    }

    /// Pretty-prints any JSON value the canonical way, keys in the order given (or sorted, as
    /// Xcode writes String Catalogs, with `colon: " : "`).
    package static func write(_ node: JSONNode, indent: Int, colon: String = ": ", sortKeys: Bool = false, into out: inout String) {
        var bytes: [UInt8] = []
        write(node, indent: indent, colon: colon, sortKeys: sortKeys, into: &bytes)
        out += String(decoding: bytes, as: UTF8.self)
    }

    /// ``write(_:indent:colon:sortKeys:into:)`` appending UTF-8 bytes (a catalog file is written
    /// without a String copy of it).
    package static func write(_ node: JSONNode, indent: Int, colon: String = ": ", sortKeys: Bool = false, into out: inout [UInt8]) {
        func spaces(_ n: Int) { out.append(contentsOf: repeatElement(0x20, count: n)) }
        switch node.value {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .number(let literal): out += literal.utf8
        case .string(let s): JSONWriter.quote(s, into: &out)
        case .array(let items):
            if items.isEmpty { out += "[]".utf8; return }
            out += "[\n".utf8
            for (i, item) in items.enumerated() {
                spaces(indent + 2)
                write(item, indent: indent + 2, colon: colon, sortKeys: sortKeys, into: &out)
                out += (i == items.count - 1 ? "\n" : ",\n").utf8
            }
            spaces(indent)
            out.append(0x5D)
        case .object(let members):
            if members.isEmpty { out += "{}".utf8; return }
            out += "{\n".utf8
            let ordered = sortKeys ? members.sorted { $0.key < $1.key } : members
            for (i, m) in ordered.enumerated() {
                spaces(indent + 2)
                JSONWriter.quote(m.key, into: &out)
                out += colon.utf8
                write(m.value, indent: indent + 2, colon: colon, sortKeys: sortKeys, into: &out)
                out += (i == members.count - 1 ? "\n" : ",\n").utf8
            }
            spaces(indent)
            out.append(0x7D)
        }
    }

    // MARK: Ordering

    private static func ordered(_ root: JSONNode, order: SourceOrder) -> JSONNode {
        guard let top = root.objectMembers else { return root }
        var members: [JSONMember] = []
        for m in top {
            switch m.key {
            case "messages":
                guard let messages = m.value.objectMembers else { members.append(m); continue }
                let sorted = sortedByRank(messages) { order.messageRank[$0.key] }
                members.append(replacing(m, with: .object(sorted.map { orderedMessage($0, order: order) })))
            case "sourceFingerprints":
                guard let fps = m.value.objectMembers else { members.append(m); continue }
                if fps.isEmpty { continue }
                members.append(replacing(m, with: .object(sortedByRank(fps) { order.unitRank[$0.key] })))
            default:
                members.append(m)
            }
        }
        return JSONNode(value: .object(byFixedKeys(members, ["locale", "messages", "sourceFingerprints"])), position: root.position)
    }

    private static func orderedMessage(_ message: JSONMember, order: SourceOrder) -> JSONMember {
        guard let fields = message.value.objectMembers else { return message }
        let partRank = order.partRank[message.key] ?? [:]
        let fixed = fields.map { f -> JSONMember in
            switch f.key {
            case "arguments":
                guard let args = f.value.objectMembers else { return f }
                return replacing(
                    f,
                    with: .object(
                        args.map { a in
                            guard let decl = a.value.objectMembers else { return a }
                            return replacing(a, with: .object(byFixedKeys(decl, ["type", "userText", "example", "examples", "description", "values"])))
                        }))
            case "parts":
                guard let parts = f.value.objectMembers else { return f }
                return replacing(
                    f,
                    with: .object(
                        sortedByRank(parts) { partRank[$0.key] }.map { p in
                            guard let tones = p.value.objectMembers else { return p }
                            return replacing(p, with: .object(byFixedKeys(tones, Tone.allCases.map(\.rawValue))))
                        }))
            default:
                return f
            }
        }
        return replacing(message, with: .object(byFixedKeys(fixed, ["description", "arguments", "avoid", "sent", "sameInTranslation", "parts"])))
    }

    /// The members named in `keys` first, in that order, then the others in file order.
    private static func byFixedKeys(_ members: [JSONMember], _ keys: [String]) -> [JSONMember] {
        sortedByRank(members) { m in keys.firstIndex(of: m.key) }
    }

    /// Members with a rank first, by rank (stable), then those without, in file order.
    private static func sortedByRank(_ members: [JSONMember], _ rank: (JSONMember) -> Int?) -> [JSONMember] {
        let ranked = members.enumerated().map { (rank: rank($0.element) ?? Int.max, index: $0.offset, member: $0.element) }
        return ranked.sorted { ($0.rank, $0.index) < ($1.rank, $1.index) }.map(\.member)
    }

    private static func replacing(_ member: JSONMember, with value: JSONValue) -> JSONMember {
        JSONMember(key: member.key, keyPosition: member.keyPosition, value: JSONNode(value: value, position: member.value.position))
    }
}

extension CanonicalCatalog {
    /// The files of a folder whose bytes are not canonical, with their canonical bytes.
    /// - Throws: `Diagnostic` for a file that is not a well-formed catalog or has a key twice
    ///   in one object (which of the two to keep is the author's call, not the formatter's).
    ///   For a folder layered over a ``CatalogFolder/base`` (an app's own catalog), messages
    ///   and parts follow the merged source: the base's order, then the folder's own messages.
    public static func differences(in folder: CatalogFolder) throws(Diagnostic) -> [(file: CatalogFolder.File, canonical: [UInt8])] {
        let order = SourceOrder(source: try folder.layeredSourceFile())
        var out: [(file: CatalogFolder.File, canonical: [UInt8])] = []
        for file in folder.files {
            // Each message is written canonically as it is read and checked (a catalog can be
            // 100 MB: its tree is never whole), then the messages are put in the source's order;
            // the canonical file is compared piece by piece and made only when it differs.
            var messages: [(rank: Int, index: Int, bytes: [UInt8])] = []
            let (parsed, root) = try folder.parse(file) { m in
                var piece: [UInt8] = []
                piece.append(contentsOf: repeatElement(0x20, count: 4))
                JSONWriter.quote(m.key, into: &piece)
                piece += ": ".utf8
                write(orderedMessage(m, order: order).value, indent: 4, into: &piece)
                messages.append((order.messageRank[m.key] ?? Int.max, messages.count, piece))
            }
            if let dup = parsed.duplicateKeys.first {
                throw Diagnostic(
                    file: file.path, line: dup.keyPosition.line, column: dup.keyPosition.column, unitID: nil,
                    message: "The key \"\(dup.key)\" appears twice in one object: keep one, then format.")
            }
            messages.sort { ($0.rank, $0.index) < ($1.rank, $1.index) }
            let top = ordered(root, order: order)
            var same = Comparison(expected: file.bytes)
            writeFile(top, messages: messages.map(\.bytes)) { same.append($0) }
            guard !same.isEqual else { continue }
            var canonical: [UInt8] = []
            canonical.reserveCapacity(file.bytes.count + file.bytes.count / 8 + 64)
            writeFile(top, messages: messages.map(\.bytes)) { canonical += $0 }
            out.append((file, canonical))
        }
        return out
    }

    /// Writes a catalog file's canonical text in pieces: the top-level object `top` (ordered,
    /// its `"messages"` object read apart and left empty) with the canonical `messages` (each a
    /// whole member line, indented) in that object.
    private static func writeFile(_ top: JSONNode, messages: [[UInt8]], _ emit: ([UInt8]) -> Void) {
        let members = top.objectMembers ?? []
        emit(Array("{\n".utf8))
        var messagesWritten = false
        for (i, m) in members.enumerated() {
            var piece = Array("  ".utf8)
            JSONWriter.quote(m.key, into: &piece)
            piece += ": ".utf8
            if m.key == "messages", !messagesWritten, m.value.objectMembers?.isEmpty == true, !messages.isEmpty {
                messagesWritten = true
                piece += "{\n".utf8
                emit(piece)
                for (j, message) in messages.enumerated() {
                    emit(message)
                    emit(Array((j == messages.count - 1 ? "\n" : ",\n").utf8))
                }
                piece = Array("  }".utf8)
            } else {
                write(m.value, indent: 2, into: &piece)
            }
            piece += (i == members.count - 1 ? "\n" : ",\n").utf8
            emit(piece)
        }
        emit(Array("}\n".utf8))
    }

    /// Whether bytes given in pieces are, in all, the `expected` bytes.
    private struct Comparison {
        let expected: [UInt8]
        var offset = 0
        var equalSoFar = true
        var isEqual: Bool { equalSoFar && offset == expected.count }

        mutating func append(_ piece: [UInt8]) {
            guard equalSoFar else { return }
            guard offset + piece.count <= expected.count, expected[offset..<offset + piece.count].elementsEqual(piece) else {
                equalSoFar = false
                return
            }
            offset += piece.count
        }
    }
}
