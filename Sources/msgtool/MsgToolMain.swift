import MsgToolCommands

/// msgtool's entry point. Its commands are the MsgToolCommands library; the benchmarks are
/// msgtool-bench, an executable of their own (`msgtool bench` runs it).
///
/// An `@main` type rather than top-level code: top-level code runs on the main actor, and the
/// call would move to the cooperative pool and leave the main thread waiting in the concurrency
/// runtime's loop (valgrind 3.19 crashes on such a process). A command that does not suspend
/// runs on the main thread, as it did when the root command was the entry point.
@main
enum MsgToolMain {
    static func main() async {
        await MsgTool.runFromCommandLine()
    }
}
