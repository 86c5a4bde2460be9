import ArgumentParser
import CatalogAccessors

struct Gen: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate code from the catalogs.",
        subcommands: [GenSwift.self]
    )
}

struct GenSwift: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swift",
        abstract: "Generate typed Swift accessors for every message of a catalog (docs/typed-accessors.md).",
        discussion: """
            One accessor per message, sorted by key: steps.goal becomes Messages.Steps.goal(steps:goal:bonus:), \
            each argument typed from its declaration (number: some MessageNumber, duration: Duration, \
            date: Date, string with values: an enum, string: String), documented with the message's \
            description and English text. Render with content.render(Messages.Steps.goal(…), locale:tone:variant:timeZone:). \
            Two keys that would get one Swift name are an error naming both. The file is written \
            atomically, and left untouched when it already holds the same text. The MessageAccessors \
            build-tool plugin runs the same generator.
            """
    )

    @OptionGroup var catalogOptions: CatalogOptions
    @Option(help: "The Swift file to write.") var output: String
    @Option(name: .customLong("type-name"), help: "The outer enum's name.") var typeName = "Messages"
    @Option(help: "internal or public.") var access: SwiftAccessorGenerator.Access = .internal

    func run() throws {
        do {
            let result = try SwiftAccessorGenerator(typeName: typeName, access: access).generateFile(
                catalog: catalogOptions.catalog, base: catalogOptions.base, output: output)
            Output.out(result.written ? "Wrote \(output): \(result.messages) messages." : "\(output) is up to date (\(result.messages) messages).")
        } catch {
            throw Failure(
                message: error.code == .invalidOption ? "error: --base layers --catalog DIR over another catalog: give --catalog too." : error.rendered())
        }
    }
}

extension SwiftAccessorGenerator.Access: ExpressibleByArgument {}
