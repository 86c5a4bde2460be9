// The MessageAccessors plugin's tool: `msgtool gen swift` without the rest of msgtool (no
// argument parser, no translator tools), so that an app's build compiles only the catalog
// runtime and the generator.
//
//   message-accessors --catalog DIR [--base bundled|DIR] --output FILE [--access public] [--type-name NAME]
import CatalogAccessors
import Foundation
import MessageCatalog

var options: [String: String] = [:]
var arguments = CommandLine.arguments.dropFirst()
while let flag = arguments.popFirst() {
    guard ["--catalog", "--base", "--output", "--access", "--type-name"].contains(flag), let value = arguments.popFirst() else {
        FileHandle.standardError.write(
            Data(
                "message-accessors: error: unexpected '\(flag)': use --catalog DIR [--base bundled|DIR] --output FILE [--access internal|public] [--type-name NAME]\n"
                    .utf8))
        exit(2)
    }
    options[flag] = value
}
guard let output = options["--output"], let access = SwiftAccessorGenerator.Access(rawValue: options["--access"] ?? "internal") else {
    FileHandle.standardError.write(Data("message-accessors: error: give --output FILE (and --access internal or public)\n".utf8))
    exit(2)
}
do {
    _ = try SwiftAccessorGenerator(typeName: options["--type-name"] ?? "Messages", access: access)
        .generateFile(catalog: options["--catalog"], base: options["--base"], output: output)
} catch {
    // As msgtool prints it: `file:line:column: error: key: message`, the form Xcode and
    // SwiftPM show at the catalog file's line.
    FileHandle.standardError.write(Data("\(error.rendered())\n".utf8))
    exit(1)
}
