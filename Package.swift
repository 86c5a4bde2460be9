// swift-tools-version: 6.2
import PackageDescription

// Two formatting backends behind one internal protocol (Sources/MessageCatalog/Backend):
// - the system ICU (trait `SystemICU`, on by default, Linux only): CICU → CICUShim → ICUKit;
// - Foundation's public API with CLDR plural rules and patterns generated into Swift (`CLDRData`): on
//   Apple platforms always, and on Linux with `--disable-default-traits` ("the Apple
//   configuration": the build an iOS app gets, without CICU).
// CICU is a dependency only on Linux: a target condition, not `#if` in this manifest, which is
// evaluated on the host and would be wrong when building for iOS from a Mac.
let systemICU: TargetDependencyCondition? = .when(platforms: [.linux], traits: ["SystemICU"])

let package = Package(
    name: "NotificationToolkit",
    // The lowest versions an app of the habit-tracker kind targets (iOS 14, macOS 11, watchOS 7,
    // tvOS 14). The Foundation backend uses the format styles (`Decimal.FormatStyle`,
    // `Duration.UnitsFormatStyle`, `Locale.Language`: iOS 16, macOS 13, watchOS 9, tvOS 16) under
    // `if #available`, and Foundation's older formatters with generated CLDR 42 data below them
    // (Sources/MessageCatalog/Backend/FoundationOlderFormatters.swift; docs/foundation-backend.md,
    // "Three paths"). `Mutex` (iOS 18) is not used: ToolkitSupport's lock.
    platforms: [.iOS(.v14), .macOS(.v11), .watchOS(.v7), .tvOS(.v14)],
    products: [
        // The runtime: what an app or a server links.
        .library(name: "MessageCatalog", targets: ["MessageCatalog"]),
        // The deterministic selector: the affirmation of a date, the variant of a notification.
        .library(name: "AffirmationSelector", targets: ["AffirmationSelector"]),
        .library(name: "NotificationPlanning", targets: ["NotificationPlanning"]),
        // Planning many users at once on a server (JSON Lines in and out, shards, jobs): what
        // `msgtool batch` runs. Apps do not link it.
        .library(name: "NotificationBatch", targets: ["NotificationBatch"]),
        // Apple's UNUserNotificationCenter behind PendingNotificationCenter (iOS, macOS).
        .library(name: "UserNotificationsAdapter", targets: ["UserNotificationsAdapter"]),
        // The translators' tools (lint, exchange formats, preview, stats, pseudo-locales).
        .library(name: "MessageCatalogTools", targets: ["MessageCatalogTools"]),
        .executable(name: "msgtool", targets: ["msgtool"]),
        // The benchmarks of Benchmarks/workload (`msgtool bench` runs it from msgtool's folder):
        // `swift build -c release --product msgtool-bench`. Not part of msgtool, which servers ship.
        .executable(name: "msgtool-bench", targets: ["msgtool-bench"]),
        // Typed Swift accessors for a catalog's messages, generated at build time
        // (docs/typed-accessors.md): add `.plugin(name: "MessageAccessors", package: …)` to a target.
        .plugin(name: "MessageAccessors", targets: ["MessageAccessors"])
    ],
    traits: [
        .trait(
            name: "SystemICU",
            description:
                "Format with the system ICU through CICU (Linux). Without it, Foundation formats and CLDR plural rules are generated Swift, as on iOS and macOS."
        ),
        .default(enabledTraits: ["SystemICU"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // `swift package generate-documentation` (DocC catalogs in Sources/*/*.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")
    ],
    targets: [
        // The system ICU (Debian's libicu-dev), found through pkg-config. Linux only: on Apple
        // platforms the package formats with Foundation, so a Mac needs no ICU of its own.
        .systemLibrary(
            name: "CICU",
            pkgConfig: "icu-i18n",
            providers: [.apt(["libicu-dev", "pkg-config"])]
        ),
        // The C shim over ICU: its public header includes no ICU header, so Swift modules that
        // import it (ICUKit) may also import Foundation, which carries its own ICU (docs/architecture.md).
        // It compiles to nothing unless the system ICU is in use (Linux with the trait on): a Mac or
        // an iOS build compiles every target of the package, and Apple's SDKs ship only part of
        // `unicode/` (no `ucurr.h`, no `unumberformatter.h`).
        .target(
            name: "CICUShim",
            dependencies: [.target(name: "CICU", condition: systemICU)],
            cSettings: [.define("CICUSHIM_SYSTEM_ICU", .when(platforms: [.linux], traits: ["SystemICU"]))]
        ),
        // The only importer of CICUShim: one small owner type per ICU service.
        .target(name: "ICUKit", dependencies: ["CICUShim", "CLDRData", "ToolkitSupport"]),
        // What every module shares: one FNV-1a, one atomic file writer, one bounded file reader, one lock.
        .target(name: "ToolkitSupport"),
        // The package's one JSON engine: the tree reader and the strict decoder over it, the byte
        // cursor of bulk inputs, the stream writer with the layouts the outputs need.
        .target(name: "ToolkitJSON", dependencies: ["ToolkitSupport"]),
        // CLDR 42 data generated into Swift from ICU 72's own data (scripts/cldr): plural rules
        // (cardinal and ordinal, every locale), parent locales and likely subtags, unit, number
        // and list patterns (scripts/gen-plural-rules.py, gen-locale-data.py, gen-unit-patterns.py,
        // gen-number-patterns.py). Named for all it holds (it was `CLDRPlurals`).
        .target(name: "CLDRData"),
        // The bundled catalogs are compiled into the library (msgtool works from any folder and
        // as a copied binary). `Sources/MessageCatalog/Resources` links to the top-level
        // `Resources`, which translators edit.
        .target(
            name: "MessageCatalog",
            dependencies: [
                "ToolkitSupport", "ToolkitJSON", "CLDRData",
                .target(name: "ICUKit", condition: systemICU)
            ],
            resources: [
                .embedInCode("Resources/strings/en.json"),
                .embedInCode("Resources/strings/en-GB.json"),
                .embedInCode("Resources/strings/es.json"),
                .embedInCode("Resources/strings/fr.json"),
                .embedInCode("Resources/strings/es-419.json"),
                .embedInCode("Resources/strings/zh-Hans.json")
            ]
        ),
        // The deterministic selector (the affirmation of a local date, the variant of a
        // notification, the stable hashing and generator behind them): an app's own screens and
        // the planner ask it, so a widget and a notification show the same text for a date.
        .target(name: "AffirmationSelector", dependencies: ["MessageCatalog", "ToolkitSupport"]),
        .target(name: "NotificationPlanning", dependencies: ["AffirmationSelector", "MessageCatalog", "ToolkitSupport", "ToolkitJSON"]),
        // The server's batches: many users a run, bounded memory, input order kept.
        .target(name: "NotificationBatch", dependencies: ["NotificationPlanning", "AffirmationSelector", "MessageCatalog", "ToolkitSupport", "ToolkitJSON"]),
        // Apple's UNUserNotificationCenter behind PendingNotificationCenter, kept out of
        // NotificationPlanning (which servers link). On Linux it compiles against the test-only
        // UserNotificationsStandIn (a module of another name, empty outside Linux), never on Apple
        // platforms, where the real UserNotifications framework is imported.
        .target(
            name: "UserNotificationsAdapter",
            dependencies: [
                "NotificationPlanning", "AffirmationSelector",
                .target(name: "UserNotificationsStandIn", condition: .when(platforms: [.linux]))
            ]
        ),
        .target(name: "UserNotificationsStandIn", path: "Tests/Support/UserNotificationsStandIn"),
        // What the test targets share: the package root and its fixtures, scratch folders, and a
        // runner of the built executables (msgtool, msgtool-bench) and the machine's tools. Only
        // test targets depend on it; no product holds it.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        // ICU's own MessageFormat (`umsg_*`), the oracle of the conformance tests: test support only.
        .target(name: "ICUReference", dependencies: ["CICUShim", "ICUKit"], path: "Tests/Support/ICUReference"),
        .target(name: "MessageCatalogTools", dependencies: ["MessageCatalog", "ToolkitSupport", "ToolkitJSON"]),
        // The generator of typed accessors, behind `msgtool gen swift` and the plugin's tool.
        .target(name: "CatalogAccessors", dependencies: ["MessageCatalog", "ToolkitSupport"]),
        .executableTarget(name: "message-accessors", dependencies: ["CatalogAccessors", "MessageCatalog"]),
        .plugin(name: "MessageAccessors", capability: .buildTool(), dependencies: ["message-accessors"]),
        // msgtool's commands (Commands/ one file a command, Support/, Output/) and its root command:
        // a library, so that msgtool-bench times the very code `msgtool batch` runs. Not a product.
        .target(
            name: "MsgToolCommands",
            dependencies: [
                "MessageCatalog", "AffirmationSelector", "NotificationPlanning", "NotificationBatch", "MessageCatalogTools", "ToolkitSupport",
                "ToolkitJSON", "CatalogAccessors",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        // The shipped tool: its entry point only.
        .executableTarget(name: "msgtool", dependencies: ["MsgToolCommands"]),
        // The benchmark engines (the render workload, msgtool batch's path, the formatter batch).
        .executableTarget(
            name: "msgtool-bench",
            dependencies: [
                "MsgToolCommands", "MessageCatalog", "NotificationPlanning", "NotificationBatch", "ToolkitSupport", "ToolkitJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        // libFuzzer targets (scripts/fuzz.sh); built normally, a replayer of inputs.
        .executableTarget(name: "msgtool-fuzz", dependencies: ["MessageCatalog", "MessageCatalogTools", "ToolkitSupport", "CatalogAccessors"], path: "Fuzz"),
        // The notification features of three open-source apps re-expressed on the package
        // (examples/AppPorts/README.md): built and tested on Linux like the rest.
        .target(name: "AppPorts", dependencies: ["NotificationPlanning", "AffirmationSelector"], path: "examples/AppPorts", exclude: ["README.md", "iOS"]),
        .testTarget(name: "AppPortsTests", dependencies: ["AppPorts", "NotificationPlanning", "AffirmationSelector", "MessageCatalog"]),
        .testTarget(name: "CLDRDataTests", dependencies: ["TestSupport", "CLDRData", .target(name: "ICUKit", condition: systemICU)]),
        .testTarget(name: "ICUKitTests", dependencies: ["CLDRData", .target(name: "ICUKit", condition: systemICU)]),
        .testTarget(
            name: "MessageCatalogTests",
            dependencies: [
                "TestSupport", "MessageCatalog", "MessageCatalogTools", "ToolkitSupport", "ToolkitJSON", "CLDRData",
                .target(name: "ICUKit", condition: systemICU),
                .target(name: "ICUReference", condition: systemICU)
            ]),
        .testTarget(name: "MessageCatalogToolsTests", dependencies: ["TestSupport", "MessageCatalogTools", "MessageCatalog", "ToolkitSupport", "ToolkitJSON"]),
        .testTarget(name: "AffirmationSelectorTests", dependencies: ["AffirmationSelector", "NotificationPlanning", "MessageCatalog"]),
        .testTarget(
            name: "NotificationPlanningTests",
            dependencies: ["TestSupport", "NotificationPlanning", "NotificationBatch", "AffirmationSelector", "MessageCatalog", "ToolkitSupport", "ToolkitJSON"]
        ),
        .testTarget(name: "MsgToolTests", dependencies: ["TestSupport", "msgtool", "msgtool-bench", "ToolkitSupport"]),
        .testTarget(name: "ToolkitSupportTests", dependencies: ["TestSupport", "ToolkitSupport"]),
        .testTarget(name: "ToolkitJSONTests", dependencies: ["ToolkitJSON", "ToolkitSupport"]),
        // Every ```swift block of README.md, docs/ and the DocC catalogs, generated into tests by
        // scripts/doc-snippets.py (CI checks the file is fresh): a snippet that stops compiling
        // or throws fails the build.
        // It builds as an app does: the MessageAccessors plugin generates `Messages` from its
        // `strings` folder (docs/examples/app-strings, the app catalog of docs/app-catalog.md)
        // layered over the bundled catalogs, and the folder is a resource (`Bundle.module`).
        .testTarget(
            name: "DocSnippetsTests",
            dependencies: [
                "TestSupport", "MessageCatalog", "AffirmationSelector", "NotificationPlanning", "NotificationBatch", "UserNotificationsAdapter",
                "MessageCatalogTools",
                .target(name: "UserNotificationsStandIn", condition: .when(platforms: [.linux]))
            ],
            resources: [.copy("strings")],
            plugins: ["MessageAccessors"]
        ),
        // Generated accessors (Generated/, checked fresh by a test) compiled and rendered; the
        // bundled catalogs' accessors compiled with swiftc, and misuse that must not compile.
        .testTarget(name: "CatalogAccessorsTests", dependencies: ["TestSupport", "CatalogAccessors", "MessageCatalog"]),
        .testTarget(
            name: "UserNotificationsAdapterTests",
            dependencies: [
                "TestSupport", "UserNotificationsAdapter", "NotificationPlanning", "AffirmationSelector", "MessageCatalog",
                .target(name: "UserNotificationsStandIn", condition: .when(platforms: [.linux]))
            ]
        )
    ]
)
