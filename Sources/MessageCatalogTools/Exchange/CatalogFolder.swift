import ToolkitSupport
import MessageCatalog
import Foundation

/// The raw files of a catalog folder (`*.json`, one per locale), read but not yet parsed: what
/// the translator tools (lint, fmt, stats, export, import, pseudo) start from.
public struct CatalogFolder: Sendable {
    /// One file: its path as shown in messages, and its bytes.
    public struct File: Sendable, Hashable {
        public let path: String
        public let bytes: [UInt8]
        /// The locale its name gives (`es.json` → `es`).
        public var locale: String { URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }

        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// The folder as given, or nil for the catalogs compiled into the library.
    public let directory: String?
    /// Files sorted by name.
    public let files: [File]
    public let sourceLocale: String

    public init(directory: String?, files: [File], sourceLocale: String = "en") {
        self.directory = directory
        self.files = files.sorted { $0.path < $1.path }
        self.sourceLocale = sourceLocale
    }

    /// The catalogs compiled into the library, with their repository paths
    /// (`Resources/strings/en.json`).
    public static var bundled: CatalogFolder {
        CatalogFolder(directory: nil, files: BundledStrings.files.map { File(path: $0.path, bytes: $0.bytes) })
    }

    /// Reads every `*.json` of a folder.
    /// - Throws: `CatalogError` when the folder or a file cannot be read.
    public static func read(directory: String, sourceLocale: String = "en") throws(CatalogError) -> CatalogFolder {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw CatalogError(file: directory, line: 0, column: 0, unitID: nil,
                               message: "No such catalog folder: give a folder holding \(sourceLocale).json and the translations.")
        }
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") } } catch {
            throw CatalogError(file: directory, line: 0, column: 0, unitID: nil, message: "Cannot read the catalog folder: \(error.localizedDescription)")
        }
        var files: [File] = []
        for name in names {
            let path = (directory as NSString).appendingPathComponent(name)
            guard let data = fm.contents(atPath: path) else {
                throw CatalogError(file: path, line: 0, column: 0, unitID: nil, message: "Cannot read the file.")
            }
            files.append(File(path: path, bytes: [UInt8](data)))
        }
        return CatalogFolder(directory: directory, files: files, sourceLocale: sourceLocale)
    }

    /// The source file (`en.json`), if the folder has one.
    public var source: File? { files.first { $0.locale == sourceLocale } }

    /// The file of a locale, if any.
    public func file(locale: String) -> File? { files.first { $0.locale == locale } }

    /// The path a locale's file has or would have in this folder.
    public func path(forLocale locale: String) -> String {
        let name = "\(locale).json"
        guard let directory else { return "Resources/strings/\(name)" }
        return (directory as NSString).appendingPathComponent(name)
    }

    /// The catalog of these files, loaded and validated as the app loads it.
    /// - Throws: `CatalogError` for the first problem.
    public func catalog() throws(CatalogError) -> LocalizedCatalog {
        try LocalizedCatalog(rawFiles: files.map { ($0.path, $0.bytes) }, sourceLocale: sourceLocale)
    }

    /// The source file parsed (structure only), and its canonical order.
    /// - Throws: `CatalogError` when there is no source file or it is malformed.
    public func sourceFile() throws(CatalogError) -> CatalogFile {
        guard let source else {
            throw CatalogError(file: directory ?? ".", line: 0, column: 0, unitID: nil, message: "No source catalog \(sourceLocale).json in the folder.")
        }
        return try CatalogLoader.parse(bytes: source.bytes, path: source.path, isSource: true)
    }

    /// A file parsed (structure only).
    public func parse(_ file: File) throws(CatalogError) -> CatalogFile {
        try CatalogLoader.parse(bytes: file.bytes, path: file.path, isSource: file.locale == sourceLocale)
    }
}
