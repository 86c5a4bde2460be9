import Foundation
import PackagePlugin

/// Generates typed accessors for an app's messages at build time (docs/typed-accessors.md):
/// the same generator as `msgtool gen swift`, run on the folder of the target that holds an
/// `en.json` (the app's own catalog, layered over the toolkit's bundled catalogs), or on the
/// bundled catalogs alone when the target has no such folder. No network, no swift-syntax.
@main
struct MessageAccessors: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return try Self.commands(
            files: target.sourceFiles.map(\.url), tool: context.tool(named: "message-accessors").url,
            workDirectory: context.pluginWorkDirectoryURL, targetName: target.name)
    }

    /// The one build command: generate `<work>/MessageAccessors.swift` from the catalog folder.
    static func commands(files: [URL], tool: URL, workDirectory: URL, targetName: String) throws -> [Command] {
        // A folder given as a resource (`.copy("strings")`) is one entry; processed resources
        // and plain files are listed one by one.
        let fm = FileManager.default
        var sources: [String] = []
        for f in files {
            if f.lastPathComponent == "en.json" { sources.append(f.deletingLastPathComponent().path) }
            if fm.fileExists(atPath: f.appendingPathComponent("en.json").path) { sources.append(f.path) }
        }
        let folders = Array(Set(sources)).sorted()
        if folders.count > 1 {
            throw PluginError(
                message:
                    "\(targetName) has \(folders.count) folders with an en.json (\(folders.joined(separator: ", "))): MessageAccessors generates from one catalog folder."
            )
        }
        let output = workDirectory.appendingPathComponent("MessageAccessors.swift")
        var arguments = ["--output", output.path]
        var inputs: [URL] = []
        if let folder = folders.first {
            arguments += ["--catalog", folder, "--base", "bundled"]
            // The folder itself is an input, besides each catalog file in it: a folder's
            // modification time changes when a file is added, removed or renamed in it, so a
            // locale file added after this list was made still makes the build regenerate; each
            // file's own entry covers an edit of its contents.
            let folderURL = URL(fileURLWithPath: folder, isDirectory: true)
            let names = (try? fm.contentsOfDirectory(atPath: folder)) ?? []
            inputs = [folderURL] + names.filter { $0.hasSuffix(".json") }.sorted().map { folderURL.appendingPathComponent($0) }
        }
        return [
            .buildCommand(
                displayName: "Generating message accessors for \(targetName)", executable: tool,
                arguments: arguments, inputFiles: inputs, outputFiles: [output])
        ]
    }
}

/// A problem with the target's catalog folders.
struct PluginError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

extension MessageAccessors: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        try Self.commands(
            files: target.inputFiles.map(\.url), tool: context.tool(named: "message-accessors").url,
            workDirectory: context.pluginWorkDirectoryURL, targetName: target.displayName)
    }
}
#endif
