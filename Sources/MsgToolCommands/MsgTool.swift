import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif
import MessageCatalog
import MessageCatalogTools
import ToolkitSupport

/// msgtool: previews, formatting, linting, import/export, scheduling and benchmarks for the
/// notification catalogs. Exit status: 0 success, 1 a finding or bad input, 2 bad usage.
///
/// The root command; the `msgtool` executable only calls ``runFromCommandLine()``. It lives in this library so
/// that `msgtool-bench` runs the very code the commands run (`msgtool batch`'s line stream).
package struct MsgTool: AsyncParsableCommand {
    package static let configuration = CommandConfiguration(
        commandName: "msgtool",
        abstract: "Localized, tone-aware notification content: format, preview, lint, schedule, benchmark.",
        version: "0.1.0",
        subcommands: [
            Preview.self, Format.self, Plural.self, Bench.self, Schedule.self, Categories.self, Batch.self, Fmt.self, Lint.self, Stats.self, Export.self,
            Import.self, Pseudo.self, Gen.self
        ]
    )

    package init() {}

    /// Our own entry point: usage errors exit 2 (not the parser's 64), findings and bad input 1.
    /// Asynchronous commands (`batch`) run on the cooperative pool; the others as they are.
    /// (Not named `main`, which swift-argument-parser's own entry points also use.) On the main
    /// actor, as the entry point is: a command that does not suspend runs on the main thread.
    @MainActor
    package static func runFromCommandLine() async {
        do {
            let arguments = CommandLine.arguments.dropFirst()
            if arguments.first == Bench._commandName { try Bench.forward(Array(arguments.dropFirst())) }
            var command = try parseAsRoot()
            if var asynchronous = command as? any AsyncParsableCommand {
                try await asynchronous.run()
            } else {
                try command.run()
            }
        } catch {
            exit(reporting: error)
        }
    }
}

extension ParsableCommand {
    /// Reports `error` as msgtool does and ends the process: a ``Failure`` as worded with its
    /// status, a `Diagnostic` rendered (status 1), an `ExitCode` as is (its findings are printed),
    /// the parser's help and version on standard output (status 0), its usage errors on standard
    /// error with status 2, anything else with status 1.
    package static func exit(reporting error: any Error) -> Never {
        switch error {
        case let failure as Failure:
            Output.error(failure.message)
            Foundation.exit(failure.status)
        case let diagnostic as Diagnostic:
            Output.stderrLine(diagnostic.rendered())
            Foundation.exit(1)
        case let code as ExitCode:
            // Findings were already printed; only the status is left to give.
            Foundation.exit(code.rawValue)
        default:
            let code = exitCode(for: error)
            if code == .success {
                Output.out(fullMessage(for: error))
                Foundation.exit(0)
            }
            Output.error(fullMessage(for: error))
            Foundation.exit(code == .validationFailure ? 2 : (code.rawValue == 64 ? 2 : 1))
        }
    }
}

/// A failure already worded for the user: printed as is, with its exit status.
package struct Failure: Error {
    package var message: String
    package var status: Int32 = 1

    /// `file:line:column: error: message`, or `error: message` without a file.
    package static func at(_ file: String?, line: Int? = nil, column: Int? = nil, _ message: String) -> Failure {
        guard let file else { return Failure(message: "error: \(message)") }
        if let line, let column { return Failure(message: "\(file):\(line):\(column): error: \(message)") }
        return Failure(message: "\(file): error: \(message)")
    }
}

extension Failure {
    /// The words for any error in a message of msgtool's: a diagnostic's message, followed for
    /// a pattern's syntax problem by its place in the pattern; other errors as they describe
    /// themselves.
    package static func words(_ error: any Error) -> String {
        guard let d = error as? Diagnostic else { return "\(error)" }
        if d.code == .syntax, let line = d.location.line, let column = d.location.column {
            return "\(d.message) (pattern line \(line), column \(column))"
        }
        return d.message
    }
}

/// Standard output and standard error, written whole.
package enum Output {
    /// Writes `s` and a newline to standard output.
    package static func out(_ s: String) {
        stdout(Array((s + "\n").utf8))
    }

    /// Writes bytes to standard output, all of them (retrying short writes and EINTR). A closed
    /// pipe (`msgtool preview | head`) ends the process quietly with status 0, as command-line
    /// tools do; any other failure (a full disk, `> /dev/full`) is reported as
    /// "cannot write the output: …" with status 1. Never a trap.
    package static func stdout(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = InterruptRetry.call { SystemWrite.write(1, raw.baseAddress! + offset, raw.count - offset) }
                if n >= 0 { offset += n; continue }
                let code = errno
                if code == EAGAIN { continue }
                if code == EPIPE { Foundation.exit(0) }
                error("error: cannot write the output: \(String(cString: strerror(code)).lowercased())")
                Foundation.exit(1)
            }
        }
    }
    /// Writes `s` to standard error as `error: …` (unless it is worded so already).
    package static func error(_ s: String) {
        // ArgumentParser words its messages "Error: …"; the contract is "error: …".
        let s = s.hasPrefix("Error: ") ? "error: " + s.dropFirst(7) : s
        let text = s.hasPrefix("error:") || s.contains(": error:") || s.hasPrefix("Usage:") ? s : "error: \(s)"
        stderrLine(text)
    }

    /// Writes a line to standard error as is. A standard error that cannot be written has
    /// nowhere to report to: the failure is ignored.
    package static func stderrLine(_ line: String) {
        let bytes = Array((line + "\n").utf8)
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let n = InterruptRetry.call { SystemWrite.write(2, raw.baseAddress! + offset, raw.count - offset) }
                if n > 0 { offset += n } else { break }
            }
        }
    }
}

/// Buffered standard output for commands that print many lines.
package final class StdoutBuffer {
    private var buffer: [UInt8] = []
    package init() { buffer.reserveCapacity(1 << 16) }
    func write(_ s: String) {
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }
    package func line(_ s: String) { write(s); buffer.append(0x0A) }
    func write(bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flush() }
    }
    func flush() {
        guard !buffer.isEmpty else { return }
        Output.stdout(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
    deinit { flush() }
}
