import Foundation
import MessageCatalog
import NotificationPlanning
import Testing

/// The option sets an app passes, and the names the JSON keeps for them.
@Suite("Notification option sets")
struct NotificationOptionsTests {
    @Test("A permission request's options: typed in Swift, the same names in the plan's JSON")
    func authorizationOptions() throws {
        #expect(AuthorizationRequest().options == ["alert", "sound", "badge"])
        #expect(AuthorizationRequest(options: [.provisional, .alert]).options == ["alert", "provisional"])
        #expect(AuthorizationRequest(options: AuthorizationOptions()).options == [])
        let json = try JSONEncoder().encode(AuthorizationRequest(options: [.badge, .alert]))
        #expect(String(decoding: json, as: UTF8.self) == #"{"options":["alert","badge"]}"#)
        let decoded = try JSONDecoder().decode(AuthorizationRequest.self, from: Data(#"{"options":["sound","provisional","carPlay"]}"#.utf8))
        #expect(decoded.authorizationOptions == [.sound, .provisional])
        #expect(decoded.options == ["sound", "provisional", "carPlay"], "the JSON's names are kept as they came")
    }

    @Test("An action's options: typed in Swift, the same names in the categories' JSON")
    func actionOptions() throws {
        let action = NotificationActionSpec(identifier: "DELETE", title: "Delete", options: [.destructive, .authenticationRequired])
        #expect(action.options == ["destructive", "authenticationRequired"])
        #expect(action.actionOptions == [.destructive, .authenticationRequired])
        #expect(NotificationActionSpec(identifier: "OK", title: "OK").options == [])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try encoder.encode(NotificationActionSpec(identifier: "OPEN", title: "Open", options: .foreground))
        #expect(String(decoding: json, as: UTF8.self) == #"{"identifier":"OPEN","options":["foreground"],"title":"Open"}"#)
    }

    @Test("The registry's actions that open the app carry the foreground option")
    func registryActions() throws {
        let categories = try CategoryRegistry.categories(locale: Locale(identifier: "en"), content: ContentGenerator.bundled())
        let actions = categories.flatMap(\.actions)
        #expect(actions.contains { $0.actionOptions == .foreground && $0.options == ["foreground"] })
        #expect(actions.allSatisfy { $0.actionOptions.isEmpty == $0.options.isEmpty })
    }
}

/// The typed locale and zone an app passes, and the strings the JSON keeps for them.
@Suite("Typed locales and zones")
struct TypedLocaleTests {
    @Test("Preferences from a TimeZone and a Locale hold the zone's identifier and the locale's BCP 47 tag")
    func preferences() throws {
        let zone = try #require(TimeZone(identifier: "America/Mexico_City"))
        let prefs = NotificationPreferences(timeZone: zone, locale: Locale(identifier: "es_MX"))
        #expect(prefs.timeZone == "America/Mexico_City")
        #expect(prefs.locale == "es-MX")
        #expect(NotificationPreferences(timeZone: zone, locale: Locale(identifier: "zh_Hans_CN")).locale == "zh-Hans-CN")
        var byString = NotificationPreferences(timeZone: "America/Mexico_City")
        byString.locale = "es-MX"
        #expect(prefs == byString)
    }

    @Test("The categories of the preferences are those of their locale and kinds")
    func categoriesOfPreferences() throws {
        let content = try ContentGenerator.bundled()
        var prefs = NotificationPreferences(timeZone: "Europe/Madrid")
        prefs.locale = "es"
        let ofPreferences = try CategoryRegistry.categories(for: prefs, content: content)
        #expect(ofPreferences == (try CategoryRegistry.categories(locale: Locale(identifier: "es"), content: content)))
        #expect(ofPreferences == (try CategoryRegistry.categories(localeTag: "es", content: content)))
        #expect(ofPreferences != (try CategoryRegistry.categories(locale: Locale(identifier: "en"), content: content)), "the titles are Spanish")
    }
}
