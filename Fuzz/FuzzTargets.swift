// Fuzz targets for libFuzzer (scripts/fuzz.sh): the MessageFormat parser and formatter, the
// catalog loader, each import reader (and the XLIFF readers' encoding paths: UTF-16 and UTF-32
// input, and declared encodings), and the accessor generator (whose output must be well
// formed Swift whatever the catalog holds). Built with `-sanitize=fuzzer,address -D FUZZING`,
// `main` hands over to libFuzzer (LLVMFuzzerRunDriver); the target is chosen by the
// environment variable FUZZ_TARGET. Built normally (as `swift build` does), this is a replayer:
// `msgtool-fuzz TARGET FILE…` runs one target on each file, so a crash reproducer can be run
// (and debugged) without the fuzzing build.
import Foundation
import MessageCatalog
import MessageCatalogTools
import ToolkitSupport
import CatalogAccessors

/// The fuzz targets, by name.
enum FuzzTarget: String, CaseIterable {
    case messageformat, catalog, xcstrings, xliff, po, arb, generator
    /// The XLIFF readers (2.0, 2.1, 1.2) given the input as UTF-16 or UTF-32, with and without a
    /// byte-order mark (the parser detects these encodings on its own).
    case xliffUTF16 = "xliff-utf16"
    /// The XLIFF readers given the input behind an XML declaration whose encoding the input's
    /// first line names (`UTF-16`, `ISO-8859-1`, `EBCDIC-US`, …), the rest as UTF-8 or Latin-1 bytes.
    case xliffEncoding = "xliff-encoding"

    /// The catalogs an import goes into: the folder FUZZ_CATALOG names (scripts/fuzz.sh gives a
    /// small one, so that each input runs fast), else the bundled ones; read once.
    static let folder: CatalogFolder = {
        if let directory = ProcessInfo.processInfo.environment["FUZZ_CATALOG"], let folder = try? CatalogFolder.read(directory: directory) { return folder }
        return CatalogFolder.bundled
    }()

    /// Runs the target on one input; every outcome but a crash is fine.
    func run(_ bytes: [UInt8]) {
        switch self {
        case .messageformat:
            guard let text = UTF8Validation.string(bytes) else { return }
            // The first line is the pattern; the locale cycles with the input's length.
            let locales = ["en", "es", "zh-Hans", "ar", "ru", "ja"]
            let pattern = String(text.prefix { $0 != "\n" })
            guard let format = try? MessageFormat(pattern, locale: locales[bytes.count % locales.count]) else { return }
            let numbers: [MessageValue] = [.int(Int64(bytes.count) - 3), .double(-1e300), .double(.infinity), .double(.nan), .decimal("1.50"), .int(.min)]
            for n in numbers {
                let arguments: [String: MessageValue] = ["n": n, "count": n, "x": .string("x"), "name": .string(text), "d": .date(millis: -1e15), "0": n]
                _ = try? format.format(arguments, timeZone: "Europe/Madrid")
            }
        case .catalog:
            _ = CatalogLoader.parseLeniently(bytes: bytes, path: "fuzz/es.json", isSource: false)
            _ = CatalogLoader.parseLeniently(bytes: bytes, path: "fuzz/en.json", isSource: true)
        case .generator:
            // The input is a source catalog; what the generator writes is checked for shape
            // (every catalog string inside a literal or a comment); replayed with
            // FUZZ_SWIFTC=1, swiftc also parses it.
            guard let catalog = try? LocalizedCatalog(rawFiles: [("fuzz/en.json", bytes)]),
                let swift = try? SwiftAccessorGenerator().generate(catalog, origin: "fuzz")
            else { return }
            if let problem = GeneratedShape.problem(in: swift) { fatalError("generated Swift is malformed: \(problem)\n\(swift)") }
            #if !FUZZING
            if ProcessInfo.processInfo.environment["FUZZ_SWIFTC"] == "1", let problem = GeneratedShape.swiftcParse(swift) {
                fatalError("swiftc -parse rejects the generated Swift: \(problem)\n\(swift)")
            }
            #endif
        case .xliffUTF16:
            let text = String(decoding: bytes, as: UTF8.self)
            for variant in Self.wideEncodings(text, choice: bytes.count) {
                _ = try? CatalogExchange.importFile(variant, path: "fuzz.xliff", format: .xliff, into: Self.folder, locale: nil)
            }
        case .xliffEncoding:
            let line = bytes.prefix { $0 != 0x0A }
            let body = Array(bytes.dropFirst(line.count + 1))
            let name = String(decoding: line.prefix(40), as: UTF8.self)
            let declared = Array("<?xml version=\"1.0\" encoding=\"\(name)\"?>\n".utf8) + body
            _ = try? CatalogExchange.importFile(declared, path: "fuzz.xliff", format: .xliff, into: Self.folder, locale: nil)
            // The same with the body's text as Latin-1 bytes (what a declared ISO-8859-1 file holds).
            let latin1 = String(decoding: body, as: UTF8.self).unicodeScalars.map { UInt8(truncatingIfNeeded: $0.value) }
            _ = try? CatalogExchange.importFile(
                Array("<?xml version=\"1.0\" encoding=\"\(name)\"?>\n".utf8) + latin1, path: "fuzz.xliff", format: .xliff, into: Self.folder, locale: nil)
        case .xcstrings, .xliff, .po, .arb:
            let format = ExchangeFormat(rawValue: rawValue)!
            _ = try? CatalogExchange.importFile(bytes, path: "fuzz.\(rawValue)", format: format, into: Self.folder, locale: format == .xcstrings ? "es" : nil)
        }
    }
}

extension FuzzTarget {
    /// `text` as UTF-16 (little- and big-endian) and UTF-32, with and without a byte-order mark:
    /// two of the six, chosen by `choice`, so that each input runs fast.
    static func wideEncodings(_ text: String, choice: Int) -> [[UInt8]] {
        func utf16(_ bigEndian: Bool, mark: Bool) -> [UInt8] {
            ((mark ? [0xFEFF] : []) + Array(text.utf16)).flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        }
        func utf32(_ bigEndian: Bool, mark: Bool) -> [UInt8] {
            ((mark ? [0xFEFF] : []) + text.unicodeScalars.map(\.value)).flatMap { v -> [UInt8] in
                let b = [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
                return bigEndian ? b.reversed() : b
            }
        }
        let all: [() -> [UInt8]] = [
            { utf16(false, mark: false) }, { utf16(true, mark: false) }, { utf16(false, mark: true) },
            { utf16(true, mark: true) }, { utf32(false, mark: false) }, { utf32(true, mark: true) }
        ]
        return [all[choice % all.count](), all[(choice / all.count + 1) % all.count]()]
    }
}

/// The checks on generated accessors: a lexical walk of the Swift text, and `swiftc -parse`.
enum GeneratedShape {
    /// Why the text is not generated Swift of the expected shape, or nil: no raw control
    /// character but line feeds, every line a `//` comment or code whose string literals close
    /// on their line, and balanced braces and parentheses outside literals and comments.
    static func problem(in text: String) -> String? {
        var braces = 0, parens = 0
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let bad = line.unicodeScalars.first(where: {
                ($0.value < 0x20 && $0 != "\t") || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029
            }) {
                return "line \(n + 1): raw U+\(String(bad.value, radix: 16))"
            }
            let code = line.drop { $0 == " " }
            if code.hasPrefix("//") { continue }
            var inLiteral = false, escaped = false
            for c in code.unicodeScalars {
                if inLiteral {
                    if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { inLiteral = false }
                    continue
                }
                switch c {
                case "\"": inLiteral = true
                case "{": braces += 1
                case "}": braces -= 1
                case "(": parens += 1
                case ")": parens -= 1
                case "/" where code.contains("//"): return "line \(n + 1): a comment after code: \(code)"
                default:
                    if !c.isASCII { return "line \(n + 1): non-ASCII outside a literal: \(code)" }
                }
                if braces < 0 || parens < 0 { return "line \(n + 1): unbalanced: \(code)" }
            }
            if inLiteral { return "line \(n + 1): a string literal does not close: \(code)" }
            if parens != 0 { return "line \(n + 1): unbalanced parentheses: \(code)" }
        }
        return braces == 0 ? nil : "unbalanced braces (\(braces))"
    }

    #if !FUZZING
    /// `swiftc -parse` on the text: its diagnostics when it fails, else nil.
    static func swiftcParse(_ text: String) -> String? {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-accessors-\(getpid()).swift")
        defer { try? FileManager.default.removeItem(at: file) }
        guard (try? Data(text.utf8).write(to: file)) != nil else { return "cannot write \(file.path)" }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["swiftc", "-parse", file.path]
        let pipe = Pipe()
        p.standardError = pipe
        guard (try? p.run()) != nil else { return "cannot run swiftc" }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return p.terminationStatus == 0 ? nil : String(decoding: output, as: UTF8.self)
    }
    #endif
}

/// The target named by FUZZ_TARGET (the fuzzing build).
let selected: FuzzTarget? = ProcessInfo.processInfo.environment["FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))

#if FUZZING
/// libFuzzer's entry point for a program that has its own `main` (SwiftPM names the executable's
/// entry point, so libFuzzer's `main` cannot be used).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// The input callback (libFuzzer's runtime also refers to it by this name).
@_cdecl("LLVMFuzzerTestOneInput")
func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    selected?.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
    return 0
}
#endif

@main
struct FuzzMain {
    static func main() throws {
        #if FUZZING
        guard selected != nil else {
            FileHandle.standardError.write(Data("FUZZ_TARGET must be one of \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))\n".utf8))
            exit(2)
        }
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzzOneInput))
        #else
        let arguments = CommandLine.arguments.dropFirst()
        guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
            print("usage: msgtool-fuzz TARGET FILE… (targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")))")
            exit(2)
        }
        for path in arguments.dropFirst() {
            target.run(try [UInt8](Data(contentsOf: URL(fileURLWithPath: path))))
            print("\(path): ok")
        }
        #endif
    }
}
