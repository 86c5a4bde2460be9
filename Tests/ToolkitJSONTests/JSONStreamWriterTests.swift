import Foundation
import Testing
import ToolkitJSON
import ToolkitJSON

/// A value of every shape the plans use: nested objects and arrays, empty ones, optional keys,
/// dictionaries whose keys sort by bytes, and strings that need escaping.
struct WriterSample: Encodable {
    var text: String
    var number: Int
    var flag: Bool
    var list: [String]
    var map: [String: Int]
    var nested: [[String: String]]
    var optional: Int?

    /// Writes the keys in sorted order, as `JSONStreamWriter` asks.
    func write(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.key("flag"); w.bool(flag)
        w.key("list"); w.strings(list)
        w.key("map"); w.object(map)
        w.key("nested")
        w.beginArray()
        for item in nested { w.object(item) }
        w.endArray()
        w.key("number"); w.int(number)
        if let optional { w.key("optional"); w.int(optional) }
        w.key("text"); w.string(text)
        w.endObject()
    }
}

@Suite("JSONStreamWriter writes JSONEncoder's bytes")
struct JSONStreamWriterTests {
    static let samples: [WriterSample] = [
        WriterSample(text: "", number: 0, flag: false, list: [], map: [:], nested: [], optional: nil),
        WriterSample(text: "plain", number: -42, flag: true, list: ["a"], map: ["one": 1], nested: [[:]], optional: 7),
        WriterSample(
            text: "quote \" backslash \\ slash / newline \n tab \t cr \r bell \u{07} \u{08}\u{0C}\u{1F} del \u{7F} ls \u{2028} é 中 😀",
            number: Int.max, flag: true, list: ["", "x\"y", "Ω"],
            map: ["a10": 1, "a2": 2, "B": 3, "Z1": 4, "_x": 5, "a": 6, "a-b": 7, "aB": 8, "ab": 9, "é": 10, "2026-11": 11, "2026-9": 12],
            nested: [["habit-10": "x", "habit-9": "y"], [:], ["k": "v\u{0}"]], optional: Int.min)
    ]

    @Test(
        "Compact and pretty bytes equal JSONEncoder's (.sortedKeys, .withoutEscapingSlashes)",
        arguments: [false, true], [0, 1, 2])
    func sameBytesAsJSONEncoder(pretty: Bool, index: Int) throws {
        let sample = Self.samples[index]
        let encoder = JSONEncoder()
        encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
        let expected = try encoder.encode(sample)
        var w = JSONStreamWriter(pretty: pretty)
        sample.write(to: &w)
        #expect(String(decoding: w.bytes, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
    }

    @Test(
        "plainKey writes the bytes key writes, in every layout",
        arguments: [JSONStreamWriter.Layout.compact, .encoderPretty, .canonical(colon: ": "), .canonical(colon: " : ")])
    func plainKeys(layout: JSONStreamWriter.Layout) {
        func write(_ key: (inout JSONStreamWriter, String) -> Void) -> [UInt8] {
            var w = JSONStreamWriter(layout: layout)
            w.beginObject()
            for name in ["a", "categoryIdentifier", "daily-affirmation", "year"] {
                key(&w, name)
                w.beginObject()
                key(&w, "x"); w.int(1)
                w.endObject()
            }
            w.endObject()
            return w.bytes
        }
        #expect(write { $0.plainKey($1) } == write { $0.key($1) })
    }

    @Test("Top-level arrays, empty and not, and appending to bytes already there")
    func topLevel() throws {
        var w = JSONStreamWriter(pretty: true)
        w.beginArray()
        w.endArray()
        #expect(String(decoding: w.bytes, as: UTF8.self) == "[\n\n]")
        var line = JSONStreamWriter(into: Array("prefix ".utf8))
        line.strings(["a", "b"])
        #expect(String(decoding: line.bytes, as: UTF8.self) == "prefix [\"a\",\"b\"]")
    }

    @Test("Integers and strings are written as JSONEncoder writes them, on the short paths and the long")
    func numbersAndStringsMatchTheEncoder() throws {
        let numbers = Array(-12...12_050) + [99_999, 100_000, 1_795_422_600, Int.max, Int.min]
        let strings = ["", "kind", "Drink water", "día 5 · 步数过半", "a\"b", "back\\slash", "tab\tline\n", "\u{01}\u{1F}", "ends with \\"]
        var w = JSONStreamWriter()
        w.beginObject()
        w.key("numbers")
        w.beginArray()
        for n in numbers { w.int(n) }
        w.endArray()
        w.key("strings"); w.strings(strings)
        w.endObject()
        struct Both: Encodable {
            var numbers: [Int]
            var strings: [String]
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(w.bytes == Array(try encoder.encode(Both(numbers: numbers, strings: strings))))
    }

    @Test("Keys sort by their UTF-8 bytes, as JSONEncoder's .sortedKeys sorts them")
    func keysSortByBytes() {
        let keys = ["", "a", "a-b", "a10", "a2", "aB", "ab", "abc", "B", "Z1", "_x", "é", "e\u{301}", "中", "😀", "2026-11", "2026-9", "habitId", "hoursLeft"]
        for a in keys {
            for b in keys {
                #expect(JSONStreamWriter.utf8Precedes(a, b) == a.utf8.lexicographicallyPrecedes(b.utf8), "\(a) before \(b)")
                // A string whose bytes are not stored contiguously sorts the same.
                let substring = String(Substring(a))
                #expect(JSONStreamWriter.utf8Precedes(substring, b) == a.utf8.lexicographicallyPrecedes(b.utf8))
            }
        }
        #expect(JSONStreamWriter.sortedKeys(["hoursLeft": 1, "habitId": 2, "kind": 3, "Variant": 4]) == ["Variant", "habitId", "hoursLeft", "kind"])
    }

    @Test("A character to escape is found wherever it stands in a long string, as JSONEncoder escapes it")
    func escapesAtEveryPosition() throws {
        var strings: [String] = []
        for special in ["\"", "\\", "\n", "\u{01}", "\u{1F}", "\t"] {
            for position in 0..<20 {
                let plain = "día 5 步数 abcdefghijklmnopq"
                strings.append(String(plain.prefix(position)) + special + String(plain.dropFirst(position)) + " tail")
            }
        }
        strings += ["\u{7F}\u{80} ¡no escape! 😀 \u{20}\u{21}\u{23}\u{5B}\u{5D}", String(repeating: "x", count: 64) + "\""]
        var w = JSONStreamWriter()
        w.strings(strings)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        #expect(String(decoding: w.bytes, as: UTF8.self) == String(decoding: try encoder.encode(strings), as: UTF8.self))
    }
}
