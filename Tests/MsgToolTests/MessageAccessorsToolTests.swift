import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The MessageAccessors plugin's tool as a build runs it: a mistake in the app's catalog is
/// printed at its file, line and column, in the form Xcode and `swift build` place at the line,
/// as `msgtool gen swift` prints it.
@Suite("message-accessors: errors at their place")
struct MessageAccessorsToolTests {
    /// The plugin's tool, built beside the test bundle (the doc snippets' target uses the plugin).
    static func tool() throws -> URL {
        try #require(ProcessRunner.built("message-accessors"), "message-accessors was not found next to the test bundle (\(CommandLine.arguments[0]))")
    }

    /// A fresh folder holding a copy of docs/examples/broken-strings: es.json's plural has no
    /// `other` case at line 6, column 19.
    static func brokenCatalog() throws -> URL {
        let dir = try TemporaryFolder.create("accessors")
        let source = Repository.url("docs/examples/broken-strings")
        for name in ["en.json", "es.json"] {
            try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: dir.appendingPathComponent(name))
        }
        return dir
    }

    @Test("A catalog mistake is printed as file:line:column: error: key: message, status 1, nothing written")
    func catalogMistakeAtItsPlace() throws {
        let dir = try Self.brokenCatalog()
        defer { try? FileManager.default.removeItem(at: dir) }
        let output = dir.appendingPathComponent("MessageAccessors.swift")
        let run = try MsgTool.run(["--catalog", dir.path, "--output", output.path], executable: try Self.tool())
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr == "\(dir.path)/es.json:6:19: error: streak.title.title: This plural has no 'other' case; ICU requires one: add other {…}.\n")
        #expect(!FileManager.default.fileExists(atPath: output.path))
        // msgtool gen swift says the same, in the same words.
        let gen = try MsgTool.run(["gen", "swift", "--catalog", dir.path, "--output", output.path])
        #expect(gen.status == 1)
        #expect(gen.stderr == run.stderr)
    }

    @Test("An output that is a FIFO is refused at its path, with one 'error:' (the tool's), status 1")
    func fifoOutputRefusedAtItsPath() throws {
        let dir = try TemporaryFolder.create("accessors")
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("Messages.swift").path
        try #require(mkfifo(fifo, 0o600) == 0, "mkfifo failed")
        let expected = "\(fifo): error: Cannot write the generated file: it is a FIFO (named pipe), not a regular file: give the path of a .swift file.\n"
        let run = try MsgTool.run(["--output", fifo], timeout: 60, executable: try Self.tool())
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr == expected)
        let gen = try MsgTool.run(["gen", "swift", "--output", fifo], timeout: 60)
        #expect(gen.status == 1, "\(gen)")
        #expect(gen.stderr == expected)
    }
}
