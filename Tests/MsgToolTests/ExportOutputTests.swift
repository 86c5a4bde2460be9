import Foundation
import Testing
import TestSupport

/// `msgtool export` writes its file as it is made: the same bytes to standard output as to
/// `--out`, and an export that fails leaves no partial file and an existing one as it was.
@Suite("msgtool export: output")
final class ExportOutputTests {
    let dir: URL

    init() throws {
        dir = try TemporaryFolder.create("export-out")
    }

    deinit { try? FileManager.default.removeItem(at: dir) }

    /// The files in the test's folder, hidden ones (a temporary file) included.
    func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() }

    static let exports: [[String]] = [
        ["--format", "xliff", "--locale", "es"],
        ["--format", "xliff", "--xliff-version", "1.2", "--locale", "zh-Hans"],
        ["--format", "po", "--locale", "es", "--po-plural-forms", "nplurals=2; plural=(n != 1);"],
        ["--format", "arb", "--locale", "fr"],
        ["--format", "xcstrings", "--xcstrings-version", "1.1", "--locale", "es", "--locale", "es-419", "--locale", "zh-Hans"]
    ]

    @Test(arguments: exports)
    func standardOutputHoldsTheBytesOfTheFile(_ options: [String]) throws {
        let out = dir.appendingPathComponent("export").path
        let toFile = try MsgTool.run(["export"] + options + ["--out", out])
        #expect(toFile.status == 0, "\(toFile)")
        #expect(toFile.out.hasPrefix("Wrote \(out): "), "\(toFile)")
        let toStdout = try MsgTool.run(["export"] + options)
        #expect(toStdout.status == 0, "\(toStdout)")
        let file = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(file.count > 100_000)
        #expect(toStdout.stdout == file)
        // The same notes either way.
        #expect(toStdout.stderr == toFile.stderr)
        #expect(try listing() == ["export"])
    }

    @Test func aFolderThatDoesNotExistIsAnErrorAndWritesNothing() throws {
        let out = dir.appendingPathComponent("gone/es.xliff").path
        let run = try MsgTool.run(["export", "--format", "xliff", "--locale", "es", "--out", out])
        #expect(run.status == 1, "\(run)")
        // It names the file asked for (not a temporary one) and says how to fix it.
        #expect(
            run.stderr
                == "\(out): error: cannot write \(out): open failed (No such file or directory): the folder \(dir.path)/gone does not exist; create it, or give a path in a folder that exists\n",
            "\(run)")
        #expect(run.stdout.isEmpty)
        #expect(try listing().isEmpty)
    }

    @Test func aLocaleErrorLeavesTheExistingFileAsItWas() throws {
        let out = dir.appendingPathComponent("es.po")
        try Data("the translator's own file\n".utf8).write(to: out)
        let run = try MsgTool.run(["export", "--format", "po", "--locale", "es!!", "--out", out.path])
        #expect(run.status == 1, "\(run)")
        #expect(run.stderr.contains("not a well-formed locale tag"), "\(run)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "the translator's own file\n")
        #expect(try listing() == ["es.po"])
    }

    /// A disk that fills up midway (a file size limit: `write` fails with EFBIG after 32 KiB,
    /// the second chunk): the error names the file, the existing file is untouched and the
    /// temporary file is gone.
    @Test(arguments: ["xliff", "po", "arb", "xcstrings"])
    func aWriteThatFailsMidwayLeavesTheExistingFileAsItWas(_ format: String) throws {
        let exe = try #require(MsgTool.binary)
        let out = dir.appendingPathComponent("es.\(format)")
        try Data("the translator's own file\n".utf8).write(to: out)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        // SIGXFSZ ignored, so that the write fails instead of killing the process; 64 blocks of 512 bytes.
        p.arguments = [
            "-c", "trap '' XFSZ; ulimit -f 64; exec \"$0\" \"$@\"", exe.path,
            "export", "--format", format, "--locale", "es", "--out", out.path
        ]
        let err = Pipe(), stdout = Pipe()
        p.standardError = err
        p.standardOutput = stdout
        try p.run()
        let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let printed = stdout.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        #expect(p.terminationReason == .exit, "killed by signal \(p.terminationStatus)")
        #expect(p.terminationStatus == 1, "\(message)")
        #expect(message.hasPrefix("\(out.path): error: cannot write "), "\(message)")
        #expect(message.contains("cannot write \(out.path): write failed (File too large): the file is larger than this process may write"), "\(message)")
        #expect(printed.isEmpty)
        #expect(try String(contentsOf: out, encoding: .utf8) == "the translator's own file\n")
        #expect(try listing() == ["es.\(format)"])
    }

    /// An export stopped midway (`SIGTERM`, as Ctrl-C's `SIGINT`): the process ends by the
    /// signal, its temporary file is removed, and the existing file is untouched.
    @Test func anInterruptedExportLeavesNoPartialFile() throws {
        let catalog = dir.appendingPathComponent("catalog")
        try MsgTool.generateCatalog(messages: 5000, into: catalog)
        let out = dir.appendingPathComponent("es.xliff")
        try Data("the translator's own file\n".utf8).write(to: out)
        let p = try MsgTool.startInterruptible(["export", "--catalog", catalog.path, "--format", "xliff", "--locale", "es", "--out", out.path])
        // Stop it once it writes (its temporary file appears beside the target).
        let deadline = Date().addingTimeInterval(300)
        var writing = false
        while p.isRunning && Date() < deadline {
            if try listing().contains(where: { $0.hasPrefix(".es.xliff.tmp-") }) { writing = true; break }
            Thread.sleep(forTimeInterval: 0.002)
        }
        if p.isRunning { p.terminate() }
        p.waitUntilExit()
        try #require(writing, "the export ended before it was seen writing")
        #expect(p.terminationReason == .uncaughtSignal && p.terminationStatus == SIGTERM, "status \(p.terminationStatus)")
        #expect(try String(contentsOf: out, encoding: .utf8) == "the translator's own file\n")
        #expect(try listing() == ["catalog", "es.xliff"])
    }
}
