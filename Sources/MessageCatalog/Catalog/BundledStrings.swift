import ToolkitSupport
/// The catalogs embedded at build time from `Resources/strings` (see Package.swift).
package enum BundledStrings {
    package static var files: [(path: String, bytes: [UInt8])] {
        [
            ("Resources/strings/en.json", PackageResources.en_json),
            ("Resources/strings/en-GB.json", PackageResources.en_GB_json),
            ("Resources/strings/es.json", PackageResources.es_json),
            ("Resources/strings/es-419.json", PackageResources.es_419_json),
            ("Resources/strings/fr.json", PackageResources.fr_json),
            ("Resources/strings/zh-Hans.json", PackageResources.zh_Hans_json)
        ]
    }
}
