import ToolkitSupport
import ToolkitJSON
import MessageCatalog
/// Building JSON trees to write with `CanonicalCatalog.write` (positions are not meaningful).
extension JSONNode {
    private static let nowhere = JSONPosition(line: 0, column: 0, offset: 0)

    package static func string(_ s: String) -> JSONNode { JSONNode(value: .string(s), position: nowhere) }
    package static func number(_ n: Int) -> JSONNode { JSONNode(value: .number(String(n)), position: nowhere) }
    package static func bool(_ b: Bool) -> JSONNode { JSONNode(value: .bool(b), position: nowhere) }
    package static func array(_ items: [JSONNode]) -> JSONNode { JSONNode(value: .array(items), position: nowhere) }
    /// An object with its members in the order given.
    package static func object(_ members: [(String, JSONNode)]) -> JSONNode {
        JSONNode(value: .object(members.map { JSONMember(key: $0.0, keyPosition: nowhere, value: $0.1) }), position: nowhere)
    }

    /// The canonical text (two-space indent, final newline).
    public var prettyText: String {
        var out = ""
        CanonicalCatalog.write(self, indent: 0, into: &out)
        return out + "\n"
    }
}

/// Writes JSON in ``CanonicalCatalog``'s layout as UTF-8 bytes into an ``ExportSink``, member
/// by member, with no tree in between (the ARB and String Catalog exports of a large catalog):
/// two-space indent, one member a line, `{}` for an empty object, strings escaped by
/// `JSONWriter.quote`, and `colon` between a key and its value. The caller writes the members
/// in the order they are to appear (sorted, for a String Catalog); the writer places commas,
/// newlines and indents. Its bytes are those `CanonicalCatalog.write` gives the same members as
/// a tree.
struct CanonicalJSONWriter {
    /// Where the bytes go.
    let sink: ExportSink
    /// Between a key and its value: `": "`, or `" : "` as Xcode writes String Catalogs.
    private let colon: [UInt8]
    /// How many objects are open.
    private var depth = 0
    /// No member has been written yet in the innermost object.
    private var empty = true
    /// A key was just written: the next value is its value.
    private var afterKey = false

    /// A writer into `sink` whose keys are followed by `colon`.
    init(colon: String = ": ", into sink: ExportSink) {
        self.colon = Array(colon.utf8)
        self.sink = sink
    }

    /// Opens an object: write its members with ``key(_:)`` and a value, then ``endObject()``.
    mutating func beginObject() {
        separate()
        sink.buffer.append(0x7B)
        depth += 1
        empty = true
    }

    /// Closes the innermost object (`{}` when it has no member).
    mutating func endObject() {
        depth -= 1
        if !empty { newline() }
        sink.buffer.append(0x7D)
        empty = false
        sink.flushIfFull()
    }

    /// Writes a member's key; its value follows.
    mutating func key(_ name: String) {
        separate()
        JSONWriter.quote(name, into: &sink.buffer)
        sink.buffer.append(contentsOf: colon)
        afterKey = true
    }

    /// Writes a string value.
    mutating func string(_ value: String) {
        separate()
        JSONWriter.quote(value, into: &sink.buffer)
    }

    /// Writes an integer value.
    mutating func int(_ value: Int) {
        separate()
        sink.buffer.append(contentsOf: String(value).utf8)
    }

    /// Ends the document with the final newline of a canonical file.
    func finish() {
        sink.buffer.append(0x0A)
        sink.flushIfFull()
    }

    /// Before a key, or a value that is not a member's: the comma, newline and indent of a new member.
    private mutating func separate() {
        if afterKey { afterKey = false; return }
        guard depth > 0 else { return }
        if !empty { sink.buffer.append(0x2C) }
        empty = false
        newline()
    }

    private func newline() {
        sink.buffer.append(0x0A)
        sink.buffer.append(contentsOf: repeatElement(0x20, count: 2 * depth))
    }
}
