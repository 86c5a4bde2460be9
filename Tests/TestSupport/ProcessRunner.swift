import Foundation

/// What a process did: its exit status, what it wrote, and whether it was stopped for taking too long.
package struct ProcessRun: CustomStringConvertible {
    /// The exit status, or minus the signal that ended the process.
    package var status: Int32
    /// Standard output, as written.
    package var stdout: Data
    /// Standard error, as UTF-8 text.
    package var stderr: String
    /// Whether the process was terminated at its time limit.
    package var timedOut = false
    /// Standard output as UTF-8 text.
    package var out: String { String(decoding: stdout, as: UTF8.self) }
    package var description: String { "status \(status)\(timedOut ? " (timed out)" : "")\nstdout: \(out.prefix(2000))\nstderr: \(stderr.prefix(2000))" }
}

/// Errors of the runner itself (not of the process it runs).
package struct ProcessRunnerError: Error, CustomStringConvertible {
    package var description: String
}

/// Runs the package's built executables (msgtool, msgtool-bench, message-accessors) and the
/// machine's tools (python3, xz) as a user or a script runs them.
package enum ProcessRunner {
    /// A built executable of the package, found beside the test bundle in the build products
    /// folder (Linux: `…/debug/<Package>PackageTests.xctest`; macOS: inside
    /// `….xctest/Contents/MacOS`), or nil.
    package static func built(_ name: String) -> URL? {
        var dir = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            let candidate = dir.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            dir = dir.deletingLastPathComponent()
        }
        return nil
    }

    /// Runs `executable` with `arguments`, feeding it `stdin`, in `directory` (when nil, a new
    /// folder that holds the streams' files, removed afterwards); terminates it after `timeout`
    /// seconds.
    /// `environment` is added to the runner's own.
    package static func run(
        _ executable: URL, _ arguments: [String], stdin: Data = Data(), timeout: Double = 120, environment: [String: String] = [:],
        directory: URL? = nil
    ) throws -> ProcessRun {
        // Standard streams through files, not pipes: a process that writes megabytes never blocks.
        let tmp = try TemporaryFolder.create("process-run")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let inURL = tmp.appendingPathComponent("in"), outURL = tmp.appendingPathComponent("out"), errURL = tmp.appendingPathComponent("err")
        try stdin.write(to: inURL)
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let p = Process()
        p.executableURL = executable
        p.arguments = arguments
        p.currentDirectoryURL = directory ?? tmp
        if !environment.isEmpty { p.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        let inHandle = try FileHandle(forReadingFrom: inURL)
        let outHandle = try FileHandle(forWritingTo: outURL)
        let errHandle = try FileHandle(forWritingTo: errURL)
        defer { try? inHandle.close(); try? outHandle.close(); try? errHandle.close() }
        p.standardInput = inHandle
        p.standardOutput = outHandle
        p.standardError = errHandle
        try p.run()
        let deadline = Date().addingTimeInterval(timeout)
        var timedOut = false
        while p.isRunning {
            if Date() > deadline { p.terminate(); timedOut = true; p.waitUntilExit(); break }
            Thread.sleep(forTimeInterval: 0.01)
        }
        p.waitUntilExit()
        let status = p.terminationReason == .uncaughtSignal ? -p.terminationStatus : p.terminationStatus
        return ProcessRun(
            status: status, stdout: try Data(contentsOf: outURL),
            stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self), timedOut: timedOut)
    }

    /// The standard output of a tool of the machine, found on the PATH (`["xz", "-dc", file]`),
    /// in the package root; throws, naming the tool and `hint`, unless it exits 0.
    package static func tool(_ arguments: [String], hint: String = "") throws -> Data {
        let r = try run(URL(fileURLWithPath: "/usr/bin/env"), arguments, timeout: 600, directory: Repository.root)
        guard r.status == 0 else {
            throw ProcessRunnerError(
                description: "\(arguments.joined(separator: " ")) failed (status \(r.status))\(hint.isEmpty ? "" : ": \(hint)")\n\(r.stderr.prefix(2000))")
        }
        return r.stdout
    }
}
