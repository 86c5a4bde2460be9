import Foundation
import Testing
import MessageCatalog
@testable import CatalogAccessors
import TestSupport

// Catalogs written by an attacker or a careless tool: what they hold reaches the generated
// Swift only escaped. Each catalog's accessors are compiled by swiftc (Swift 6, warnings as
// errors) with a use of them; a payload that would become code if it escaped its comment or
// literal is looked for, by name, and must not exist.

/// A JSON string literal of any text (every control character as `\u00XX`).
func jsonString(_ s: String) -> String {
    var out = "\""
    for c in s.unicodeScalars {
        switch c {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case _ where c.value < 0x20 || c.value == 0x7F || (0x80...0x9F).contains(c.value) || c.value == 0x2028 || c.value == 0x2029:
            out += String(format: "\\u%04X", c.value)
        default: out.unicodeScalars.append(c)
        }
    }
    return out + "\""
}

/// An injection: a description that, with its line breaks taken raw, closes the
/// `///` comment and declares a function that prints.
let injection = "Shown daily.\rstatic func demo() { print(\"PAYLOAD RAN\") }\r@_disfavoredOverload\r//"

/// Every C0 and C1 control character, DEL and the Unicode line and paragraph separators.
let allControls = String(
    String.UnicodeScalarView((Array(0x00...0x1F) + Array(0x7F...0x9F) + [0x2028, 0x2029, 0x202E, 0x2066, 0xFEFF]).compactMap(Unicode.Scalar.init)))

/// Writes the generated file and a use of it, and typechecks both.
func compileGenerated(_ text: String, use: String) throws -> (status: Int32, output: String) {
    let dir = try TemporaryFolder.create("hostile-accessors")
    defer { try? FileManager.default.removeItem(at: dir) }
    let generated = dir.appendingPathComponent("Messages.swift")
    try Data(text.utf8).write(to: generated)
    let useFile = dir.appendingPathComponent("use.swift")
    try Data(("import Foundation\nimport MessageCatalog\n\n" + use + "\n").utf8).write(to: useFile)
    return try typecheck([generated, useFile])
}

/// Lines of generated source that are code (not comments, not blank).
func codeLines(_ text: String) -> [String] {
    text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty && !$0.hasPrefix("//") }
}

@Suite("Hostile catalogs generate escaped Swift", .serialized, .enabled(if: BuiltModules.found != nil))
struct HostileCatalogTests {
    /// The injection in a message description, an argument description and an English text,
    /// with CR, CRLF, U+2028, U+2029 and NEL as the line breaks, and every control character
    /// in descriptions, texts, select values and part names.
    static let hostile: String = {
        /// The payload as MessageFormat text: its braces quoted.
        func quoted(_ s: String) -> String { s.replacingOccurrences(of: "{", with: "'{'").replacingOccurrences(of: "}", with: "'}'") }
        var messages: [String] = []
        for (i, brk) in ["\r", "\r\n", "\u{2028}", "\u{2029}", "\u{85}", "\u{0B}", "\u{0C}"].enumerated() {
            let payload = injection.replacingOccurrences(of: "\r", with: brk)
            messages.append(
                """
                "inject.m\(i)": {"description": \(jsonString(payload)),
                  "arguments": {"name": {"type": "string", "example": \(jsonString("Ana" + payload)), "description": \(jsonString(payload))},
                                "mode": {"type": "string", "example": "plain", "values": ["plain", \(jsonString("a" + brk + "b")), \(jsonString("x" + allControls + "y"))],
                                         "description": \(jsonString(allControls))}},
                  "parts": {"title": \(jsonString("Hi {name}" + quoted(payload) + "{mode, select, plain {P} other {O}}")),
                            \(jsonString("body" + brk + "static let x = 1")): \(jsonString("B" + allControls)),
                            "note\\u0000": {"gentle": \(jsonString("quiet" + quoted(payload)))}}}
                """)
        }
        // Names Swift cannot take as they are: leading digits, leading '_', keywords.
        let names = [
            "streak.3days", "streak.3", "_private.x", "default.self", "init.Type", "func.in", "class.protocol",
            "Self.Any", "any.some", "Swift.type", "where.while"
        ]
        for key in names {
            messages.append(
                """
                \(jsonString(key)): {"description": "d", "arguments": {"3": {"type": "string", "example": "a", "values": ["3a", "default", "self"]}, "in": {"type": "number", "example": 2}},
                  "parts": {"title": "{3} {in}", "3rd": "x", "default": "y"}}
                """)
        }
        return "{\"locale\": \"en\", \"messages\": {" + messages.joined(separator: ",\n") + "}}"
    }()

    @Test func injectionStaysInComments() throws {
        let catalog = try LocalizedCatalog(rawFiles: [("/hostile/en.json", Array(Self.hostile.utf8))])
        let text = try SwiftAccessorGenerator().generate(catalog, origin: "hostile\r\nstatic let origin = 1")
        // Nothing the catalog held is a line of code, and no raw control character is left.
        for line in codeLines(text) {
            #expect(!line.contains("PAYLOAD") || line.contains("\""), "payload outside a literal: \(line)")
            #expect(
                !line.hasPrefix("static func demo") && !line.hasPrefix("@_disfavoredOverload") && !line.hasPrefix("static let x")
                    && !line.hasPrefix("static let origin"), "\(line)")
        }
        #expect(!text.unicodeScalars.contains { $0 != "\n" && $0 != "\t" && Names.mustEscape($0) })
        // The generated code compiles, the accessors are there, the injected function is not.
        let result = try compileGenerated(
            text,
            use: """
                func use() -> [String] {
                    [String(describing: Messages.Inject.m0(name: "Ana", mode: .plain).arguments.keys.sorted()),
                     Messages.Inject.M1.Part.bodyStaticLetX1.rawValue,
                     Messages.Streak._3days(_3: ._3a, in: 3).arguments.description, Messages.Streak._3(_3: .default, in: 1).arguments.description,
                     Messages.Streak._3days_.key, Messages.Streak._3_.key]
                }
                """)
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty, "warnings: \(result.output)")
        let injected = try compileGenerated(text, use: "func call() { Messages.Inject.demo() }")
        #expect(injected.status != 0 && injected.output.contains("has no member 'demo'"), "\(injected.output)")
    }
}

/// Names that give no Swift identifier are an error naming the message, never output that
/// does not compile (today's `case _`, a parameter `_`).
@Suite("Unusable names are generator errors")
struct UnusableNameTests {
    @Test(arguments: [
        (
            message(
                "a", arguments: "\"mode\": {\"type\": \"string\", \"example\": \"x\", \"values\": [\"x\", \"\"]}",
                parts: "\"title\": \"{mode, select, x {X} other {Y}}\""), "The value \"\" of the argument 'mode' of 'a'"
        ),
        (message("b", arguments: "\"_\": {\"type\": \"string\", \"example\": \"x\"}", parts: "\"title\": \"{_}\""), "The argument \"_\" of 'b'"),
        (message("c", parts: "\"-\": \"T\""), "The part \"-\" of 'c'"),
        (
            message(
                "d", arguments: "\"a_b\": {\"type\": \"number\", \"example\": 1}, \"aB\": {\"type\": \"number\", \"example\": 2}",
                parts: "\"title\": \"{a_b} {aB}\""), "The arguments 'a_b' and 'aB' of 'd' both become the parameter 'aB'"
        )
    ])
    func unusableNameIsAnError(messages: String, mention: String) throws {
        let catalog = try sourceOnly(messages)
        #expect {
            _ = try SwiftAccessorGenerator().generate(catalog, origin: "test")
        } throws: { error in
            let text = (error as? SwiftAccessorGenerator.Failure)?.message ?? ""
            return text.contains(mention) && text.contains("rename")
        }
    }

    /// A key component starting with a digit: the accessor and its struct get two names.
    @Test func digitComponentGetsTwoNames() throws {
        let text = try SwiftAccessorGenerator().generate(try sourceOnly(message("streak.3days")), origin: "test")
        #expect(text.contains("static let _3days = _3days_(arguments: [:])"))
        #expect(text.contains("struct _3days_: MessageCatalog.TypedMessage {"))
    }
}

/// `--type-name Swift` (or `MessageCatalog`, `Foundation`) exited 0 and wrote code that did
/// not compile: the outer enum shadowed the module the generated code names. Now refused.
@Suite("Accessors: type names that shadow a module")
struct ShadowingTypeNameTests {
    @Test(arguments: ["Swift", "MessageCatalog", "Foundation"])
    func refused(_ name: String) throws {
        let error = try #require(throws: SwiftAccessorGenerator.Failure.self) {
            try SwiftAccessorGenerator(typeName: name).generate(try fixtureCatalog(), origin: "fixtures")
        }
        #expect(error.message.contains("'\(name)' cannot name the generated enum: it would shadow"), "\(error.message)")
    }

    @Test func anotherNameIsFine() throws {
        _ = try SwiftAccessorGenerator(typeName: "AppStrings").generate(try fixtureCatalog(), origin: "fixtures")
    }
}
