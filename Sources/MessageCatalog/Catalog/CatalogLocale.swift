import Foundation

/// A `Locale` as the catalogs' BCP 47 tag (`es_MX` → `es-MX`, `zh_Hans_CN` → `zh-Hans-CN`): how
/// the typed (`Locale`) entry points reach the catalogs, which are keyed by tags.
package enum CatalogLocale {
    /// The tag of `locale`.
    /// - Parameter locale: any locale.
    /// - Returns: its BCP 47 tag, without ICU keywords (`@calendar=…`) before iOS 16.
    package static func tag(_ locale: Locale) -> String {
        if #available(macOS 13, iOS 16, watchOS 9, tvOS 16, *) {
            return locale.identifier(.bcp47)
        }
        // Before iOS 16 the identifier is ICU's (`es_MX@calendar=…`); its keywords are not part
        // of the catalogs' tags.
        let base = locale.identifier.split(separator: "@", maxSplits: 1).first.map(String.init) ?? locale.identifier
        return base.replacingOccurrences(of: "_", with: "-")
    }
}
