import Foundation

extension LocalizedCatalog {
    /// The app's catalog in a bundle, layered over `base`, whether Xcode copied its folder as a
    /// folder (`strings/en.json`, a folder reference, or a buildable folder with "Build Folder
    /// Contents" unchecked) or flattened it (Xcode 16's buildable folders copy the files to the top
    /// of the bundle by default: `en.json`, `es.json`, … next to everything else).
    ///
    /// A flattened catalog is recognised by its file names: `LOCALE.json` where `LOCALE` is a
    /// language tag (`en`, `es-419`, `zh-Hans`) and the source (`en.json`) or a locale of `base`
    /// is among them. In an app extension `Bundle.main` is the `.appex`, whose resources are its
    /// own: the folder must be a member of the extension's target too.
    /// - Parameters:
    ///   - bundle: the bundle holding the catalog (`Bundle.main`; in an extension, the `.appex`).
    ///   - folder: the folder's name in the project (`strings`).
    ///   - base: the catalog it is layered over (``bundled()``).
    /// - Returns: the layered catalog.
    /// - Throws: `Diagnostic` naming the bundle, what was looked for and how to fix the target,
    ///   or the first problem of a file.
    public static func appCatalog(in bundle: Bundle, folder: String = "strings", over base: LocalizedCatalog) throws(Diagnostic) -> LocalizedCatalog {
        let resources = bundle.resourceURL ?? bundle.bundleURL
        var isDirectory: ObjCBool = false
        let folderURL = resources.appendingPathComponent(folder)
        if FileManager.default.fileExists(atPath: folderURL.path, isDirectory: &isDirectory), isDirectory.boolValue {
            return try LocalizedCatalog(directory: folderURL, over: base)
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: resources.path)) ?? []
        let known = Set([base.sourceLocale] + base.locales)
        let flat = names.filter { name in
            guard name.hasSuffix(".json") else { return false }
            return isLanguageTag(String(name.dropLast(5)))
        }.sorted()
        let isExtension = bundle.bundleURL.pathExtension == "appex"
        guard !flat.isEmpty, flat.contains(where: { known.contains(String($0.dropLast(5))) }) else {
            var message = "No catalog folder '\(folder)' and no flattened catalog files (\(base.sourceLocale).json, …) in the bundle's resources."
            message +=
                " Add the folder '\(folder)' to the target: in Xcode 16+ a folder is a buildable folder, copied flat (its files at the top of the bundle, which this loader also finds) unless \"Build Folder Contents\" is unchecked in its File inspector; in older Xcode, add it as a folder reference (blue)."
            message += " Then Build Phases ▸ Copy Bundle Resources must list it (or its files), and Target Membership must include this target."
            if isExtension {
                message +=
                    " This is an app extension (.appex): its Bundle.main holds its own resources, so make the folder a member of the extension's target too (File inspector ▸ Target Membership)."
            }
            throw Diagnostic(file: resources.path, line: 0, column: 0, unitID: nil, message: message, code: .unreadable)
        }
        var raw: [(path: String, bytes: [UInt8])] = []
        for name in flat {
            let path = resources.appendingPathComponent(name).path
            guard let data = FileManager.default.contents(atPath: path) else {
                throw Diagnostic(file: path, line: 0, column: 0, unitID: nil, message: "Cannot read the file.", code: .unreadable)
            }
            raw.append((path, [UInt8](data)))
        }
        return try LocalizedCatalog(rawFiles: raw, over: base)
    }

    /// Whether `text` looks like a BCP 47 language tag of a catalog file (`en`, `es-419`,
    /// `zh-Hans`, `pt-BR`): a 2–3 letter language, then subtags of 2–8 letters or digits.
    static func isLanguageTag(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLowercase }) else { return false }
        return parts.dropFirst().allSatisfy { part in (2...8).contains(part.count) && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}

extension ContentGenerator {
    /// The generator over the app's catalog in `bundle` layered over `base`, found as a folder or
    /// flattened by Xcode (see ``LocalizedCatalog/appCatalog(in:folder:over:)``).
    /// - Parameters:
    ///   - bundle: `Bundle.main` (in an extension, the `.appex`).
    ///   - folder: the folder's name (`strings`).
    ///   - base: the catalog it is layered over (``LocalizedCatalog/bundled()``).
    /// - Returns: the generator.
    /// - Throws: `Diagnostic` saying what is missing and how to fix the target.
    public static func appCatalog(in bundle: Bundle, folder: String = "strings", over base: LocalizedCatalog) throws(Diagnostic) -> ContentGenerator {
        ContentGenerator(catalog: try LocalizedCatalog.appCatalog(in: bundle, folder: folder, over: base))
    }
}
