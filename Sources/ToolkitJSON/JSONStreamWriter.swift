/// Writes JSON as UTF-8 bytes straight into a buffer, value by value, with no tree in between:
/// the one stream writer of the package (`msgtool batch`, `msgtool schedule`, the state file, the
/// ARB and String Catalog exports).
///
/// Its layouts (``Layout``) are those the outputs need: `JSONEncoder`'s with `.sortedKeys` and
/// `.withoutEscapingSlashes` (compact `{"a":1,"b":[2,3]}`, or `.prettyPrinted` with two-space
/// indents, `"key" : value` and an empty container as `[`, an empty line and `]`), and the
/// canonical catalog files' (two-space indents, `"key": value`, `{}` for an empty container).
/// The caller writes an object's keys in the order they are to appear (``sortedKeys(_:)`` sorts a
/// dictionary's keys as `JSONEncoder` does); the writer places the commas, newlines and indents.
package struct JSONStreamWriter {
    /// How the writer lays the values out.
    package enum Layout: Sendable, Hashable {
        /// One line, no spaces: `JSONEncoder` without `.prettyPrinted`.
        case compact
        /// `JSONEncoder`'s `.prettyPrinted`: two-space indents, `" : "` between a key and its
        /// value, an empty container on three lines (`[`, an empty line, `]`).
        case encoderPretty
        /// The canonical layout of the catalog files (`CanonicalCatalog`): two-space indents,
        /// `colon` between a key and its value (`": "`, or `" : "` as Xcode writes String
        /// Catalogs), an empty container as `{}` or `[]`.
        case canonical(colon: String)
    }

    /// The bytes written so far (append to it or take it; the writer only appends).
    package var bytes: [UInt8]
    /// The layout.
    package let layout: Layout
    /// Pretty-printed (newlines, two-space indents) or compact.
    package var pretty: Bool { layout != .compact }

    /// Newlines and indents between the elements of a container.
    private let indented: Bool
    /// An empty container is written on three lines (`JSONEncoder`), not as `{}`.
    private let emptyOnThreeLines: Bool
    /// Between a key and its value, in an indented layout.
    private let colon: [UInt8]
    /// Whether each open container is an array (true) or an object.
    private var open: [Bool] = []
    /// No element has been written yet in the innermost container.
    private var empty = true
    /// A key was just written: the next value is its value, with no separator before it.
    private var afterKey = false

    /// A writer appending to `bytes`.
    /// - Parameters:
    ///   - layout: how the values are laid out.
    ///   - bytes: the buffer to append to (e.g. a line already started).
    package init(layout: Layout, into bytes: [UInt8] = []) {
        self.layout = layout
        self.bytes = bytes
        self.bytes.reserveCapacity(4096)
        switch layout {
        case .compact: (indented, emptyOnThreeLines, colon) = (false, false, [0x3A])
        case .encoderPretty: (indented, emptyOnThreeLines, colon) = (true, true, [0x20, 0x3A, 0x20])
        case .canonical(let text): (indented, emptyOnThreeLines, colon) = (true, false, Array(text.utf8))
        }
    }

    /// A writer in one of `JSONEncoder`'s layouts, appending to `bytes`.
    /// - Parameters:
    ///   - pretty: `JSONEncoder`'s `.prettyPrinted` layout; compact otherwise.
    ///   - bytes: the buffer to append to (e.g. a line already started).
    package init(pretty: Bool = false, into bytes: [UInt8] = []) {
        self.init(layout: pretty ? .encoderPretty : .compact, into: bytes)
    }

    // MARK: Containers

    /// Opens an object: write its members with ``key(_:)`` and a value, then ``endObject()``.
    package mutating func beginObject() { beginContainer(0x7B, array: false) }
    /// Closes the innermost object.
    package mutating func endObject() { endContainer(0x7D) }
    /// Opens an array: write its elements, then ``endArray()``.
    package mutating func beginArray() { beginContainer(0x5B, array: true) }
    /// Closes the innermost array.
    package mutating func endArray() { endContainer(0x5D) }

    /// Writes a member's key (the caller keeps keys in sorted order); its value follows.
    package mutating func key(_ name: String) {
        separate()
        JSONWriter.quote(name, into: &bytes)
        if indented { bytes.append(contentsOf: colon) } else { bytes.append(0x3A) }
        afterKey = true
    }

    /// Writes a key that needs no escape, copied as it is: a model's field name or an enum's raw
    /// value (ASCII letters, digits and `-`, never a quote, a backslash or a control character).
    /// The same bytes as ``key(_:)`` for such a key, without looking for characters to escape.
    package mutating func plainKey(_ name: String) {
        assert(!name.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }, "plainKey(\(name)) needs escaping: use key(_:)")
        separate()
        bytes.append(0x22)
        Self.appendUTF8(name, to: &bytes)
        bytes.append(0x22)
        if indented { bytes.append(contentsOf: colon) } else { bytes.append(0x3A) }
        afterKey = true
    }

    /// Appends the UTF-8 bytes of `text` as one block copy (a String's `utf8` view appended
    /// element by element costs several times more, and keys are written for every member).
    private static func appendUTF8(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    // MARK: Values

    /// Writes a string value.
    package mutating func string(_ value: String) {
        separate()
        JSONWriter.quote(value, into: &bytes)
    }

    /// Writes an integer value.
    package mutating func int(_ value: Int) {
        separate()
        if value >= 0 && value < 10 { bytes.append(0x30 + UInt8(value)); return }
        if value >= 10 && value < 10_000 {
            // Days, hours, years, counts: the digits written straight, without a String.
            if value >= 1000 { bytes.append(0x30 + UInt8(value / 1000)) }
            if value >= 100 { bytes.append(0x30 + UInt8(value / 100 % 10)) }
            bytes.append(0x30 + UInt8(value / 10 % 10))
            bytes.append(0x30 + UInt8(value % 10))
            return
        }
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Writes `true` or `false`.
    package mutating func bool(_ value: Bool) {
        separate()
        bytes.append(contentsOf: value ? "true".utf8 : "false".utf8)
    }

    /// Writes `null`.
    package mutating func null() {
        separate()
        bytes.append(contentsOf: "null".utf8)
    }

    /// Writes a value the caller encodes itself, straight into ``bytes`` (it must append exactly
    /// one JSON value: a number, or a string with its quotes and escapes).
    package mutating func value(_ encode: (inout [UInt8]) -> Void) {
        separate()
        encode(&bytes)
    }

    // MARK: Shortcuts

    /// Writes an array of strings.
    package mutating func strings(_ values: [String]) {
        beginArray()
        for value in values { string(value) }
        endArray()
    }

    /// Writes a `[String: String]` dictionary as an object, keys sorted as `JSONEncoder` sorts them.
    package mutating func object(_ values: [String: String]) {
        beginObject()
        // The members sorted whole: no key is looked up again.
        for (name, value) in values.sorted(by: { Self.utf8Precedes($0.key, $1.key) }) { key(name); string(value) }
        endObject()
    }

    /// Writes a `[String: Int]` dictionary as an object, keys sorted as `JSONEncoder` sorts them.
    package mutating func object(_ values: [String: Int]) {
        beginObject()
        for (name, value) in values.sorted(by: { Self.utf8Precedes($0.key, $1.key) }) { key(name); int(value) }
        endObject()
    }

    /// A dictionary's keys in the order `JSONEncoder`'s `.sortedKeys` writes them: by their UTF-8
    /// bytes.
    package static func sortedKeys<Value>(_ dictionary: [String: Value]) -> [String] {
        dictionary.keys.sorted(by: utf8Precedes)
    }

    /// Whether `a`'s UTF-8 bytes sort before `b`'s (`JSONEncoder`'s `.sortedKeys` order): the
    /// bytes compared in place when both strings hold contiguous UTF-8 (native strings do), else
    /// through their `utf8` views.
    package static func utf8Precedes(_ a: String, _ b: String) -> Bool {
        let fast = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y -> Bool in
                let common = min(x.count, y.count)
                var i = 0
                while i < common {
                    if x[i] != y[i] { return x[i] < y[i] }
                    i += 1
                }
                return x.count < y.count
            }
        }
        if let fast, let result = fast { return result }
        return a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    // MARK: Layout

    private mutating func beginContainer(_ byte: UInt8, array: Bool) {
        separate()
        bytes.append(byte)
        open.append(array)
        empty = true
    }

    private mutating func endContainer(_ byte: UInt8) {
        open.removeLast()
        if indented {
            // JSONEncoder writes an empty container on three lines: "[", "", "]"; the catalog
            // files write "{}".
            if !empty {
                newline()
            } else if emptyOnThreeLines {
                bytes.append(0x0A)
                newline()
            }
        }
        bytes.append(byte)
        empty = false
        afterKey = false
    }

    /// Before a key or a value: the comma and, pretty, the newline and indent of a new element.
    private mutating func separate() {
        if afterKey { afterKey = false; return }
        guard !open.isEmpty else { return }
        if !empty { bytes.append(0x2C) }
        empty = false
        if indented { newline() }
    }

    private mutating func newline() {
        bytes.append(0x0A)
        for _ in 0..<open.count { bytes.append(0x20); bytes.append(0x20) }
    }
}
