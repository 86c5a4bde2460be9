import Foundation
import Testing
import MessageCatalog
@testable import CatalogAccessors
import TestSupport

// The bundled catalogs' accessors compiled by swiftc in Swift 6 mode with warnings as errors,
// against the MessageCatalog module this test run built, together with a use of them; then
// calls with a wrong type, a missing, misspelt or extra argument, a wrong key and a value
// outside a closed select, each of which must be a compile error on its own line.

/// The build's module folder and the C module maps MessageCatalog's module needs (ICUKit's
/// shim in the ICU configuration), found next to the test bundle.
struct BuiltModules {
    let arguments: [String]

    static let found: BuiltModules? = {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<4 {
            let modules = dir.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("MessageCatalog.swiftmodule").path) {
                var args = ["-I", modules.path]
                let shim = dir.appendingPathComponent("CICUShim.build/module.modulemap")
                if FileManager.default.fileExists(atPath: shim.path) { args += ["-Xcc", "-fmodule-map-file=\(shim.path)"] }
                return BuiltModules(arguments: args)
            }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }()
}

/// Runs `swiftc -typecheck` on the files; returns its exit status and diagnostics.
func typecheck(_ files: [URL]) throws -> (status: Int32, output: String) {
    let modules = try #require(BuiltModules.found, "the build's Modules folder was not found next to \(CommandLine.arguments[0])")
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    p.arguments = ["swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors"] + modules.arguments + files.map(\.path)
    let out = TemporaryFolder.uniqueURL("typecheck", suffix: ".txt")
    _ = FileManager.default.createFile(atPath: out.path, contents: nil)
    let handle = try FileHandle(forWritingTo: out)
    p.standardOutput = handle
    p.standardError = handle
    try p.run()
    p.waitUntilExit()
    try handle.close()
    defer { try? FileManager.default.removeItem(at: out) }
    return (p.terminationStatus, try String(contentsOf: out, encoding: .utf8))
}

@Suite("Generated accessors compile, misuse does not", .serialized, .enabled(if: BuiltModules.found != nil))
struct CompileTests {
    static func folder() throws -> URL {
        let dir = try TemporaryFolder.create("accessors")
        _ = try SwiftAccessorGenerator().generateFile(catalog: nil, base: nil, output: dir.appendingPathComponent("Messages.swift").path)
        return dir
    }

    @Test func bundledAccessorsCompileWithAUse() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let use = dir.appendingPathComponent("use.swift")
        try """
        import Foundation
        import MessageCatalog

        func use(_ content: ContentGenerator) throws -> [String?] {
            let goal = try content.render(Messages.Steps.goal(steps: 10_432, goal: 10_000, bonus: 432), locale: Locale(identifier: "es_MX"), tone: .cheerful, timeZone: TimeZone(identifier: "UTC")!)
            let workout = try content.render(Messages.Steps.workout(activity: .run, duration: .seconds(4_800), distanceKm: 12.5), locale: Locale(identifier: "en"), tone: .gentle, variant: 7, timeZone: .current)
            let preview = try content.render(Messages.Retrieval.preview(achievement: "Ran 10K", recordedOn: Date()), locale: Locale(identifier: "zh-Hans"), tone: .minimal, variant: 1, timeZone: TimeZone(identifier: "Asia/Shanghai")!)
            let action = try content.render(Messages.Action.quickAdd, locale: Locale(identifier: "en"), tone: .gentle, timeZone: .current)
            let feminine = try content.render(Messages.Steps.goal(steps: 10_432, goal: 10_000, bonus: 432), locale: Locale(identifier: "es_MX"), tone: .cheerful, variant: 1, timeZone: .current, termOfAddress: .feminine)
            return [goal[Messages.Steps.Goal.Part.title], feminine.title, workout.body, preview[Messages.Retrieval.Preview.Part.body], action[Messages.Action.QuickAdd.Part.title]]
        }
        """.write(to: use, atomically: true, encoding: .utf8)
        let result = try typecheck([dir.appendingPathComponent("Messages.swift"), use])
        #expect(result.status == 0, "\(result.output)")
        #expect(result.output.isEmpty, "warnings: \(result.output)")
    }

    @Test func misuseDoesNotCompile() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        // Line numbers below are the file's: each misuse is on its own line.
        let misuses = [
            ("_ = Messages.Steps.goal(steps: \"10432\", goal: 10_000, bonus: 432)", "requires that 'String' conform to 'MessageNumber'"),
            ("_ = Messages.Steps.goal(steps: 10_432, goal: 10_000)", "missing argument for parameter 'bonus'"),
            ("_ = Messages.Steps.goal(steps: 10_432, gaol: 10_000, bonus: 432)", "incorrect argument label"),
            ("_ = Messages.Steps.goal(steps: 1, goal: 2, bonus: 3, extra: 4)", "extra argument 'extra'"),
            ("_ = Messages.Steps.goals(steps: 10_432, goal: 10_000, bonus: 432)", "has no member 'goals'"),
            ("_ = Messages.Steps.workout(activity: .swimming, duration: .seconds(60), distanceKm: 1)", "has no member 'swimming'"),
            ("_ = Messages.Retrieval.preview(achievement: \"Ran\", recordedOn: 12)", "'Int' to expected argument type 'Date'"),
            ("_ = Messages.Habit.Reminder.daily(habit: 3, hoursLeft: 2)", "'Int' to expected argument type 'String'")
        ]
        let source = "import Foundation\nimport MessageCatalog\n\nfunc misuse() {\n" + misuses.map { "    " + $0.0 }.joined(separator: "\n") + "\n}\n"
        let file = dir.appendingPathComponent("misuse.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        let result = try typecheck([dir.appendingPathComponent("Messages.swift"), file])
        #expect(result.status != 0)
        for (i, misuse) in misuses.enumerated() {
            let errors = result.output.split(separator: "\n").filter { $0.contains("misuse.swift:\(i + 5):") && $0.contains("error:") }
            #expect(errors.contains { $0.contains(misuse.1) }, "line \(i + 5) `\(misuse.0)` should fail with “\(misuse.1)”; swiftc said:\n\(result.output)")
        }
    }
}
