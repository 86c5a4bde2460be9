import Foundation

/// The package's checkout, for tests that read its files: examples, fixtures, scripts, the
/// bundled catalogs.
package enum Repository {
    /// The package root, from this file's path (Tests/TestSupport/Repository.swift).
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// A file or folder of the package by its path from the root (`examples/schedule-config.json`).
    package static func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// A fixture by its path below `Tests/Fixtures` (`exchange/es.xcloc`).
    package static func fixture(_ path: String) -> URL { url("Tests/Fixtures/" + path) }
}

/// Scratch files and folders under the temporary directory, each with a name of its own.
package enum TemporaryFolder {
    /// A path under the temporary directory that nothing uses: `prefix-UUID` then `suffix`
    /// (`.html`, `-name.json`). Nothing is created.
    package static func uniqueURL(_ prefix: String, suffix: String = "") -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)\(suffix)")
    }

    /// A new, empty folder named `prefix-UUID`; the caller removes it.
    package static func create(_ prefix: String) throws -> URL {
        let folder = uniqueURL(prefix)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
