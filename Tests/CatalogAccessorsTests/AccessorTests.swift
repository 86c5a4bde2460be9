import Foundation
import Testing
import MessageCatalog
@testable import CatalogAccessors
import TestSupport

// Typed accessors as an app developer meets them: generated from a catalog, compiled, and
// rendering exactly what the key-and-dictionary API renders; misuse does not compile; names
// never collide silently.

let fixtureFolder = "Tests/Fixtures/accessors"
let generatedFile = Repository.url("Tests/CatalogAccessorsTests/Generated/FixtureMessages.swift")

func fixtureCatalog() throws -> LocalizedCatalog { try LocalizedCatalog(directory: Repository.url(fixtureFolder)) }

/// A catalog of one source file with the given messages (JSON members).
func sourceOnly(_ messages: String) throws -> LocalizedCatalog {
    try LocalizedCatalog(rawFiles: [("/fixtures/en.json", Array("{\"locale\": \"en\", \"messages\": {\(messages)}}".utf8))])
}

func message(_ key: String, arguments: String = "", parts: String = "\"title\": \"T\"") -> String {
    "\"\(key)\": {\"description\": \"d\", \"arguments\": {\(arguments)}, \"parts\": {\(parts)}}"
}

@Suite("Typed accessors")
struct AccessorTests {
    /// The committed Generated/FixtureMessages.swift is what the generator writes today.
    @Test func committedFileIsFresh() throws {
        let text = try SwiftAccessorGenerator(typeName: "FixtureMessages").generate(try fixtureCatalog(), origin: fixtureFolder)
        let committed = try String(contentsOf: generatedFile, encoding: .utf8)
        #expect(
            text == committed,
            "run: swift run msgtool gen swift --catalog \(fixtureFolder) --type-name FixtureMessages --output Tests/CatalogAccessorsTests/Generated/FixtureMessages.swift"
        )
    }

    /// Every accessor renders what `render(key:arguments:)` renders, in each locale and tone.
    @Test(arguments: ["en", "es", "es-MX"])
    func accessorsRenderLikeTheKeyAPI(locale: String) throws {
        let content = ContentGenerator(catalog: try fixtureCatalog())
        let at = Date(timeIntervalSince1970: 1_795_428_000)  // 2026-11-23T10:00:00Z
        let utc = try #require(TimeZone(identifier: "UTC"))
        let typed: [(any TypedMessage, [String: MessageValue])] = [
            (FixtureMessages.greeting(name: "Ana", days: 3), ["name": "Ana", "days": 3]),
            (FixtureMessages.Greeting.formal(name: "Ana"), ["name": "Ana"]),
            (FixtureMessages.Default.case, [:]),
            (FixtureMessages.Swift_.every3Days, [:]),
            (
                FixtureMessages.Workout.done(activity: .openWater, duration: 4_800, at: at, distance: 12.5),
                ["activity": "open_water", "duration": 4_800, "at": .date(at), "distance": 12.5]
            ),
            (
                FixtureMessages.Workout.done(activity: .run, duration: 90.5, at: at, distance: 1),
                ["activity": "run", "duration": 90.5, "at": .date(at), "distance": 1]
            )
        ]
        for (message, arguments) in typed {
            for tone in Tone.allCases {
                for variant in 0..<2 {
                    let viaAccessor = try content.render(message, locale: Locale(identifier: locale), tone: tone, variant: variant, timeZone: utc)
                    let viaKey = try content.render(
                        key: type(of: message).key, locale: locale, tone: tone, arguments: arguments, variant: variant, timeZone: "UTC")
                    #expect(viaAccessor == viaKey)
                }
            }
        }
        let done = try content.render(
            FixtureMessages.Workout.done(activity: .run, duration: 4_800, at: at, distance: 12.5),
            locale: Locale(identifier: locale), tone: .gentle, timeZone: utc)
        if #available(iOS 16, macOS 13, watchOS 9, tvOS 16, *) {
            // The `Duration` accessor and its seconds twin give the same arguments.
            #expect(
                FixtureMessages.Workout.done(activity: .run, duration: .seconds(4_800), at: at, distance: 12.5).arguments
                    == FixtureMessages.Workout.done(activity: .run, duration: 4_800, at: at, distance: 12.5).arguments)
            #expect(
                FixtureMessages.Workout.done(activity: .run, duration: .milliseconds(90_500), at: at, distance: 1).arguments
                    == FixtureMessages.Workout.done(activity: .run, duration: 90.5, at: at, distance: 1).arguments)
        }
        let expected = ["en": "Run done", "es": "Carrera completado", "es-MX": "Carrera completado"][locale]
        #expect(done[FixtureMessages.Workout.Done.Part.title] == expected)
        #expect(done[FixtureMessages.Workout.Done.Part.body]?.contains(locale == "en" ? "1 hr, 20 min" : "1\u{A0}h y 20\u{A0}min") == true)
        let greeting = try content.render(
            FixtureMessages.greeting(name: "Ana", days: 3), locale: Locale(identifier: locale), tone: .cheerful, variant: 1, timeZone: utc)
        #expect(greeting[FixtureMessages.Greeting.Part.title] == (locale == "en" ? "Hi Ana!" : "¡Hola, Ana!"))
    }

    /// The generated types carry the catalog's key, tones and parts.
    @Test func generatedTypesDescribeTheMessage() {
        #expect(FixtureMessages.Greeting.key == "greeting")
        #expect(FixtureMessages.Greeting.tones == [.cheerful, .gentle, .minimal])
        #expect(FixtureMessages.Greeting.Formal.tones == [])
        #expect(FixtureMessages.Greeting.Part.allCases.map(\.rawValue) == ["title", "body"])
        #expect(FixtureMessages.Swift_.Every3Days.Part.timePicker.rawValue == "time_picker")
        #expect(FixtureMessages.Workout.Done.Activity.allCases.map(\.rawValue) == ["run", "open_water", "default"])
    }

    /// The bundled catalogs' file is the same on every run, sorted by key, with stable names.
    @Test func bundledOutputIsDeterministicAndNamed() throws {
        let generator = SwiftAccessorGenerator()
        let a = try generator.generate(try LocalizedCatalog.bundled(), origin: "the bundled catalogs")
        let b = try generator.generate(try LocalizedCatalog.bundled(), origin: "the bundled catalogs")
        #expect(a == b)
        #expect(
            a.contains(
                "static func goal(steps: some MessageCatalog.MessageNumber, goal: some MessageCatalog.MessageNumber, bonus: some MessageCatalog.MessageNumber) -> Goal {"
            ))
        #expect(
            a.contains("enum Habit {") && a.contains("enum Reminder {")
                && a.contains("static func daily(habit: Swift.String, hoursLeft: some MessageCatalog.MessageNumber) -> Daily {"))
        #expect(
            a.contains(
                "@available(iOS 16, macOS 13, watchOS 9, tvOS 16, *)\n        static func workout(activity: Workout.Activity, duration: Swift.Duration, distanceKm: some MessageCatalog.MessageNumber) -> Workout {"
            ))
        #expect(
            a.contains(
                "static func workout(activity: Workout.Activity, duration: Foundation.TimeInterval, distanceKm: some MessageCatalog.MessageNumber) -> Workout {"
            ))
        let keys = a.split(separator: "\n").compactMap { line -> String? in
            guard let r = line.range(of: "static let key = \"") else { return nil }
            return String(line[r.upperBound...].dropLast())
        }
        #expect(keys.count == (try LocalizedCatalog.bundled()).source.messages.count)
    }

    /// Names that would meet in one Swift scope are an error naming both keys.
    @Test(arguments: [
        (message("a.quick_add") + "," + message("a.quick-add"), ["'a.quick-add'", "'a.quick_add'", "Messages.A.QuickAdd"]),
        (message("a.Foo") + "," + message("a.foo"), ["'a.Foo'", "'a.foo'"]),
        (message("a") + "," + message("a.key"), ["'a'", "'a.key'", "key"]),
        (
            message(
                "a", arguments: "\"mode\": {\"type\": \"string\", \"example\": \"x\", \"values\": [\"x\", \"y\"]}",
                parts: "\"title\": \"{mode, select, x {X} other {Y}}\"") + "," + message("a.mode"), ["'a'", "'a.mode'", "Mode"]
        ),
        (
            message(
                "b", arguments: "\"mode\": {\"type\": \"string\", \"example\": \"a_b\", \"values\": [\"a_b\", \"aB\"]}",
                parts: "\"title\": \"{mode, select, a_b {X} other {Y}}\""), ["'a_b'", "'aB'", "aB"]
        ),
        (message("c", parts: "\"time_picker\": \"T\", \"timePicker\": \"U\""), ["'time_picker'", "'timePicker'"])
    ])
    func collisionsAreErrorsNamingBothKeys(messages: String, mentions: [String]) throws {
        let catalog = try sourceOnly(messages)
        #expect {
            _ = try SwiftAccessorGenerator().generate(catalog, origin: "test")
        } throws: { error in
            guard let failure = error as? SwiftAccessorGenerator.Failure, failure.code == .accessorName else { return false }
            let text = failure.message
            return mentions.allSatisfy { text.contains($0) } && text.contains("rename")
        }
    }

    /// Keywords are escaped, names that would shadow modules get a trailing underscore.
    @Test func namingRule() {
        #expect(Names.memberName("quick_add") == "quickAdd")
        #expect(Names.typeName("quick-add") == "QuickAdd")
        #expect(Names.memberName("every_3_days") == "every3Days")
        #expect(Names.memberName("3d") == "_3d")
        #expect(Names.escapedMember(Names.memberName("default")) == "`default`")
        #expect(Names.typeName("swift") == "Swift_")
        #expect(Names.typeName("type") == "Type_")
        #expect(Names.memberName("recordedOn") == "recordedOn")
    }
}
