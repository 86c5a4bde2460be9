// Fuzz targets for libFuzzer (scripts/fuzz.sh): the MessageFormat parser and formatter, the
// catalog loader and each import reader. Built with `-sanitize=fuzzer,address -D FUZZING`,
// `main` hands over to libFuzzer (LLVMFuzzerRunDriver); the target is chosen by the
// environment variable FUZZ_TARGET. Built normally (as `swift build` does), this is a replayer:
// `msgtool-fuzz TARGET FILE…` runs one target on each file, so a crash reproducer can be run
// (and debugged) without the fuzzing build.
import Foundation
import MessageCatalog
import MessageCatalogTools
import ToolkitSupport

/// The fuzz targets, by name.
enum FuzzTarget: String, CaseIterable {
    case messageformat, catalog, xcstrings, xliff, po, arb

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
        case .xcstrings, .xliff, .po, .arb:
            let format = ExchangeFormat(rawValue: rawValue)!
            _ = try? CatalogExchange.importFile(bytes, path: "fuzz.\(rawValue)", format: format, into: Self.folder, locale: format == .xcstrings ? "es" : nil)
        }
    }
}

/// The target named by FUZZ_TARGET (the fuzzing build).
let selected: FuzzTarget? = ProcessInfo.processInfo.environment["FUZZ_TARGET"].flatMap(FuzzTarget.init(rawValue:))

#if FUZZING
/// libFuzzer's entry point for a program that has its own `main` (SwiftPM names the executable's
/// entry point, so libFuzzer's `main` cannot be used).
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
                         _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

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
