import Foundation
import Testing
@testable import MessageCatalog
import ToolkitSupport
import ToolkitJSON

/// A catalog file's messages are read one at a time as the JSON parser reaches them, never as a
/// whole tree; the result must be exactly what reading the whole tree gives: the same model, the
/// same problems in the same order at the same places, the same duplicate keys.
@Suite struct StreamedCatalogReadTests {
    static let bundledEnglish = String(
        decoding: BundledStrings.files.first { $0.path.hasSuffix("/en.json") || $0.path == "en.json" }!.bytes,
        as: UTF8.self)

    /// Catalog texts, well formed and not, each with what makes it interesting.
    static let texts: [(String, String)] = [
        ("the bundled source catalog", bundledEnglish),
        (
            "a message key twice, and a key twice inside a message",
            bundledEnglish.replacingOccurrences(
                of: "\"messages\": {",
                with: """
                    "messages": {
                        "action.mark_done": {"description": "x", "parts": {"title": "A", "title": "B"}},
                    """)
        ),
        (
            "\"messages\" twice: only the first is the catalog's",
            """
            {"locale": "en", "messages": {"a.b": {"description": "d", "parts": {"t": "x"}}},
             "messages": {"c.d": {"parts": {"x": "y", "x": "z"}}}}
            """
        ),
        (
            "a first \"messages\" that is not an object",
            """
            {"locale": "en", "messages": [], "messages": {"a.b": {"description": "d", "parts": {"t": "x"}}}}
            """
        ),
        (
            "problems before, inside and after the messages",
            """
            {"extra": 1, "locale": "en", "messages": {
              "bad key!": {"parts": {"t": "x"}},
              "k.nodesc": {"parts": {"t": 3}},
              "k.ok": {"description": "d", "parts": {"t": {"cheerful": "a", "loud": "b"}}}
            }, "sourceFingerprints": {"a": 1}, "zzz": 2, "locale": "es"}
            """
        ),
        (
            "no locale, messages last",
            """
            {"sourceFingerprints": {}, "messages": {"a.b": {"description": "d", "parts": {"t": ["x", 2, "z"]}}}}
            """
        ),
        (
            "invalid JSON inside a message",
            """
            {"locale": "en", "messages": {"a.b": {"description": "d", "parts": {"t": "x"}}, "c.d": {"parts": {"t": "x" "y"}}}}
            """
        ),
        (
            "invalid JSON after the messages",
            """
            {"locale": "en", "messages": {"a.b": {"description": "d", "parts": {"t": "x"}}}, }
            """
        ),
        ("not an object", "[1, 2]")
    ]

    @Test("The streamed read gives the whole tree's texts and duplicate keys, and the strict read its first problem", arguments: texts)
    func sameAsWholeTree(_ name: String, _ text: String) throws {
        let bytes = Array(text.utf8)
        var copy = bytes
        let tree = try? JSONReader.parse(bytes: &copy)
        for isSource in [true, false] {
            let lenient = CatalogLoader.parseLeniently(bytes: bytes, path: "en.json", isSource: isSource)
            let strict = Result { () throws(Diagnostic) in try CatalogLoader.parse(bytes: bytes, path: "en.json", isSource: isSource) }
            switch strict {
            case .success(let file): #expect(lenient.errors.isEmpty && lenient.file == file, "\(name)")
            case .failure(let error): #expect(lenient.errors.first?.description == error.description, "\(name)")
            }
            guard let tree else {
                // Not JSON: one problem, the syntax error.
                #expect(lenient.file == nil && lenient.errors.count == 1, "\(name)")
                #expect(lenient.errors.first?.message.hasPrefix("Invalid JSON") == true, "\(name)")
                continue
            }
            guard let file = lenient.file else { continue }
            #expect(file.duplicateKeys.map(\.keyPosition) == tree.duplicateKeys.map(\.keyPosition), "\(name)")
            // Every text is the string the whole tree has at the unit's place.
            var strings: [Int: String] = [:]
            func collect(_ n: JSONNode) {
                switch n.value {
                case .string(let s): strings[n.position.offset] = s
                case .array(let items): items.forEach(collect)
                case .object(let members): members.forEach { collect($0.value) }
                default: break
                }
            }
            collect(tree)
            for unit in file.units { #expect(strings[unit.position.offset] == unit.text, "\(name): \(unit.id)") }
        }
    }

    @Test("Every message of the bundled catalogs is read, in file order")
    func bundledMessages() throws {
        for (path, bytes) in BundledStrings.files {
            var copy = bytes
            let tree = try JSONReader.parse(bytes: &copy)
            let file = try CatalogLoader.parse(bytes: bytes, path: path, isSource: path.hasSuffix("/en.json"))
            #expect(file.messages.map(\.key) == tree.member("messages")?.objectMembers?.map(\.key), "\(path)")
        }
    }

    @Test("Problems before, inside and after the messages are reported in file order, at their places")
    func problemsInOrder() {
        let text = """
            {"extra": 1, "locale": "en", "messages": {
              "bad key!": {"parts": {"t": "x"}},
              "k.nodesc": {"parts": {"t": 3}}
            }, "sourceFingerprints": {"a": 1}, "zzz": 2}
            """
        let r = CatalogLoader.parseLeniently(bytes: Array(text.utf8), path: "en.json", isSource: true)
        #expect(
            r.errors.map { "\($0.location.line ?? 0):\($0.location.column ?? 0) \($0.message.prefix(24))" } == [
                "1:2 Unknown top-level key \"e",
                "4:36 Unknown top-level key \"z",
                "2:3 Message keys use letters",
                "3:31 A part is a text, a pool",
                "3:15 The source message has n",
                "4:32 A fingerprint is a strin"
            ])
    }

    @Test("The JSON reader hands on the streamed object's members in order and keeps the rest")
    func readerStreamsOneObject() throws {
        let text = #"{"a": [1, {"b": 2}], "messages": {"x": {"y": "z"}, "x": 1, "w": []}, "c": "d", "messages": {"q": 1}}"#
        var bytes = Array(text.utf8)
        let whole = try JSONReader.parse(bytes: &bytes)
        var handed: [JSONMember] = []
        let root = try JSONReader.parse(bytes: bytes, streamingMembersOf: "messages") { handed.append($0) }
        #expect(handed == whole.objectMembers![1].value.objectMembers!)
        let top = root.objectMembers!
        #expect(top.map(\.key) == ["a", "messages", "c", "messages"])
        #expect(top[1].value.objectMembers == [] && top[1].value.position == whole.objectMembers![1].value.position)
        #expect(top[0] == whole.objectMembers![0] && top[2] == whole.objectMembers![2] && top[3] == whole.objectMembers![3])
    }

    @Test("A top-level object's own members can be streamed, with the duplicate keys the whole tree has")
    func readerStreamsTheTopLevel() throws {
        let text = #"{"@@locale": "es", "a": "x", "@a": {"b": 1, "b": 2}, "a": "y"}"#
        var bytes = Array(text.utf8)
        let whole = try JSONReader.parse(bytes: &bytes)
        var handed: [JSONMember] = []
        var duplicates = StreamedDuplicateKeys()
        let root = try JSONReader.parse(
            bytes: bytes,
            streamingTopLevelMembers: {
                handed.append($0); duplicates.add($0)
            })
        #expect(handed == whole.objectMembers!)
        #expect(root.objectMembers == [] && root.position == whole.position)
        #expect(duplicates.found == whole.duplicateKeys)
        // A top level that is not an object is returned whole.
        var array = Array("[1, 2]".utf8)
        let streamedArray = try JSONReader.parse(bytes: array, streamingTopLevelMembers: { _ in Issue.record("nothing to stream") })
        #expect(try streamedArray == JSONReader.parse(bytes: &array))
    }

    @Test(
        "A syntax error in a streamed member is the same error at the same place",
        arguments: [
            #"{"messages": {"x": {"y": "z",}}}"#,
            #"{"messages": {"x": 1 "y": 2}}"#,
            #"{"messages": {"x": "unterminated}}"#,
            #"{"messages": {"x": 1}} trailing"#
        ])
    func syntaxErrors(_ text: String) {
        var bytes = Array(text.utf8)
        let whole = Result { () throws(JSONSyntaxError) in try JSONReader.parse(bytes: &bytes) }
        let streamed = Result { () throws(JSONSyntaxError) in try JSONReader.parse(bytes: bytes, streamingMembersOf: "messages") { _ in } }
        let topLevel = Result { () throws(JSONSyntaxError) in try JSONReader.parse(bytes: bytes, streamingTopLevelMembers: { _ in }) }
        guard case .failure(let a) = whole, case .failure(let b) = streamed, case .failure(let c) = topLevel else {
            Issue.record("every read must fail: \(whole) / \(streamed) / \(topLevel)")
            return
        }
        #expect(a == b && a == c)
    }
}
