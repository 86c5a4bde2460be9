import ArgumentParser
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// `msgtool bench …`: runs `msgtool-bench …`, the benchmarks' own executable, found next to
/// msgtool. The benchmark engines are not part of msgtool (the binary servers ship): this command
/// only hands its arguments over, so the recipes that say `msgtool bench` keep working wherever
/// both are built (`swift build -c release --product msgtool-bench`).
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run a benchmark of the repository's workload (Benchmarks/workload): msgtool-bench, built next to msgtool.",
        discussion: """
            The benchmarks are their own executable, msgtool-bench, which the shipped msgtool does not \
            hold. `msgtool bench ARGS` runs `msgtool-bench ARGS` from msgtool's own folder (the \
            folder `swift build` writes both to); build it with \
            `swift build -c release --product msgtool-bench`. `msgtool bench --help` shows its options.
            """
    )

    @Argument(parsing: .captureForPassthrough, help: "msgtool-bench's arguments (see msgtool bench --help).") var arguments: [String] = []

    /// The file name of the benchmarks' executable.
    static let executableName = "msgtool-bench"

    func run() throws { try Self.forward(arguments) }

    /// Replaces this process with `msgtool-bench arguments`: the same process, standard streams
    /// and exit status, as if msgtool-bench had been run. `MsgTool` calls it before parsing
    /// anything, so that `msgtool bench --help` is msgtool-bench's help.
    static func forward(_ arguments: [String]) throws -> Never {
        let bench = try locate()
        var cArguments = ([bench] + arguments).map { strdup($0) }
        cArguments.append(nil)
        execv(bench, cArguments)
        let reason = String(cString: strerror(errno))
        cArguments.forEach { free($0) }
        throw Failure.at(bench, "cannot run \(executableName) (\(reason))")
    }

    /// The path of msgtool-bench in the folder of the running msgtool (symbolic links resolved),
    /// or a failure that says how to build it.
    static func locate() throws -> String {
        let me = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let folder = me.resolvingSymlinksInPath().deletingLastPathComponent()
        let bench = folder.appendingPathComponent(executableName).path
        guard FileManager.default.isExecutableFile(atPath: bench) else {
            throw Failure.at(
                nil,
                "msgtool bench runs \(executableName), which is not next to msgtool (no executable \(bench)): the benchmarks are not part of msgtool; build them with `swift build -c release --product \(executableName)` and run `msgtool bench` from that build, or run \(executableName) itself"
            )
        }
        return bench
    }
}
