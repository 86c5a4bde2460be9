import NotificationPlanning
import ArgumentParser
import Foundation
import MessageCatalog

/// `msgtool categories --locale L [--catalog DIR]`: the notification categories and actions,
/// with the action titles localized from the catalog, as JSON.
struct Categories: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the notification categories and their actions, titles localized, as JSON.",
        discussion: """
            One JSON array: [{"identifier", "actions": [{"identifier", "title", "options"}], "kinds"}]. \
            The identifiers are the apps' own (GOAL_ACHIEVEMENT/VIEW_STEPS_ACTION, WORKOUT_COMPLETION/\
            VIEW_WORKOUT_ACTION, TIMER_REMINDER, …); register them with the platform at launch.
            """
    )

    @Option(help: "BCP 47 locale tag (en, es-MX, zh-Hans).") var locale: String
    @OptionGroup var catalogOptions: CatalogOptions

    func run() throws {
        let content = try catalogOptions.content()
        let categories: [NotificationCategorySpec]
        do {
            categories = try CategoryRegistry.categories(localeTag: locale, content: content)
        } catch {
            throw Failure.at(nil, error.message)
        }
        Output.out(String(decoding: try PlanJSON.encoder(pretty: true).encode(categories), as: UTF8.self))
    }
}
