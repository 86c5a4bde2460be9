import Foundation
import MessageCatalog
import ArgumentParser

/// Loads the bundled catalogs or those of `--catalog DIR`, turning any problem into a
/// `file:line:column: error:` failure.
enum CatalogLoading {
    /// - Parameters:
    ///   - directory: `--catalog DIR`, or nil for the bundled catalogs.
    ///   - base: `--base DIR|bundled`: DIR is layered over it (docs/app-catalog.md).
    static func load(_ directory: String?, base: String? = nil) throws -> LocalizedCatalog {
        do {
            if let directory {
                try checkFolder(directory)
                guard let base else { return try LocalizedCatalog(directory: URL(fileURLWithPath: directory)) }
                return try LocalizedCatalog(directory: URL(fileURLWithPath: directory), over: try load(base == "bundled" ? nil : base))
            }
            if base != nil { throw Failure(message: "error: --base layers --catalog DIR over another catalog: give --catalog too.") }
            return try LocalizedCatalog.bundled()
        } catch let e as Diagnostic {
            throw Failure(message: e.rendered())
        }
    }

    private static func checkFolder(_ directory: String) throws {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDir), isDir.boolValue else {
            throw Failure.at(directory, "no such catalog folder (give a folder holding en.json, es.json, …)")
        }
    }

    /// The help of `--base`, shared by the commands that read a catalog.
    static let baseHelp: ArgumentHelp = "Layer --catalog DIR over this catalog folder, or over 'bundled' (an app's own messages: docs/app-catalog.md)."
}
