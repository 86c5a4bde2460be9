import Testing
import ToolkitJSON

/// Reads `text` with the cursor as a generic document (objects, arrays, strings, numbers, words),
/// keeping nothing: the cursor's own verdict on the text.
private func cursorRead(_ text: String) throws(JSONCursor.Failure) {
    var r = JSONCursor(Array(text.utf8))
    func any(_ r: inout JSONCursor, depth: Int) throws(JSONCursor.Failure) {
        // The cursor reads what the caller asks for: try the shapes by their first byte.
        let first = text.utf8.dropFirst(r.offset).first { $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }
        switch first {
        case UInt8(ascii: "{"): try r.object { r, _ throws(JSONCursor.Failure) in try any(&r, depth: depth + 1) }
        case UInt8(ascii: "["): try r.array { r throws(JSONCursor.Failure) in try any(&r, depth: depth + 1) }
        case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"): _ = try r.bool()
        case UInt8(ascii: "\""): _ = try r.string()
        default: _ = try r.int()
        }
    }
    try any(&r, depth: 0)
    try r.end()
}

@Suite("One scanner under the tree reader and the byte cursor")
struct JSONScannerTests {
    /// Texts that are not JSON, each broken in another way.
    static let broken: [String] = [
        #"{"a": 1,}"#,
        #"{"a" 1}"#,
        #"{"a": 1 "b": 2}"#,
        #"{"a": [1, 2}"#,
        #"{"a": tru}"#,
        #"{"a": "x\q"}"#,
        #"{"a": "x\u12G4"}"#,
        #"{"a": "\uD800x"}"#,
        #"{"a": "open"#,
        "{\"a\": \"line\nbreak\"}",
        "{\"a\": \"tab\tinside\"}",
        #"{"a": -}"#,
        #"{"a": 1.}"#,
        #"{"a": 1e}"#,
        #"{"a": 1} extra"#,
        #"{a: 1}"#,
        #"{"a": @}"#,
        "{\n  \"a\": 1,\n  \"b\": [true,\n    nul]\n}",
        #"{"é": 1, "ü": [1, 2,]}"#,
        ""
    ]

    @Test("A text that is not JSON: the cursor stops where the tree reader does, with its message", arguments: broken)
    func sameSyntaxErrors(text: String) throws {
        var bytes = Array(text.utf8)
        let tree: JSONSyntaxError
        do {
            _ = try JSONReader.parse(bytes: &bytes)
            Issue.record("the tree reader accepted \(text)")
            return
        } catch {
            tree = error
        }
        do {
            try cursorRead(text)
            Issue.record("the cursor accepted \(text)")
        } catch {
            guard case .syntax(let cursor) = error.reason else {
                Issue.record("not a syntax error: \(error)")
                return
            }
            #expect(cursor == tree, "\(text)")
        }
    }

    @Test("The position of an error: line and column in characters, after a line break and non-ASCII text")
    func positions() throws {
        var bytes = Array("{\n  \"ñandú\": [1,\n    2 3]}".utf8)
        #expect(throws: JSONSyntaxError.self) { _ = try JSONReader.parse(bytes: &bytes) }
        do {
            _ = try JSONReader.parse(bytes: &bytes)
        } catch {
            #expect(error.position.line == 3)
            #expect(error.position.column == 7)
            #expect(error.message == "Expected ',' or ']' in an array.")
        }
    }

    @Test("Escapes are read by the cursor as by the tree reader")
    func escapes() throws {
        let text = #"{"k\u00e9y": "a\"b\\c\/d\n\t\u00e9\ud83d\ude00"}"#
        var r = JSONCursor(Array(text.utf8))
        var read: [String: String] = [:]
        try r.object { r, key throws(JSONCursor.Failure) in read[key.string] = try r.string() }
        var bytes = Array(text.utf8)
        let tree = try JSONReader.parse(bytes: &bytes)
        #expect(read == ["kéy": "a\"b\\c/d\n\t\u{e9}😀"])
        #expect(tree.member("kéy")?.stringValue == read["kéy"])
    }

    @Test("A value the caller refuses: the failure names its path and where it is")
    func invalidValuePath() throws {
        let text = #"{"a": {"list": [1, 2, 99]}, "b": true}"#
        var r = JSONCursor(Array(text.utf8))
        do {
            try r.object { r, _ throws(JSONCursor.Failure) in
                try r.object { r, _ throws(JSONCursor.Failure) in
                    _ = try r.array(of: { r throws(JSONCursor.Failure) in try r.int(in: 0...10) })
                }
            }
            Issue.record("read")
        } catch {
            #expect(error.codingPath.map(\.stringValue) == ["a", "list", "2"])
            let position = r.position(at: error.offset)
            #expect(position.line == 1 && position.column == 23)
            guard case .dataCorrupted(let context)? = error.decodingError else {
                Issue.record("\(error)")
                return
            }
            #expect(context.debugDescription == "99 is out of range 0…10")
        }
    }

    @Test("A key twice in one object is named with the place of the second")
    func duplicateKey() throws {
        let text = "{\"a\": 1,\n \"a\": 2}"
        var r = JSONCursor(Array(text.utf8))
        do {
            try r.object { r, _ throws(JSONCursor.Failure) in _ = try r.int() }
            Issue.record("read")
        } catch {
            #expect(error.codingPath.map(\.stringValue) == ["a"])
            guard case .dataCorrupted(let context)? = error.decodingError else {
                Issue.record("\(error)")
                return
            }
            #expect(context.debugDescription == "the key 'a' appears twice in one object (line 2, column 2): keep one")
        }
    }
}
