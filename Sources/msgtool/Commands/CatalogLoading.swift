import Foundation
import MessageCatalog

/// Loads the bundled catalogs or those of `--catalog DIR`, turning any problem into a
/// `file:line:column: error:` failure.
enum CatalogLoading {
    static func load(_ directory: String?) throws -> Catalog {
        do {
            if let directory {
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDir), isDir.boolValue else {
                    throw Failure.at(directory, "no such catalog folder (give a folder holding en.json, es.json, …)")
                }
                return try Catalog(directory: URL(fileURLWithPath: directory))
            }
            return try Catalog.bundled()
        } catch let e as CatalogError {
            throw Failure(message: e.description)
        }
    }
}
