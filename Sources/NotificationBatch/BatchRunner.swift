import NotificationPlanning
import Foundation

/// Runs a transform over a stream of inputs on several workers and hands the outputs back in
/// input order, with a bounded window, so that memory stays the same however long the stream is.
///
/// This is the engine of ``BatchPlanner`` (and of `msgtool batch`, which also decodes and encodes
/// in the workers). It uses structured concurrency: one child task of a task group per input, at
/// most `jobs` of them running at once, and at most `window` inputs taken from the stream that have
/// not been consumed yet (running, or finished and waiting for an earlier one). The stream is
/// pulled only when there is room, so a producer that is faster than the workers is held back
/// instead of filling memory.
///
/// ```swift
/// var lines = ["3", "1", "2"].makeIterator()     // e.g. a file's lines, read as they are needed
/// try await BatchRunner.run(jobs: 4, window: 64, inputs: { lines.next() },
///                           transform: { line in Int(line).map { $0 * $0 } ?? 0 }) { output in
///     print(output)    // 9, 1, 4: in input order, one at a time
/// }
/// ```
public enum BatchRunner {
    /// The number of workers when none is given: the active processor count.
    public static var defaultJobs: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// The window when none is given: 16 inputs per worker (at least 32), enough to keep every
    /// worker busy behind a slow input without holding much.
    /// - Parameter jobs: the number of workers.
    /// - Returns: the number of inputs that may be taken but not yet consumed.
    public static func defaultWindow(jobs: Int) -> Int { max(32, 16 * max(1, jobs)) }

    /// Transforms every input on up to `jobs` child tasks and consumes the outputs in input order.
    /// - Parameters:
    ///   - jobs: at most this many transforms run at once (at least 1).
    ///   - window: at most this many inputs are taken from `inputs` and not yet consumed (at least
    ///     `jobs`).
    ///   - next: the `inputs` closure, pulled one at a time, only when there is room in the window; nil ends the stream.
    ///   - transform: the work, run on the workers; it must not throw: make errors part of `Output`.
    ///   - consume: receives each output in input order, on the caller's task, one at a time;
    ///     an error it throws cancels the run and is rethrown.
    /// - Throws: what `inputs` or `consume` throw.
    public static func run<Input: Sendable, Output: Sendable>(
        jobs: Int, window: Int,
        inputs next: () async throws -> Input?,
        transform: @escaping @Sendable (Input) -> Output,
        consume: (Output) async throws -> Void
    ) async throws {
        try await run(
            jobs: jobs, window: window, poll: { _ in try await next().map(BatchPull.input) ?? .end },
            transform: transform, consume: consume)
    }

    /// ``run(jobs:window:inputs:transform:consume:)`` for an input that can say it has nothing
    /// ready yet (a pipe whose producer is slower than the workers): finished outputs are then
    /// consumed first, instead of waiting for the input while they sit in the window.
    /// - Parameters:
    ///   - jobs: at most this many transforms run at once (at least 1).
    ///   - window: at most this many inputs taken and not yet consumed (at least `jobs`).
    ///   - next: the `poll` closure: gives the next input, ``BatchPull/end``, or, only when its argument (may wait) is
    ///     false, ``BatchPull/notReady``; it is called with true when nothing is running.
    ///   - transform: the work, run on the workers.
    ///   - consume: receives each output in input order, one at a time.
    /// - Throws: what `poll` or `consume` throw.
    public static func run<Input: Sendable, Output: Sendable>(
        jobs: Int, window: Int,
        poll next: (_ mayWait: Bool) async throws -> BatchPull<Input>,
        transform: @escaping @Sendable (Input) -> Output,
        consume: (Output) async throws -> Void
    ) async throws {
        let jobs = max(1, jobs)
        let window = max(jobs, window)
        try await withThrowingTaskGroup(of: (Int, Output).self) { group in
            var taken = 0  // inputs taken from the stream so far (the next input's index)
            var consumed = 0  // outputs consumed so far (the next output to consume)
            var running = 0
            var finished: [Int: Output] = [:]
            var exhausted = false
            while true {
                pulling: while !exhausted, running < jobs, taken - consumed < window {
                    switch try await next(running == 0) {
                    case .input(let input):
                        let index = taken
                        taken += 1
                        running += 1
                        group.addTask { (index, transform(input)) }
                    case .end:
                        exhausted = true
                    case .notReady:
                        break pulling
                    }
                }
                // Every index below `taken` is running, finished or consumed; the lowest one not
                // consumed is never finished here, so nothing waits when nothing runs.
                if running == 0 {
                    if exhausted { break }
                    continue  // only a source that answers notReady when asked to wait gets here
                }
                guard let (index, output) = try await group.next() else { break }
                running -= 1
                finished[index] = output
                while let ready = finished.removeValue(forKey: consumed) {
                    consumed += 1
                    try await consume(ready)
                }
            }
        }
    }

    /// ``run(jobs:window:inputs:transform:consume:)`` over a sequence.
    /// - Parameters:
    ///   - jobs: at most this many transforms run at once.
    ///   - window: at most this many inputs taken and not yet consumed.
    ///   - inputs: any sequence, iterated lazily (it may be endless).
    ///   - transform: the work, run on the workers.
    ///   - consume: receives each output in input order.
    /// - Throws: what `consume` throws.
    public static func run<Inputs: Sequence, Output: Sendable>(
        jobs: Int, window: Int, _ inputs: Inputs,
        transform: @escaping @Sendable (Inputs.Element) -> Output,
        consume: (Output) async throws -> Void
    ) async throws where Inputs.Element: Sendable {
        var iterator = inputs.makeIterator()
        try await run(jobs: jobs, window: window, inputs: { iterator.next() }, transform: transform, consume: consume)
    }
}

/// What an input source gives when asked for the next input.
public enum BatchPull<Input> {
    /// The next input.
    case input(Input)
    /// Nothing is ready yet and the caller said it should not wait.
    case notReady
    /// The input is over.
    case end
}

extension BatchPull: Sendable where Input: Sendable {}
