import Foundation
import Testing
import TestSupport

/// What an app or a server links must stay small: the runtime modules import no XML parser,
/// no networking and none of the translator tools, and only ICUKit reaches ICU.
/// (`scripts/check-runtime-links.sh`, run by CI, checks the same on a real client's binary.)
@Suite("The runtime's imports")
struct RuntimeSurfaceTests {
    static let runtimeModules = ["MessageCatalog", "NotificationPlanning", "ToolkitSupport", "CLDRData"]
    static let forbidden = ["FoundationXML", "FoundationNetworking", "MessageCatalogTools", "CICU", "CICUShim"]

    /// Every `import` line of a module's Swift files, as (file, imported module).
    static func imports(of module: String) throws -> [(String, String)] {
        let dir = Repository.url("Sources/\(module)")
        guard let files = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) else { return [] }
        var out: [(String, String)] = []
        for case let url as URL in files where url.pathExtension == "swift" {
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ").map(String.init)
                guard let i = words.firstIndex(of: "import"), i + 1 < words.count,
                    words[..<i].allSatisfy({ $0.hasPrefix("@") || ["public", "package", "internal", "private", "fileprivate"].contains($0) })
                else { continue }
                out.append((url.lastPathComponent, words[i + 1]))
            }
        }
        return out
    }

    @Test(arguments: runtimeModules)
    func importsNoXMLNetworkingToolsOrICU(_ module: String) throws {
        let found = try Self.imports(of: module)
        #expect(!found.isEmpty || module == "CLDRData")
        for (file, imported) in found where Self.forbidden.contains(imported) {
            Issue.record("\(module)/\(file) imports \(imported)")
        }
        // Only the ICU backend's file may import ICUKit, under the SystemICU trait.
        for (file, imported) in found where imported == "ICUKit" && !["ICUBackend.swift", "ZoneResolver.swift"].contains(file) {
            Issue.record("\(module)/\(file) imports ICUKit: reach ICU through FormattingBackend")
        }
    }

    @Test func theToolsAreWhereXMLIs() throws {
        // The check above would pass vacuously if nothing imported XML anywhere.
        #expect(try Self.imports(of: "MessageCatalogTools").contains { $0.1 == "FoundationXML" })
    }
}
