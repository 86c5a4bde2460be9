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
        return try Self.commands(files: target.sourceFiles.map(\.url), tool: context.tool(named: "message-accessors").url,
                                 workDirectory: context.pluginWorkDirectoryURL, targetName: target.name)
    }

    /// The one build command: generate `<work>/MessageAccessors.swift` from the catalog folder.
    static func commands(files: [URL], tool: URL, workDirectory: URL, targetName: String) throws -> [Command] {
        let sources = files.filter { $0.lastPathComponent == "en.json" }.map { $0.deletingLastPathComponent() }
        let folders = Array(Set(sources.map(\.path))).sorted()
        if folders.count > 1 {
            throw PluginError(message: "\(targetName) has \(folders.count) folders with an en.json (\(folders.joined(separator: ", "))): MessageAccessors generates from one catalog folder.")
        }
        let output = workDirectory.appendingPathComponent("MessageAccessors.swift")
        var arguments = ["--output", output.path]
        var inputs: [URL] = []
        if let folder = folders.first {
            arguments += ["--catalog", folder, "--base", "bundled"]
            inputs = files.filter { $0.deletingLastPathComponent().path == folder && $0.pathExtension == "json" }
        }
        return [.buildCommand(displayName: "Generating message accessors for \(targetName)", executable: tool,
                              arguments: arguments, inputFiles: inputs, outputFiles: [output])]
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
        try Self.commands(files: target.inputFiles.map(\.url), tool: context.tool(named: "message-accessors").url,
                          workDirectory: context.pluginWorkDirectoryURL, targetName: target.displayName)
    }
}
#endif
