import ArgumentParser
import MessageCatalog
import MessageCatalogTools
import NotificationPlanning

/// `--catalog DIR [--base bundled|DIR]`: which catalogs a command reads, shared by every command
/// that reads one (docs/app-catalog.md for layering).
struct CatalogOptions: ParsableArguments {
    @Option(help: "A catalog folder instead of the bundled catalogs.") var catalog: String?
    @Option(help: CatalogLoading.baseHelp) var base: String?

    /// The catalogs, compiled and checked.
    func load() throws -> LocalizedCatalog { try CatalogLoading.load(catalog, base: base) }
    /// The catalog files, as the translator tools read them.
    func folder() throws -> CatalogFolder { try TranslatorFiles.folder(catalog, base: base) }
    /// The content generator over the catalogs, for the scheduling commands.
    func content() throws -> ContentGenerator { try ScheduleInput.content(catalog, base: base) }
}
