import Foundation
import Testing
import ToolkitJSON

/// A model read and written through one switch each over its keys: a nested model, an array of
/// them, an optional key, a key written only when it is not the default, and a value of its
/// own form.
struct FieldSample: JSONDefaultFieldObject, Codable, Equatable {
    enum Field: String, JSONFields { case name, count, tags, child, children, limit, mode, seed }
    enum Mode: String, Codable { case plain, fancy }

    static let fields = JSONFieldTable<Field>()

    var name = ""
    var count = 0
    var tags: [String] = []
    var child: Leaf = Leaf()
    var children: [Leaf] = []
    var limit: Int?
    var mode = Mode.plain
    var seed: UInt64 = 0

    init() {}
    init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }
    func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .name: name = try r.string()
        case .count: count = try r.int()
        case .tags: tags = try r.read([String].self) { r throws(JSONCursor.Failure) in try r.array(of: { r throws(JSONCursor.Failure) in try r.string() }) }
        case .child: child = try r.object(Leaf.self)
        case .children: children = try r.objects(Leaf.self)
        case .limit: limit = try r.int()
        case .mode: mode = try r.value(Mode.self)
        case .seed: seed = try r.uint64()
        }
    }

    func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .name: try w.string(name, at: field)
        case .count: try w.int(count, at: field)
        case .tags: try w.strings(tags, at: field)
        case .child: try w.object(child, at: field)
        case .children: try w.objects(children, at: field)
        case .limit: if let limit { try w.int(limit, at: field) }
        case .mode: if mode != .plain { try w.value(mode, at: field) }
        case .seed: try w.uint64(seed, at: field)
        }
    }
}

/// A nested model with a required key.
struct Leaf: JSONFieldObject, Codable, Equatable {
    enum Field: String, JSONFields { case id, on, scores }

    static let fields = JSONFieldTable<Field>(required: [.id])
    static var wireDefault: Leaf { Leaf() }

    var id = ""
    var on = false
    var scores: [Int] = []

    init(id: String = "", on: Bool = false, scores: [Int] = []) {
        self.id = id
        self.on = on
        self.scores = scores
    }

    init(from decoder: any Decoder) throws { try self.init(fieldsFrom: decoder) }
    func encode(to encoder: any Encoder) throws { try encodeFields(to: encoder) }

    mutating func read<R: JSONFieldReader>(_ field: Field, from r: inout R) throws(R.Failure) {
        switch field {
        case .id: id = try r.string()
        case .on: on = try r.bool()
        case .scores: scores = try r.read([Int].self) { r throws(JSONCursor.Failure) in try r.array(of: { r throws(JSONCursor.Failure) in try r.int() }) }
        }
    }

    func write<W: JSONFieldWriter>(_ field: Field, to w: inout W) throws(W.Failure) {
        switch field {
        case .id: try w.string(id, at: field)
        case .on: try w.bool(on, at: field)
        case .scores: try w.ints(scores, at: field)
        }
    }
}

@Suite("One writer for a model's fields: the stream writer and an Encoder")
struct JSONFieldWriterTests {
    static let samples: [FieldSample] = {
        var full = FieldSample()
        full.name = "quote \" slash / é"
        full.count = -12_345
        full.tags = ["b", "a", ""]
        full.child = Leaf(id: "c", on: true, scores: [1, 20, 300])
        full.children = [Leaf(id: "x"), Leaf(id: "y", scores: [])]
        full.limit = 0
        full.mode = .fancy
        full.seed = .max
        return [FieldSample(), full]
    }()

    @Test("The stream writer writes the bytes of JSONEncoder with sorted keys, compact and pretty", arguments: 0..<2)
    func streamEqualsEncoder(index: Int) throws {
        let sample = Self.samples[index]
        for pretty in [false, true] {
            let encoder = JSONEncoder()
            encoder.outputFormatting = pretty ? [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes] : [.sortedKeys, .withoutEscapingSlashes]
            var w = JSONStreamWriter(pretty: pretty)
            sample.write(to: &w)
            #expect(String(decoding: w.bytes, as: UTF8.self) == String(decoding: try encoder.encode(sample), as: UTF8.self))
        }
    }

    @Test("What the writers write, both readers read back the same")
    func readBack() throws {
        for sample in Self.samples {
            var w = JSONStreamWriter()
            sample.write(to: &w)
            #expect(try JSONNodeDecoder().decode(FieldSample.self, from: w.bytes) == sample)
            var cursor = JSONCursor(w.bytes)
            #expect(try cursor.object(FieldSample.self) == sample)
        }
    }

    @Test("A key the switch leaves out is not written by either writer")
    func omittedKeys() throws {
        var w = JSONStreamWriter()
        FieldSample().write(to: &w)
        let text = String(decoding: w.bytes, as: UTF8.self)
        #expect(text == #"{"child":{"id":"","on":false,"scores":[]},"children":[],"count":0,"name":"","seed":0,"tags":[]}"#)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(FieldSample()), as: UTF8.self) == text)
    }
}
