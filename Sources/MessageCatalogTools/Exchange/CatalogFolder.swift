import ToolkitSupport
import ToolkitJSON
import MessageCatalog
import Foundation

/// The raw files of a catalog folder (`*.json`, one per locale), read but not yet parsed: what
/// the translator tools (lint, fmt, stats, export, import, pseudo) start from.
public struct CatalogFolder: Sendable {
    /// One file: its path as shown in messages, and its bytes.
    public struct File: Sendable, Hashable {
        /// The file's path as shown in messages (in the folder, or `Resources/strings/…` for the
        /// bundled catalogs).
        public let path: String
        /// The file's contents.
        public let bytes: [UInt8]
        /// The locale its name gives (`es.json` → `es`).
        public var locale: String { URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent }

        /// A file from its path and contents; the name (`es.json`) gives its locale.
        public init(path: String, bytes: [UInt8]) {
            self.path = path
            self.bytes = bytes
        }
    }

    /// The folder as given, or nil for the catalogs compiled into the library.
    public let directory: String?
    /// Files sorted by name.
    public let files: [File]
    /// The source locale's tag (`en`): its file declares descriptions and arguments.
    public let sourceLocale: String
    /// The folder these files are layered over (an app's own messages over the bundled
    /// catalogs, see docs/app-catalog.md), or nil.
    public var base: CatalogFolder? {
        get { baseStorage.first }
        set { baseStorage = newValue.map { [$0] } ?? [] }
    }
    private var baseStorage: [CatalogFolder] = []

    /// A folder from files already read.
    /// - Parameters:
    ///   - directory: the folder, or `nil` for files that come from no folder (the bundled ones).
    ///   - files: the files, in any order (they are sorted by path).
    ///   - sourceLocale: the tag whose file is the source.
    public init(directory: String?, files: [File], sourceLocale: String = "en") {
        self.directory = directory
        self.files = files.sorted { $0.path < $1.path }
        self.sourceLocale = sourceLocale
    }

    /// These files layered over `base`.
    public func layered(over base: CatalogFolder) -> CatalogFolder {
        var copy = self
        copy.base = base
        return copy
    }

    /// The catalogs compiled into the library, with their repository paths
    /// (`Resources/strings/en.json`).
    public static var bundled: CatalogFolder {
        CatalogFolder(directory: nil, files: BundledStrings.files.map { File(path: $0.path, bytes: $0.bytes) })
    }

    /// Reads every `*.json` of a folder.
    /// - Throws: `Diagnostic` when the folder or a file cannot be read.
    public static func read(directory: String, sourceLocale: String = "en") throws(Diagnostic) -> CatalogFolder {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw Diagnostic(
                file: directory, line: 0, column: 0, unitID: nil,
                message: "No such catalog folder: give a folder holding \(sourceLocale).json and the translations.")
        }
        let names: [String]
        do { names = try fm.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") } } catch {
            throw Diagnostic(file: directory, line: 0, column: 0, unitID: nil, message: "Cannot read the catalog folder: \(error.localizedDescription)")
        }
        var files: [File] = []
        for name in names {
            let path = (directory as NSString).appendingPathComponent(name)
            do throws(InputFile.ReadError) {
                files.append(File(path: path, bytes: try InputFile.read(path, limit: InputFile.Limit.catalog, what: "a catalog file")))
            } catch {
                throw Diagnostic(file: path, line: 0, column: 0, unitID: nil, message: "Cannot read the file: \(error.message).")
            }
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

    /// The catalog of these files, loaded and validated as the app loads it (layered over the
    /// base's catalog when there is a ``base``).
    /// - Throws: `Diagnostic` for the first problem.
    public func catalog() throws(Diagnostic) -> LocalizedCatalog {
        if let base { return try LocalizedCatalog(rawFiles: files.map { ($0.path, $0.bytes) }, over: base.catalog()) }
        return try LocalizedCatalog(rawFiles: files.map { ($0.path, $0.bytes) }, sourceLocale: sourceLocale)
    }

    /// The source file parsed (structure only), and its canonical order.
    /// - Throws: `Diagnostic` when there is no source file or it is malformed.
    public func sourceFile() throws(Diagnostic) -> CatalogFile {
        guard let source else {
            throw Diagnostic(file: directory ?? ".", line: 0, column: 0, unitID: nil, message: "No source catalog \(sourceLocale).json in the folder.")
        }
        return try CatalogLoader.parse(bytes: source.bytes, path: source.path, isSource: true)
    }

    /// A file parsed (structure only). In a folder layered over a ``base`` the source file
    /// may hold overrides without a description, so it is parsed as a translation is.
    public func parse(_ file: File) throws(Diagnostic) -> CatalogFile {
        try CatalogLoader.parse(bytes: file.bytes, path: file.path, isSource: base == nil && file.locale == sourceLocale)
    }

    /// ``parse(_:)`` that hands each message's JSON to `eachMessage` as it is read, and returns
    /// the rest of the file's tree (its messages object left empty).
    func parse(_ file: File, eachMessage: (JSONMember) -> Void) throws(Diagnostic) -> (file: CatalogFile, root: JSONNode) {
        try CatalogLoader.parse(bytes: file.bytes, path: file.path, isSource: base == nil && file.locale == sourceLocale, eachMessage: eachMessage)
    }

    /// The source file parsed, merged over the base's source when the folder has a ``base``
    /// (the base's messages, then the folder's own).
    /// - Throws: `Diagnostic` when there is no source file in the folder (or its base), or it is malformed.
    public func layeredSourceFile() throws(Diagnostic) -> CatalogFile {
        guard let base else { return try sourceFile() }
        let baseSource = try base.layeredSourceFile()
        guard let own = source else { return baseSource }
        return try parse(own).merged(over: baseSource)
    }
}
