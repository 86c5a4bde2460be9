import Foundation
import Testing
@testable import ToolkitSupport
import TestSupport

/// The one atomic writer: replaces files whole, keeps their mode, writes through symbolic
/// links, and cleans up after a killed run.
@Suite("AtomicFile")
struct AtomicFileTests {
    let dir: URL

    init() throws {
        dir = try TemporaryFolder.create("atomic")
    }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func replacesTheContents() throws {
        let url = dir.appendingPathComponent("a.json")
        try AtomicFile.write(Data("old".utf8), to: url)
        try AtomicFile.write(Data("new".utf8), to: url)
        #expect(try String(contentsOf: url, encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.json"])
    }

    @Test func keepsTheModeOfAnExistingFile() throws {
        let url = dir.appendingPathComponent("state.json")
        try Data("{}".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: url.path)
        try AtomicFile.write(Data("{\"a\":1}".utf8), to: url)
        #expect(try mode(url.path) == 0o600)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: url.path)
        try AtomicFile.write(Data("{\"a\":2}".utf8), to: url)
        #expect(try mode(url.path) == 0o640)
    }

    @Test func aNewFileGetsTheModeAsked() throws {
        let url = dir.appendingPathComponent("new-state.json")
        try AtomicFile.write(Data("{}".utf8), to: url, newFileMode: 0o600)
        #expect(try mode(url.path) == 0o600)
    }

    @Test func writesThroughASymbolicLink() throws {
        let realDir = dir.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: realDir, withIntermediateDirectories: true)
        let target = realDir.appendingPathComponent("state.json")
        try Data("old".utf8).write(to: target)
        let link = dir.appendingPathComponent("link.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real/state.json")
        try AtomicFile.write(Data("new".utf8), to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real/state.json")
        #expect(try String(contentsOf: target, encoding: .utf8) == "new")
        // No temporary file was left in either folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: realDir.path) == ["state.json"])
    }

    @Test func removesTheLeftoversOfAKilledRun() throws {
        let url = dir.appendingPathComponent("es.json")
        // A process id that cannot exist (above Linux's pid_max of 2^22).
        let stale = dir.appendingPathComponent(".es.json.tmp-99999999-DEAD")
        try Data("half".utf8).write(to: stale)
        let unrelated = dir.appendingPathComponent(".other.json.tmp-99999999-DEAD")
        try Data("x".utf8).write(to: unrelated)
        try AtomicFile.write(Data("whole".utf8), to: url)
        #expect(!FileManager.default.fileExists(atPath: stale.path))
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
    }

    @Test func aFailedWriteLeavesTheFileAsItWas() throws {
        let url = dir.appendingPathComponent("missing-folder/x.json")
        #expect(throws: AtomicFile.WriteError.self) { try AtomicFile.write(Data("x".utf8), to: url) }
    }

    /// A folder that is not there, or a file where a folder should be: the error names the file
    /// asked for (never the temporary file) and says what to do.
    @Test(arguments: [
        (
            "missing-folder/x.json",
            "open failed (No such file or directory): the folder DIR/missing-folder does not exist; create it, or give a path in a folder that exists"
        ),
        ("a-file/x.json", "open failed (Not a directory): a part of DIR/a-file is a file, not a folder; give a path in a folder")
    ])
    func aPathThatCannotBeWrittenSaysWhyAndHowToFixIt(_ relative: String, _ expected: String) throws {
        try Data("x".utf8).write(to: dir.appendingPathComponent("a-file"))
        let url = dir.appendingPathComponent(relative)
        do {
            try AtomicFile.write(Data("x".utf8), to: url)
            Issue.record("the write of \(url.path) succeeded")
        } catch {
            #expect(error.description == "cannot write \(url.path): " + expected.replacingOccurrences(of: "DIR", with: dir.path))
        }
    }

    /// A temporary path named before the write (as a signal handler needs it) is the file
    /// written, and is gone once the write is done.
    @Test func aTemporaryPathNamedBeforehandIsTheFileWritten() throws {
        let url = dir.appendingPathComponent("es.xliff")
        let temporary = AtomicFile.temporaryPath(for: url)
        #expect(temporary.hasPrefix(dir.path + "/.es.xliff.tmp-\(getpid())-"))
        #expect(!FileManager.default.fileExists(atPath: temporary))
        try AtomicFile.write(to: url, temporary: temporary, failure: { $0 }) { (file) throws(AtomicFile.WriteError) in
            #expect(file.path == temporary)
            try file.write(Array("whole".utf8))
            #expect((try? String(contentsOfFile: temporary, encoding: .utf8)) == "whole")
        }
        #expect(!FileManager.default.fileExists(atPath: temporary))
        #expect(try String(contentsOf: url, encoding: .utf8) == "whole")
    }

    struct Stopped: Error, Equatable {}

    @Test func aFileWrittenInPiecesReplacesTheTargetWhenComplete() throws {
        let url = dir.appendingPathComponent("export.po")
        try Data("old".utf8).write(to: url)
        try AtomicFile.write(to: url, failure: { $0 }) { (file) throws(AtomicFile.WriteError) in
            for piece in ["one ", "two ", "three"] {
                try file.write(Array(piece.utf8))
                // Until the write completes, the target is the old file.
                #expect((try? String(contentsOf: url, encoding: .utf8)) == "old")
            }
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == "one two three")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["export.po"])
    }

    @Test func aFileAbandonedMidwayLeavesTheTargetAndNoTemporaryFile() throws {
        let url = dir.appendingPathComponent("export.po")
        try Data("old".utf8).write(to: url)
        #expect(throws: Stopped()) {
            try AtomicFile.write(to: url, failure: { $0 as any Error }) { (file) throws(any Error) in
                try file.write(Array(String(repeating: "x", count: 100_000).utf8))
                throw Stopped()
            }
        }
        #expect(try String(contentsOf: url, encoding: .utf8) == "old")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["export.po"])
    }
}
