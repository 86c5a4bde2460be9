import Foundation
import MessageCatalog

/// Loads the bundled catalogs or those of `--catalog DIR`, turning any problem into a
/// `file:line:column: error:` failure.
enum CatalogLoading {
    static func load(_ directory: String?) throws -> LocalizedCatalog {
        do {
            if let directory {
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDir), isDir.boolValue else {
                    throw Failure.at(directory, "no such catalog folder (give a folder holding en.json, es.json, …)")
                }
                return try LocalizedCatalog(directory: URL(fileURLWithPath: directory))
            }
            return try LocalizedCatalog.bundled()
        } catch let e as CatalogError {
            throw Failure(message: e.description)
        }
    }
}
