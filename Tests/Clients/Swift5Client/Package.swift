// swift-tools-version: 6.2
// A client of the toolkit in Swift 5 language mode, as an app written in Swift 5 adds it: the
// runtime products, the adapter's types and the MessageAccessors plugin's accessors for a
// strings folder of its own, at the package's floors. `bash scripts/check-swift5-client.sh`
// builds it (warnings as errors) beside a link named `notification-toolkit` to the checkout,
// the identity the README tells an app to use, and runs it.
import PackageDescription

let package = Package(
    name: "Swift5Client",
    platforms: [.iOS(.v14), .macOS(.v11), .watchOS(.v7), .tvOS(.v14)],
    dependencies: [
        // The Apple configuration (the Foundation backend), as an app gets it: no system ICU.
        .package(path: "../notification-toolkit", traits: [])
    ],
    targets: [
        .executableTarget(
            name: "Swift5Client",
            dependencies: [
                .product(name: "MessageCatalog", package: "notification-toolkit"),
                .product(name: "AffirmationSelector", package: "notification-toolkit"),
                .product(name: "NotificationPlanning", package: "notification-toolkit"),
                .product(name: "UserNotificationsAdapter", package: "notification-toolkit")
            ],
            resources: [.copy("strings")],
            plugins: [.plugin(name: "MessageAccessors", package: "notification-toolkit")]
        )
    ],
    swiftLanguageModes: [.v5]
)
