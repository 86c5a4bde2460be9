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

extension ExportSink {
    /// Hands what `writer` has written so far to the sink (and on, once a chunk is full): the ARB
    /// and String Catalog exports write member by member with `JSONStreamWriter` in the
    /// canonical layout, and drain it after each unit, so a large catalog is never a whole text.
    func drain(_ writer: inout JSONStreamWriter) {
        buffer.append(contentsOf: writer.bytes)
        writer.bytes.removeAll(keepingCapacity: true)
        flushIfFull()
    }
}
