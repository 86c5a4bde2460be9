// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "NotificationToolkit",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MessageCatalog", targets: ["MessageCatalog"]),
        .library(name: "AffirmationSelector", targets: ["AffirmationSelector"]),
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
        // A C API over the ICU functions ICUKit uses, with an ICU-free public header: only its
        // `.c` includes ICU headers, so they never meet Foundation's own ICU in a Swift module.
        .target(name: "CICUShim", dependencies: ["CICU"]),
        // The only importer of CICUShim: one small owner type per ICU service.
        .target(name: "ICUKit", dependencies: ["CICUShim"]),
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
    ]
)
