import Foundation
import MessageCatalog

// The typed (`Locale`, `TimeZone`) entry points an app calls. The preferences keep their
// string fields: they are the JSON's (`"locale": "es-MX"`, `"timeZone": "Europe/Madrid"`).

extension NotificationPreferences {
    /// Preferences with defaults for everything but the zone and the locale, from the values an
    /// app has (`TimeZone.current`, `Locale.current`): the locale is stored as its BCP 47 tag
    /// (`es_MX` → `es-MX`), the zone as its identifier.
    /// - Parameters:
    ///   - timeZone: the user's zone.
    ///   - locale: the locale of the texts; the catalogs fall back through CLDR parents.
    public init(timeZone: TimeZone, locale: Locale) {
        self.init(timeZone: timeZone.identifier)
        self.locale = CatalogLocale.tag(locale)
    }
}

extension CategoryRegistry {
    /// Every category the user's requests carry, with the action titles in the preferences'
    /// locale and the app's own categories of ``NotificationPreferences/kinds``: what an app
    /// registers with the platform centre.
    /// - Parameters:
    ///   - preferences: the user's preferences (their `locale` and `kinds`).
    ///   - content: the content generator.
    /// - Returns: the registry's categories in its order, then the app's, by first kind.
    /// - Throws: `Diagnostic` (`content`) when an action title cannot be rendered.
    public static func categories(for preferences: NotificationPreferences, content: any ContentRendering) throws(Diagnostic) -> [NotificationCategorySpec] {
        try categories(localeTag: preferences.locale, content: content, kinds: preferences.kinds)
    }

    /// Every category the requests of these options carry, with the action titles rendered for
    /// `locale` (see ``categories(for:content:)``).
    /// - Parameters:
    ///   - locale: the locale of the action titles; the catalogs fall back through CLDR parents.
    ///   - content: the content generator.
    ///   - options: the app's options per kind (none: the registry's categories alone).
    /// - Returns: the registry's categories in its order, then the app's, by first kind.
    /// - Throws: `Diagnostic` (`content`) when an action title cannot be rendered.
    public static func categories(
        locale: Locale, content: any ContentRendering, kinds options: [NotificationKind: KindOptions] = [:]
    ) throws(Diagnostic) -> [NotificationCategorySpec] {
        try categories(localeTag: CatalogLocale.tag(locale), content: content, kinds: options)
    }
}
