// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "NotificationToolkit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MessageCatalog", targets: ["MessageCatalog"]),
        .library(name: "AffirmationSelector", targets: ["AffirmationSelector"]),
        .library(name: "UserNotificationsAdapter", targets: ["UserNotificationsAdapter"]),
        .executable(name: "msgtool", targets: ["msgtool"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // The system ICU (Debian's libicu-dev, Homebrew's icu4c), found through pkg-config.
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev", "pkg-config"]), .brew(["icu4c", "pkg-config"])]
        ),
        // The only importer of CICU: one small owner type per ICU service. It imports
        // FoundationEssentials only, so that the system ICU headers never meet Foundation's own ICU.
        .target(name: "ICUKit", dependencies: ["CICU"]),
        // The bundled catalogs are compiled into the library (msgtool works from any folder and
        // as a copied binary). `Sources/MessageCatalog/Resources` links to the top-level
        // `Resources`, which translators edit.
        .target(
            name: "MessageCatalog",
            dependencies: ["ICUKit"],
            resources: [
                .embedInCode("Resources/strings/en.json"),
                .embedInCode("Resources/strings/es.json"),
                .embedInCode("Resources/strings/zh-Hans.json"),
            ]
        ),
        .target(name: "AffirmationSelector", dependencies: ["MessageCatalog"]),
        // Apple's UNUserNotificationCenter behind PendingNotificationCenter, kept out of
        // AffirmationSelector (which servers link). On Linux it compiles against the test-only
        // UserNotificationsStandIn (a module of another name, empty outside Linux), never on Apple
        // platforms, where the real UserNotifications framework is imported.
        .target(
            name: "UserNotificationsAdapter",
            dependencies: [
                "AffirmationSelector",
                .target(name: "UserNotificationsStandIn", condition: .when(platforms: [.linux])),
            ]
        ),
        .target(name: "UserNotificationsStandIn", path: "Tests/Support/UserNotificationsStandIn"),
        .executableTarget(
            name: "msgtool",
            dependencies: [
                "MessageCatalog", "AffirmationSelector",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "ICUKitTests", dependencies: ["ICUKit"]),
        .testTarget(name: "MessageCatalogTests", dependencies: ["MessageCatalog", "ICUKit"]),
        .testTarget(name: "AffirmationSelectorTests", dependencies: ["AffirmationSelector", "MessageCatalog"]),
        .testTarget(name: "MsgToolTests", dependencies: ["msgtool"]),
        .testTarget(
            name: "UserNotificationsAdapterTests",
            dependencies: [
                "UserNotificationsAdapter", "AffirmationSelector", "MessageCatalog",
                .target(name: "UserNotificationsStandIn", condition: .when(platforms: [.linux])),
            ]
        ),
    ]
)
